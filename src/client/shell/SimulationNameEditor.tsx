// The simulation name in the breadcrumbs; a click turns it into an input that renames the simulation
// (spec 2 §5): an empty name is refused, an unchanged one ignored, a failure reported in a toast.
import { useState } from 'react';
import { TextInput, UnstyledButton, Tooltip, Text } from '@mantine/core';
import { useSWRConfig } from 'swr';
import { MESSAGES } from '../../domain/messages.ts';
import { NAME_INPUT_MAX_LENGTH } from '../../domain/constants.ts';
import { simulationNameSchema, type Simulation } from '../../domain/simulation.ts';
import { errorMessage } from '../api/ApiClient.ts';
import { updateSimulation } from '../api/simulationsApi.ts';
import { useApi } from '../app/services.ts';
import { simulationKey } from '../simulation/useSimulation.ts';
import { showError } from '../ui/toast.ts';

export function SimulationNameEditor({ simulation }: { simulation: Simulation }) {
  const api = useApi();
  const { mutate } = useSWRConfig();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(simulation.name);
  const [saving, setSaving] = useState(false);

  const finish = async () => {
    if (saving) return;
    const trimmed = draft.trim();
    if (trimmed === simulation.name) {
      setEditing(false);
      return;
    }
    const parsed = simulationNameSchema.safeParse(draft);
    if (!parsed.success) {
      showError(MESSAGES.simulationRenameFailed, parsed.error.issues[0]?.message ?? MESSAGES.simulationNameEmpty);
      setDraft(simulation.name);
      setEditing(false);
      return;
    }
    setSaving(true);
    try {
      const updated = await updateSimulation(api, simulation.id, { name: parsed.data });
      await mutate(simulationKey(simulation.id), updated, { revalidate: false });
      // Lists that show this simulation (the projects page) read it again.
      await mutate((key) => Array.isArray(key) && key[0] === 'projects');
    } catch (error) {
      showError(MESSAGES.simulationRenameFailed, errorMessage(error));
      setDraft(simulation.name);
    } finally {
      setSaving(false);
      setEditing(false);
    }
  };

  if (editing) {
    return (
      <TextInput
        size="xs"
        autoFocus
        value={draft}
        maxLength={NAME_INPUT_MAX_LENGTH}
        disabled={saving}
        aria-label="Simulation name"
        data-testid="breadcrumb-simulation-input"
        onChange={(event) => setDraft(event.currentTarget.value)}
        onBlur={() => void finish()}
        onKeyDown={(event) => {
          if (event.key === 'Enter') void finish();
          if (event.key === 'Escape') {
            setDraft(simulation.name);
            setEditing(false);
          }
        }}
        w={Math.min(360, Math.max(160, draft.length * 8 + 40))}
      />
    );
  }
  return (
    <Tooltip label="Click to rename" openDelay={400}>
      <UnstyledButton
        data-testid="breadcrumb-simulation"
        onClick={() => {
          setDraft(simulation.name);
          setEditing(true);
        }}
      >
        <Text size="sm" fw={600} truncate maw={280}>
          {simulation.name}
        </Text>
      </UnstyledButton>
    </Tooltip>
  );
}
