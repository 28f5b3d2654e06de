// The notifications of a machine's state changes (spec 2 §4): into running, a success with 'Go to Virtual
// Machine'; from launching into failed or stopped, 'Could not start the VM.'.
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { TOAST_AUTO_CLOSE_MS } from '../../domain/constants.ts';
import { VM_MESSAGES, vmStateNotice, type RemoteVm, type VmState } from '../../domain/vm.ts';
import { showError } from '../ui/toast.ts';

export function useVmNotices(simulationId: string | undefined, machine: RemoteVm | null | undefined): void {
  const navigate = useNavigate();
  const previous = useRef<{ id: string | null; state: VmState | null } | null>(null);
  useEffect(() => {
    if (machine === undefined) return;
    const current = { id: machine?.id ?? null, state: machine?.state ?? null };
    const before = previous.current;
    previous.current = current;
    // Only changes of the same machine seen by this page; a newly launched one starts at launching.
    if (!before || !simulationId || (before.id !== current.id && before.id !== null)) return;
    const notice = vmStateNotice(before.id === null ? null : before.state, current.state);
    if (notice === 'running') {
      const id = `vm-running-${simulationId}`;
      notifications.show({
        id,
        title: VM_MESSAGES.running,
        color: 'teal',
        autoClose: TOAST_AUTO_CLOSE_MS,
        'data-testid': 'toast-success',
        message: (
          <Button
            size="compact-xs"
            variant="light"
            mt={4}
            data-testid="vm-go-to"
            onClick={() => {
              notifications.hide(id);
              void navigate(`/machines/${simulationId}`);
            }}
          >
            {VM_MESSAGES.goToVm}
          </Button>
        ),
      });
    } else if (notice === 'failed') {
      showError(VM_MESSAGES.couldNotStart, machine?.message ?? undefined);
    }
  }, [machine, navigate, simulationId]);
}
