// Delete in two clicks (spec 2 §4): the first click arms the button ('Confirm'), the second deletes,
// and leaving the button disarms it.
import { Button } from '@mantine/core';
import { useState } from 'react';

interface Props {
  onDelete: () => Promise<void>;
  testId: string;
}

export function ArmedDeleteButton({ onDelete, testId }: Props) {
  const [armed, setArmed] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size="compact-xs"
      color="red"
      variant={armed ? 'filled' : 'subtle'}
      loading={busy}
      onBlur={() => setArmed(false)}
      onClick={() => {
        if (!armed) {
          setArmed(true);
          return;
        }
        setBusy(true);
        void onDelete().finally(() => {
          setBusy(false);
          setArmed(false);
        });
      }}
      data-testid={testId}
      data-armed={armed}
    >
      {armed ? 'Confirm' : 'Delete'}
    </Button>
  );
}
