// Step '2. Tessellation': 'Parts to Tessellate' (every part, those changed since their last tessellation
// marked; choose some to set their meshing parameters) with Export Configuration, and the 'Meshing
// Parameters' form for the chosen parts. The progress of a running tessellation shows here too.
import { Alert, Badge, Box, Button, Checkbox, Group, Progress, ScrollArea, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { CONFIGURATION_FILE_NAME_SUFFIX, toConfigurationFile, type Assembly, type AssemblyPart, type AssemblyPartUpdate, type TessellationRun } from '../../domain/assembly.ts';
import { showTessellationProgress } from '../../domain/jobs.ts';
import { radToDeg } from '../../domain/vector.ts';
import { Icon } from '../ui/Icon.tsx';
import { MeshingParametersForm } from './MeshingParametersForm.tsx';

interface Props {
  filename: string;
  /** What the latest run (or the import) reported: bodies not united, mesh defects, repeated bodies. */
  warnings: Assembly['tessellationWarnings'];
  errors: Assembly['tessellationErrors'];
  parts: AssemblyPart[];
  run: TessellationRun | null;
  disabled: boolean;
  onChange: (changes: AssemblyPartUpdate[]) => Promise<void>;
  onValidity: (valid: boolean) => void;
}

/** Saves the configuration file (name, meshingParameters, assemblyNodeIds, componentType per part). */
function exportConfiguration(filename: string, parts: readonly AssemblyPart[]): void {
  const blob = new Blob([`${JSON.stringify(toConfigurationFile(parts), null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${filename.replace(/\.(step|stp)$/i, '') || 'assembly'}${CONFIGURATION_FILE_NAME_SUFFIX}`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function TessellationStep({ filename, warnings, errors, parts, run, disabled, onChange, onValidity }: Props) {
  // Every part is chosen at first; the choice is kept by id across the server's answers.
  const [unchosen, setUnchosen] = useState<ReadonlySet<string>>(new Set());
  const chosen = useMemo(() => parts.filter((p) => !unchosen.has(p.id)), [parts, unchosen]);
  const due = parts.filter((p) => p.needsTessellation).length;
  const toggle = (id: string, on: boolean) =>
    setUnchosen((before) => {
      const next = new Set(before);
      if (on) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Box style={{ display: 'flex', gap: 16, height: '100%', minHeight: 0 }}>
      <Stack gap="xs" style={{ flex: 1, minWidth: 0, minHeight: 0 }} data-testid="parts-to-tessellate">
        <Group justify="space-between">
          <Text size="sm" fw={600}>
            Parts to Tessellate
          </Text>
          <Button
            size="compact-xs"
            variant="light"
            leftSection={<Icon name="download" size={12} />}
            disabled={parts.length === 0}
            onClick={() => exportConfiguration(filename, parts)}
            data-testid="assembly-export-config"
          >
            Export Configuration
          </Button>
        </Group>
        <Text size="xs" c="dimmed" data-testid="parts-due">
          {due === 0 ? 'Every part is tessellated with its current parameters.' : `${due} of ${parts.length} part${parts.length === 1 ? '' : 's'} to tessellate`}
        </Text>
        <Checkbox
          size="xs"
          label="Choose all"
          checked={chosen.length === parts.length && parts.length > 0}
          indeterminate={chosen.length > 0 && chosen.length < parts.length}
          onChange={(event) => setUnchosen(new Set(event.currentTarget.checked ? [] : parts.map((p) => p.id)))}
          data-testid="tessellate-choose-all"
        />
        <ScrollArea style={{ flex: 1, minHeight: 0, border: '1px solid var(--mantine-color-gray-3)', borderRadius: 6 }} type="auto" offsetScrollbars>
          {parts.map((part) => (
            <Group key={part.id} gap={6} wrap="nowrap" px={6} py={4} style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }} data-testid="tessellate-part" data-part-name={part.name}>
              <Checkbox size="xs" aria-label={`Choose ${part.name}`} checked={!unchosen.has(part.id)} onChange={(event) => toggle(part.id, event.currentTarget.checked)} />
              <Text size="sm" truncate="end" style={{ flex: 1, minWidth: 0 }}>
                {part.name}
              </Text>
              <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
                {part.meshingParameters.linearDeflectionFactor} · {Math.round(radToDeg(part.meshingParameters.angularDeflection) * 100) / 100}°
              </Text>
              <Badge size="xs" variant="light" color={part.componentType === 'rigid' ? 'gray' : 'cyan'} style={{ flex: 'none' }}>
                {part.componentType === 'rigid' ? 'Solid' : 'Inlet/Outlet'}
              </Badge>
              <Badge size="xs" variant="light" color={part.needsTessellation ? 'yellow' : 'teal'} style={{ flex: 'none' }} data-testid="tessellate-part-state">
                {part.needsTessellation ? 'to tessellate' : 'up to date'}
              </Badge>
            </Group>
          ))}
        </ScrollArea>
        {(errors.length > 0 || warnings.length > 0) && (
          <Alert color={errors.length > 0 ? 'red' : 'yellow'} variant="light" p="xs" title="Latest tessellation" data-testid="tessellation-report">
            <Stack gap={2}>
              {[...errors, ...warnings].map((m, i) => (
                <Text key={i} size="xs">
                  {m.message}
                </Text>
              ))}
            </Stack>
          </Alert>
        )}
        {run && showTessellationProgress(run.state, run.progress) && (
          <Stack gap={2} data-testid="tessellation-progress">
            <Text size="xs">Tessellating… {Math.round(run.progress)} %</Text>
            <Progress value={run.progress} size="sm" animated />
          </Stack>
        )}
      </Stack>
      <Box style={{ width: 320, flex: 'none' }}>
        <MeshingParametersForm parts={chosen} disabled={disabled} onChange={onChange} onValidity={onValidity} />
      </Box>
    </Box>
  );
}
