// Compute Sensors, or Stop computation while the job is scheduled or running (spec 1 §4), with the state
// of the latest computation, its progress, the outputs it could not compute ('Computation failed for
// outputs: …') and the spec's cancel dialog.
import { Alert, Badge, Button, Group, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { displayedJobState, isJobActive } from '../../domain/jobs.ts';
import { errorMessage } from '../api/ApiClient.ts';
import { CancelJobDialog } from '../run/CancelJobDialog.tsx';
import type { SensorComputation } from './useSensorComputation.ts';

const STATE_COLOR = { scheduled: 'gray', running: 'blue', completed: 'teal', failed: 'red', canceled: 'orange', unknown: 'gray' } as const;

interface Props {
  computation: SensorComputation;
  /** Why Compute Sensors cannot start now (no sensors, no outputs); null when it can. */
  unavailable: string | null;
}

export function SensorComputationControl({ computation, unavailable }: Props) {
  const { latest, blocked, label } = computation;
  const [confirming, setConfirming] = useState(false);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const state = latest ? displayedJobState(latest.state) : null;

  const onClick = async () => {
    setError(null);
    if (blocked) {
      setConfirming(true);
      return;
    }
    setStarting(true);
    try {
      await computation.start();
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setStarting(false);
    }
  };

  const button = (
    <Button
      size="xs"
      variant={blocked ? 'light' : 'filled'}
      color={blocked ? 'red' : 'blue'}
      loading={starting}
      disabled={!blocked && unavailable !== null}
      onClick={() => void onClick()}
      data-testid="sensor-compute"
    >
      {label}
    </Button>
  );

  return (
    <Stack gap={6} data-testid="sensor-computation" data-state={state ?? 'none'}>
      <Group gap="xs" wrap="nowrap">
        {!blocked && unavailable ? (
          <Tooltip label={unavailable} multiline w={240} withArrow>
            <span>{button}</span>
          </Tooltip>
        ) : (
          button
        )}
        {latest && state && (
          <Badge size="sm" variant="light" color={STATE_COLOR[state]} data-testid="sensor-computation-state">
            {state}
          </Badge>
        )}
      </Group>
      {latest && isJobActive(latest.state) && (
        <Progress value={latest.progress ?? 100} striped={latest.progress === null} animated size="sm" data-testid="sensor-computation-progress" />
      )}
      {latest?.errors.map((e, i) => (
        <Text key={`e${i}`} size="xs" c="red" data-testid="sensor-computation-error">
          {e.message}
        </Text>
      ))}
      {latest?.warnings.map((w, i) => (
        <Text key={`w${i}`} size="xs" c="yellow.8" data-testid="sensor-computation-warning">
          {w.message}
        </Text>
      ))}
      {error && (
        <Alert color="red" variant="light" p="xs" data-testid="sensor-computation-refused">
          {error}
        </Alert>
      )}
      {latest && (
        <CancelJobDialog opened={confirming} jobState={latest.state} onCancelJob={computation.cancel} onClose={() => setConfirming(false)} />
      )}
    </Stack>
  );
}
