// The simulation's VM button in the menu bar (spec 1 §2): Launch VM, Launching VM..., Open VM or Stopping
// VM... by its machine's state, disabled with the spec's tooltip when there is nothing to analyse or no
// VM hours are left; the hours left show as h and m. State changes notify (useVmNotices).
import { Button, Tooltip } from '@mantine/core';
import { useNavigate } from 'react-router';
import { formatVmHours, simulationHasResults, vmButton, vmLaunchBlock } from '../../domain/vm.ts';
import { useSimulation } from '../simulation/useSimulation.ts';
import { Icon } from '../ui/Icon.tsx';
import { useLaunchVm } from './useLaunchVm.ts';
import { useSimulationVm, useVmHours } from './useSimulationVm.ts';
import { useVmNotices } from './useVmNotices.tsx';

export function VmMenuButton({ simulationId }: { simulationId: string }) {
  const navigate = useNavigate();
  const simulation = useSimulation(simulationId);
  const vm = useSimulationVm(simulationId);
  const hours = useVmHours();
  const { launch, launching } = useLaunchVm();
  useVmNotices(simulationId, vm.data);

  const state = vm.data?.state ?? null;
  const button = vmButton(launching ? 'launching' : state);
  const hoursLeft = hours.data?.hoursLeft ?? 0;
  const block =
    button.action === 'launch'
      ? vmLaunchBlock({ hasResults: simulation.data ? simulationHasResults(simulation.data) : false, hoursLeft })
      : null;
  const ready = simulation.data !== undefined && hours.data !== undefined;
  const disabled = !ready || button.action === null || block !== null;
  const tooltip = block ?? (hours.data ? `VM hours left: ${formatVmHours(hoursLeft)}` : 'Virtual Machine');

  const onClick = () => {
    if (button.action === 'open') void navigate(`/machines/${simulationId}`);
    else if (button.action === 'launch') void launch(simulationId);
  };

  return (
    <Tooltip label={tooltip} withArrow>
      <span data-testid="vm-button-wrapper">
        <Button
          size="compact-sm"
          variant={button.action === 'open' ? 'filled' : 'light'}
          leftSection={<Icon name="server" size={14} />}
          disabled={disabled}
          loading={launching}
          onClick={onClick}
          data-testid="vm-button"
          data-state={state ?? 'none'}
        >
          {button.label}
        </Button>
      </span>
    </Tooltip>
  );
}
