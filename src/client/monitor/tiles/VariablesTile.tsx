// Variables tile: the setup values the run uses (time control, resolution, physics switches), read from
// the setup document that the run locked.
import { Alert, Table, Text } from '@mantine/core';
import { outputCount, type SimulationSettings } from '../../../domain/settings.ts';
import type { SetupDocument } from '../../../domain/setup.ts';
import { errorMessage } from '../../api/ApiClient.ts';
import { formatNumber } from '../logValues.ts';
import { useSetupDocument } from '../useSetupDocument.ts';
import type { TileProps } from './tileProps.ts';

const SCHEME_LABEL: Record<SimulationSettings['integrationScheme'], string> = {
  dual_timestep_rk_4: 'Dual time step RK4',
  runge_kutta_4: 'Runge-Kutta 4',
};

const onOff = (on: boolean) => (on ? 'On' : 'Off');

export function setupVariables(setup: SetupDocument): { label: string; value: string }[] {
  const s = setup.settings;
  const fluids = setup.parts.filter((p) => p.component.type === 'filling' || p.component.type === 'flow').length;
  return [
    { label: 'End time', value: `${formatNumber(s.endTime)} s` },
    { label: 'Output interval', value: `${formatNumber(s.outputTimeInterval)} s` },
    { label: 'Outputs', value: outputCount(s).toLocaleString('en-US') },
    { label: 'Particle diameter', value: `${formatNumber(s.particleDiameter)} m` },
    { label: 'Gravity', value: `(${s.gravity.map((g) => formatNumber(g, 3)).join(', ')}) m/s²` },
    { label: 'Integration', value: SCHEME_LABEL[s.integrationScheme] },
    { label: 'Shifting', value: s.shifting },
    { label: 'Dynamic time step', value: onOff(s.dynamicTimeStep) },
    { label: 'Density limiter', value: s.densityLimiter ? `${formatNumber(s.densityThreshold * 100, 3)} %` : 'Off' },
    { label: 'Deletion boundary', value: onOff(s.calcDomainActive) },
    { label: 'Multiphase', value: onOff(s.multiphase) },
    { label: 'Surface tension', value: s.surfaceTension ? `${formatNumber(s.sigma)} N/m` : 'Off' },
    { label: 'Thermodynamics', value: onOff(s.thermodynamics) },
    { label: 'Parts', value: `${setup.parts.length} (${fluids} fluid)` },
    { label: 'Materials', value: String(setup.materials.length) },
  ];
}

export function VariablesTile({ simulation }: TileProps) {
  const { data: setup, error } = useSetupDocument(simulation.id, simulation.activeRunId);
  if (error && !setup) {
    return (
      <Alert color="red" variant="light" p={6} title="The setup could not be read">
        <Text size="xs">{errorMessage(error)}</Text>
      </Alert>
    );
  }
  if (!setup) return <Text size="xs" c="dimmed">Reading the setup…</Text>;
  return (
    <Table withRowBorders={false} verticalSpacing={2} horizontalSpacing={4} fz="xs" data-testid="variables-tile">
      <Table.Tbody>
        {setupVariables(setup).map((v) => (
          <Table.Tr key={v.label} data-testid={`variable-${v.label.toLowerCase().replaceAll(' ', '-')}`}>
            <Table.Td c="dimmed">{v.label}</Table.Td>
            <Table.Td ta="right" fw={500}>
              {v.value}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
