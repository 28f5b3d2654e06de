// Budget tile: credits and simulation hours the simulation consumed, and the stop conditions of its run
// with how close the run is to each (or which one stopped it).
import { Group, Progress, Stack, Text, Tooltip } from '@mantine/core';
import type { ConditionValueType, SimulationCondition } from '../../../domain/condition.ts';
import { formatCredits, formatHours } from '../../ui/format.ts';
import { latestValue, type LogSeries } from '../logSeries.ts';
import { formatDuration, formatNumber } from '../logValues.ts';
import { useSetupDocument } from '../useSetupDocument.ts';
import { TileFact } from './TileFact.tsx';
import type { TileProps } from './tileProps.ts';

const CONDITION_LABEL: Record<ConditionValueType, string> = {
  time: 'Simulated time',
  runtime: 'Runtime',
  credits: 'Credits',
  particle_nbr: 'Particles',
};

function formatThreshold(type: ConditionValueType, value: number): string {
  switch (type) {
    case 'time':
      return `${formatNumber(value)} s`;
    case 'runtime':
      return formatDuration(value);
    case 'credits':
      return formatCredits(value);
    case 'particle_nbr':
      return Math.round(value).toLocaleString('en-US');
  }
}

function currentValue(type: ConditionValueType, log: LogSeries, credits: number): number | null {
  switch (type) {
    case 'time':
      return latestValue(log, 'time');
    case 'runtime':
      return latestValue(log, 'runtime');
    case 'credits':
      return credits;
    case 'particle_nbr':
      return latestValue(log, 'particles');
  }
}

export function BudgetTile({ simulation, log }: TileProps) {
  const { data: setup } = useSetupDocument(simulation.id, simulation.activeRunId);
  const stops: SimulationCondition[] = setup?.conditions.filter((c) => c.action === 'stop') ?? [];
  const last = simulation.lastStopCondition;
  return (
    <Stack gap={8} data-testid="budget-tile">
      <Group gap="xl" wrap="nowrap">
        <TileFact label="Credits consumed" testId="budget-credits">
          <Text fw={700} size="lg" span>
            {formatCredits(simulation.creditsConsumed)}
          </Text>
        </TileFact>
        <TileFact label="Simulation hours">{formatHours(simulation.simulationHoursConsumed)}</TileFact>
      </Group>
      {last && (
        <Text size="xs" c="orange.8" data-testid="budget-stopped-by">
          Stopped by the condition {CONDITION_LABEL[last.valueType].toLowerCase()} ≥ {formatThreshold(last.valueType, last.threshold)}
        </Text>
      )}
      {stops.length === 0 ? (
        <Text size="xs" c="dimmed" data-testid="budget-no-conditions">
          No stop conditions: the run ends at the end time.
        </Text>
      ) : (
        <Stack gap={4} data-testid="budget-conditions">
          {stops.map((c) => {
            const value = currentValue(c.valueType, log.series, simulation.creditsConsumed);
            const share = value !== null && c.threshold > 0 ? Math.min(100, (value / c.threshold) * 100) : 0;
            return (
              <Tooltip key={c.id} label={value === null ? 'No value logged yet' : `${formatThreshold(c.valueType, value)} of ${formatThreshold(c.valueType, c.threshold)}`}>
                <div>
                  <Group justify="space-between" gap={4} wrap="nowrap">
                    <Text size="xs">
                      Stop at {CONDITION_LABEL[c.valueType].toLowerCase()} {c.operator === 'gte' ? '≥' : '≤'} {formatThreshold(c.valueType, c.threshold)}
                    </Text>
                    {c.triggered && (
                      <Text size="xs" c="orange.8" fw={600}>
                        reached
                      </Text>
                    )}
                  </Group>
                  <Progress value={share} size={4} color={c.triggered ? 'orange' : 'blue'} />
                </div>
              </Tooltip>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
