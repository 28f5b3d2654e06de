// Cancel and Add of the Add Sensor and Add Volume Clip forms.
import { Button } from '@mantine/core';

export function AddMeasureFooter({ disabled, onCancel, onAdd }: { disabled: boolean; onCancel: () => void; onAdd: () => void }) {
  return (
    <>
      <Button size="xs" variant="default" onClick={onCancel} data-testid="add-cancel">
        Cancel
      </Button>
      <Button size="xs" onClick={onAdd} disabled={disabled} data-testid="add-submit">
        Add
      </Button>
    </>
  );
}
