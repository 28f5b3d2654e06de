// Add Graph / Edit Graph (spec 2 §2, §5): search the log values, pick one from the radio list, see a
// preview of it, and set each axis automatic or to a manual min and max ('Min must be smaller than max.').
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, NumberInput, Radio, ScrollArea, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { graphFormSchema, logValueKeys, type DashboardTile, type GraphForm, type GraphUnit } from '../../domain/dashboard.ts';
import { MESSAGES } from '../../domain/messages.ts';
import { errorMessage } from '../api/ApiClient.ts';
import { Icon } from '../ui/Icon.tsx';
import { LineChart } from './LineChart.tsx';
import type { LogSeries } from './logSeries.ts';
import { GRAPH_UNIT_LABEL, LOG_VALUE_INFO, logValueTitle } from './logValues.ts';
import { axisRange, graphSeries } from './tiles/GraphTile.tsx';

interface Props {
  /** The graph tile being edited, or null to add one. */
  tile: DashboardTile | null;
  series: LogSeries;
  graphUnit: GraphUnit;
  onClose: () => void;
  onSubmit: (values: GraphForm) => Promise<void>;
}

export function matchingLogValues(search: string): typeof logValueKeys[number][] {
  const q = search.trim().toLowerCase();
  if (!q) return [...logValueKeys];
  return logValueKeys.filter((k) => {
    const info = LOG_VALUE_INFO[k];
    return k.toLowerCase().includes(q) || info.label.toLowerCase().includes(q) || info.description.toLowerCase().includes(q);
  });
}

export function GraphFormModal({ tile, series, graphUnit, onClose, onSubmit }: Props) {
  const [search, setSearch] = useState('');
  const form = useForm<GraphForm>({
    resolver: zodResolver(graphFormSchema),
    defaultValues: {
      logValues: tile?.logValues.slice(0, 1) ?? [],
      xAuto: tile?.xAuto ?? true,
      yAuto: tile?.yAuto ?? true,
      xMin: tile?.xMin ?? null,
      xMax: tile?.xMax ?? null,
      yMin: tile?.yMin ?? null,
      yMax: tile?.yMax ?? null,
    },
  });
  const values = useWatch({ control: form.control }) as Partial<GraphForm>;
  const { errors, isSubmitting } = form.formState;
  const matches = matchingLogValues(search);
  const selected = values.logValues ?? [];
  const previewSeries = graphSeries({ logValues: selected }, series, graphUnit);

  const submit = form.handleSubmit(async (v) => {
    try {
      await onSubmit(v);
      onClose();
    } catch (error) {
      form.setError('root', { type: 'server', message: errorMessage(error) });
    }
  });

  return (
    <Modal opened onClose={onClose} title={tile ? 'Edit Graph' : 'Add Graph'} size="xl" data-testid="graph-form" centered>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Stack gap="xs">
            <TextInput
              placeholder="Search log values"
              leftSection={<Icon name="search" size={14} />}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              data-testid="graph-search"
              aria-label="Search log values"
            />
            <Controller
              control={form.control}
              name="logValues"
              render={({ field }) => (
                <Radio.Group value={field.value[0] ?? null} onChange={(v) => field.onChange([v])} error={errors.logValues?.message} data-testid="graph-log-values">
                  <ScrollArea h={340} type="auto" offsetScrollbars>
                    {matches.length === 0 ? (
                      <Text size="sm" c="dimmed" py="sm" data-testid="graph-no-results">
                        {MESSAGES.graphNoResults}
                      </Text>
                    ) : (
                      <Stack gap={8} py={4}>
                        {matches.map((key) => (
                          <Radio
                            key={key}
                            value={key}
                            label={logValueTitle(key)}
                            description={LOG_VALUE_INFO[key].description}
                            data-testid={`graph-value-${key}`}
                          />
                        ))}
                      </Stack>
                    )}
                  </ScrollArea>
                </Radio.Group>
              )}
            />
          </Stack>
          <Stack gap="xs">
            <Text size="sm" fw={600}>
              Preview
            </Text>
            <div style={{ height: 200, border: '1px solid var(--mantine-color-gray-3)', borderRadius: 6 }} data-testid="graph-preview">
              <LineChart
                testId="graph-preview-chart"
                series={previewSeries}
                xLabel={GRAPH_UNIT_LABEL[graphUnit]}
                xRange={axisRange(values.xAuto ?? true, values.xMin ?? null, values.xMax ?? null)}
                yRange={axisRange(values.yAuto ?? true, values.yMin ?? null, values.yMax ?? null)}
                emptyText={MESSAGES.graphNoPreview}
              />
            </div>
            <AxisFields control={form.control} axis="x" label="X axis" auto={values.xAuto ?? true} errors={errors} />
            <AxisFields control={form.control} axis="y" label="Y axis" auto={values.yAuto ?? true} errors={errors} />
          </Stack>
        </SimpleGrid>
        {errors.root && (
          <Alert color="red" variant="light" mt="md" data-testid="graph-form-error">
            {errors.root.message}
          </Alert>
        )}
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting} data-testid="graph-submit">
            {tile ? 'Save' : 'Add'}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}

interface AxisProps {
  control: Control<GraphForm>;
  axis: 'x' | 'y';
  label: string;
  auto: boolean;
  errors: ReturnType<typeof useForm<GraphForm>>['formState']['errors'];
}

function AxisFields({ control, axis, label, auto, errors }: AxisProps) {
  const min = `${axis}Min` as const;
  const max = `${axis}Max` as const;
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap" data-testid={`graph-${axis}-axis`}>
      <Text size="sm" fw={600} mt={30} w={48}>
        {label}
      </Text>
      <Controller
        control={control}
        name={`${axis}Auto`}
        render={({ field }) => (
          <Switch
            label="Auto"
            checked={field.value}
            onChange={(e) => field.onChange(e.currentTarget.checked)}
            mt={30}
            w={80}
            data-testid={`graph-${axis}-auto`}
          />
        )}
      />
      {[min, max].map((name) => (
        <Controller
          key={name}
          control={control}
          name={name}
          render={({ field }) => (
            <NumberInput
              label={name.endsWith('Min') ? 'Min' : 'Max'}
              value={field.value ?? ''}
              onChange={(v) => field.onChange(typeof v === 'number' ? v : v === '' ? null : Number.isFinite(Number(v)) ? Number(v) : null)}
              disabled={auto}
              error={errors[name]?.message}
              hideControls
              style={{ flex: 1 }}
              data-testid={`graph-${name}`}
            />
          )}
        />
      ))}
    </Group>
  );
}
