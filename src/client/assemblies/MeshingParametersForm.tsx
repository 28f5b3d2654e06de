// 'Meshing Parameters' of step 2 for the chosen parts: Max Deviation Factor (0.1 to 10), Max Angle between
// Triangles (1° to 90°, radians on the wire) and the Delabella switch, with Reset to the defaults. Parts
// with differing values show 'Mixed'. Changes are pushed 250 ms after the last edit, and only when valid.
import { Button, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { AssemblyPart, AssemblyPartUpdate } from '../../domain/assembly.ts';
import { TESSELLATION_FORM_DEBOUNCE_MS } from '../../domain/constants.ts';
import {
  combinedMeshingValue,
  DEFAULT_ANGULAR_DEFLECTION_DEG,
  DEFAULT_LINEAR_DEFLECTION_FACTOR,
  meshingFormSchema,
  meshingFormToParameters,
  meshingParametersToForm,
  type MeshingForm,
} from '../../domain/meshing.ts';
import { formatNumber, parseNumberText } from '../setup/fields/numberText.ts';

type Draft = { linearDeflectionFactor?: string; angularDeflectionDeg?: string; useDelabellaAlgorithm?: boolean };

interface Props {
  parts: AssemblyPart[];
  disabled: boolean;
  /** Sends the changed parameters of the chosen parts; resolves once the server took them. */
  onChange: (changes: AssemblyPartUpdate[]) => Promise<void>;
  /** Whether every field holds a valid value and nothing waits to be sent. */
  onValidity: (valid: boolean) => void;
}

function shownNumber(value: number | 'mixed' | null): string {
  return typeof value === 'number' ? formatNumber(Math.round(value * 1e9) / 1e9) : '';
}

export function MeshingParametersForm({ parts, disabled, onChange, onValidity }: Props) {
  const [draft, setDraft] = useState<Draft>({});
  const forms = useMemo(() => parts.map((p) => meshingParametersToForm(p.meshingParameters)), [parts]);
  const combined = {
    linearDeflectionFactor: combinedMeshingValue(parts.map((p) => p.meshingParameters), 'linearDeflectionFactor'),
    angularDeflectionDeg: forms.length === 0 ? null : forms.every((f) => f.angularDeflectionDeg === forms[0].angularDeflectionDeg) ? forms[0].angularDeflectionDeg : 'mixed',
    useDelabellaAlgorithm: combinedMeshingValue(parts.map((p) => p.meshingParameters), 'useDelabellaAlgorithm'),
  } as const;

  /** Each chosen part's form with the edited fields over it; the errors of the first that is invalid. */
  const next = forms.map((f) => ({
    ...f,
    ...(draft.linearDeflectionFactor !== undefined ? { linearDeflectionFactor: parseNumberText(draft.linearDeflectionFactor) as number } : {}),
    ...(draft.angularDeflectionDeg !== undefined ? { angularDeflectionDeg: parseNumberText(draft.angularDeflectionDeg) as number } : {}),
    ...(draft.useDelabellaAlgorithm !== undefined ? { useDelabellaAlgorithm: draft.useDelabellaAlgorithm } : {}),
  }));
  const checks = next.map((f) => meshingFormSchema.safeParse(f));
  const errorOf = (field: keyof MeshingForm) => checks.flatMap((c) => c.error?.issues ?? []).find((i) => i.path[0] === field)?.message;
  const valid = checks.every((c) => c.success);
  const pending = Object.keys(draft).length > 0;

  const send = useRef(onChange);
  useEffect(() => {
    send.current = onChange;
  }, [onChange]);
  useEffect(() => onValidity(valid && !pending), [valid, pending, onValidity]);

  // The chosen parts changed (another selection, or the server's answer): edits already sent are dropped.
  const partKey = parts.map((p) => p.id).join(',');
  useEffect(() => setDraft({}), [partKey]);

  useEffect(() => {
    if (!pending || !valid) return;
    const timer = setTimeout(() => {
      const changes = parts.map((p, i) => ({ id: p.id, meshingParameters: meshingFormToParameters(checks[i].data as MeshingForm) }));
      void send.current(changes).then(() => setDraft({}));
    }, TESSELLATION_FORM_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft]); // eslint-disable-line react-hooks/exhaustive-deps

  const text = (field: 'linearDeflectionFactor' | 'angularDeflectionDeg') => draft[field] ?? shownNumber(combined[field]);
  const mixed = (field: keyof typeof combined) => draft[field] === undefined && combined[field] === 'mixed';

  return (
    <Stack gap="sm" data-testid="meshing-parameters">
      <Group justify="space-between">
        <Text size="sm" fw={600}>
          Meshing Parameters
        </Text>
        <Button
          size="compact-xs"
          variant="subtle"
          disabled={disabled || parts.length === 0}
          onClick={() =>
            setDraft({ linearDeflectionFactor: String(DEFAULT_LINEAR_DEFLECTION_FACTOR), angularDeflectionDeg: String(DEFAULT_ANGULAR_DEFLECTION_DEG), useDelabellaAlgorithm: false })
          }
          data-testid="meshing-reset"
        >
          Reset
        </Button>
      </Group>
      {parts.length === 0 ? (
        <Text size="xs" c="dimmed">
          Choose parts on the left to set how finely they are meshed.
        </Text>
      ) : (
        <Text size="xs" c="dimmed" data-testid="meshing-applies-to">
          Applies to {parts.length === 1 ? parts[0].name : `${parts.length} parts`}
        </Text>
      )}
      <TextInput
        label="Max Deviation Factor"
        description="Deviation from the CAD surface relative to the part's size: 0.1 (fine) to 10 (coarse)"
        inputMode="decimal"
        placeholder={mixed('linearDeflectionFactor') ? 'Mixed' : undefined}
        disabled={disabled || parts.length === 0}
        value={text('linearDeflectionFactor')}
        error={errorOf('linearDeflectionFactor')}
        onChange={(event) => {
          const value = event.currentTarget.value;
          setDraft((d) => ({ ...d, linearDeflectionFactor: value }));
        }}
        data-testid="meshing-deviation"
      />
      <TextInput
        label="Max Angle between Triangles"
        description="1° to 90°"
        inputMode="decimal"
        rightSection={<Text size="xs">°</Text>}
        placeholder={mixed('angularDeflectionDeg') ? 'Mixed' : undefined}
        disabled={disabled || parts.length === 0}
        value={text('angularDeflectionDeg')}
        error={errorOf('angularDeflectionDeg')}
        onChange={(event) => {
          const value = event.currentTarget.value;
          setDraft((d) => ({ ...d, angularDeflectionDeg: value }));
        }}
        data-testid="meshing-angle"
      />
      <Switch
        label="Use the Delabella algorithm"
        description={mixed('useDelabellaAlgorithm') ? 'Mixed among the chosen parts' : undefined}
        disabled={disabled || parts.length === 0}
        checked={draft.useDelabellaAlgorithm ?? combined.useDelabellaAlgorithm === true}
        onChange={(event) => {
          const value = event.currentTarget.checked;
          setDraft((d) => ({ ...d, useDelabellaAlgorithm: value }));
        }}
        data-testid="meshing-delabella"
      />
    </Stack>
  );
}
