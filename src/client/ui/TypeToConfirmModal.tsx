// Confirms a deletion by typing the exact name of what is deleted (spec 2 §5).
import { useState, type ReactNode } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { errorMessage } from '../api/ApiClient.ts';

interface TypeToConfirmModalProps {
  opened: boolean;
  title: string;
  name: string;
  /** What happens, in a sentence or two. */
  children: ReactNode;
  confirmLabel: string;
  /** Shown when the typed text does not match: the spec's 'Enter the name to confirm'. */
  mismatchMessage: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
  testId: string;
}

export function TypeToConfirmModal({ opened, title, name, children, confirmLabel, mismatchMessage, onConfirm, onClose, testId }: TypeToConfirmModalProps) {
  const [typed, setTyped] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    if (busy) return;
    setTyped('');
    setMismatch(false);
    setFailure(null);
    onClose();
  };

  const confirm = async () => {
    if (typed !== name) {
      setMismatch(true);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await onConfirm();
      setTyped('');
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={title} data-testid={testId} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void confirm();
        }}
        noValidate
      >
        <Stack gap="md">
          <Text size="sm" component="div">
            {children}
          </Text>
          <TextInput
            label={
              <>
                Type <b>{name}</b> to confirm
              </>
            }
            value={typed}
            autoFocus
            autoComplete="off"
            onChange={(event) => {
              setTyped(event.currentTarget.value);
              setMismatch(false);
            }}
            error={mismatch ? mismatchMessage : undefined}
            data-testid={`${testId}-input`}
          />
          {failure && (
            <Alert color="red" variant="light" data-testid={`${testId}-error`}>
              {failure}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={busy} data-testid={`${testId}-confirm`}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
