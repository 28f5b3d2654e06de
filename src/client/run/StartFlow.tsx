// The start flow in the right sidebar (spec 1 §4): step 1 General (solver, cores within the subscription,
// GPU at its credit cost, stop conditions), step 2 Alerts, then Start (or Restart / Resume). Start is
// blocked with the spec's reasons; when the server refuses, its message is shown.
import { Alert, Box, Button, CloseButton, Group, List, Loader, ScrollArea, Select, Stack, Stepper, Switch, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { Controller, useForm, type FieldPath, type Resolver } from 'react-hook-form';
import useSWR, { useSWRConfig } from 'swr';
import type { Organization } from '../../domain/organization.ts';
import type { StorageConsumption } from '../../domain/budget.ts';
import type { Simulation } from '../../domain/simulation.ts';
import { START_FLOW_STEPS } from '../../domain/simulationState.ts';
import { errorMessage } from '../api/ApiClient.ts';
import { getOrganization, getOrganizationStorage } from '../api/usersApi.ts';
import { useApi } from '../app/services.ts';
import { refusedMessage, useSetupStore } from '../setup/setupStore.ts';
import { useSidebarStore } from '../simulation/sidebarStore.ts';
import { simulationKey } from '../simulation/useSimulation.ts';
import { ConditionEditor } from './ConditionEditor.tsx';
import { listSolvers, startRun, type SolverChoice } from './runApi.ts';
import { startFormSchema, type StartFormValues } from './startForm.ts';
import {
  RUN_MODE_LABEL, coreLabel, coreOptions, currentConditionValues, defaultCores, generalStepFields, gpuCostText, runModeOf, startFlowBlockers,
} from './startFlowModel.ts';
import { jobsKey } from './useSimulationJobs.ts';
import { useSetupValidation } from './useSetupValidation.ts';

interface LoadedProps {
  simulation: Simulation;
  organization: Organization;
  storage: StorageConsumption | null;
  solvers: SolverChoice[];
  onClose: () => void;
}

function coresDescription(organization: Organization, installationThreads: number | undefined): string {
  if (!organization.activeSubscription) return 'No active subscription.';
  const allowed = `Your subscription allows up to ${organization.activeSubscription.maxCores} cores`;
  return installationThreads === undefined ? `${allowed}.` : `${allowed}; this installation runs the solver on up to ${installationThreads}.`;
}

function StartFlowForm({ simulation, organization, storage, solvers, onClose }: LoadedProps) {
  const api = useApi();
  const { mutate } = useSWRConfig();
  const mode = runModeOf(simulation);
  const { document, hasInputErrors } = useSetupValidation(simulation.id);
  const unsaved = useSetupStore((s) => s.simulationId === simulation.id && s.revision !== s.savedRevision);
  // A Setup field showing a value its rule refuses: the run would use the stored value, not the one on screen.
  const refused = useSetupStore((s) => (s.simulationId === simulation.id ? refusedMessage(s) : null));
  const showSidebar = useSidebarStore((s) => s.show);
  const [step, setStep] = useState(0);
  const [serverError, setServerError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const endTime = document?.settings.endTime ?? null;
  const current = useMemo(() => currentConditionValues(simulation, mode), [simulation, mode]);
  const schema = useMemo(() => startFormSchema({ endTime: endTime ?? Infinity, current }), [endTime, current]);
  const cores = coreOptions(organization);
  const latest = solvers.find((s) => s.latest) ?? solvers[0];
  const form = useForm<StartFormValues>({
    resolver: zodResolver(schema as never) as unknown as Resolver<StartFormValues>,
    mode: 'onChange',
    defaultValues: { solverId: latest?.id ?? '', cores: defaultCores(cores, latest?.maxThreads), gpu: simulation.gpu, conditions: [] },
  });
  // Going on to Alerts (Next, or the step's header) needs a valid General step.
  const goToStep = async (target: number) => {
    if (target > step) {
      const fields = generalStepFields(form.getValues('conditions')) as FieldPath<StartFormValues>[];
      if (!(await form.trigger(fields, { shouldFocus: true }))) return;
    }
    setStep(target);
  };
  const values = form.watch();
  const blockers = startFlowBlockers({
    hasInputErrors,
    solverAvailable: solvers.length > 0,
    organization,
    storage,
    cores: values.cores,
    gpu: values.gpu,
  });

  const start = form.handleSubmit(async (input) => {
    setSubmitting(true);
    setServerError(null);
    try {
      await startRun(api, simulation.id, { ...input, mode });
      await Promise.all([mutate(simulationKey(simulation.id)), mutate(jobsKey(simulation.id))]);
      onClose();
    } catch (error) {
      setServerError(errorMessage(error));
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <Stack gap={0} h="100%">
      <ScrollArea style={{ flex: 1 }} type="auto" offsetScrollbars>
        <Box p="md">
          <Stepper active={step} onStepClick={(target) => void goToStep(target)} size="xs" mb="md">
            <Stepper.Step label={START_FLOW_STEPS[0]} description="Solver and resources" data-testid="start-step-general" />
            <Stepper.Step label={START_FLOW_STEPS[1]} description="Notifications" data-testid="start-step-alerts" />
          </Stepper>
          {step === 0 ? (
            <Stack gap="sm" data-testid="start-general">
              {mode === 'restart' && (
                <Alert color="blue" variant="light">
                  The simulation restarts from output 0; the outputs of the last run are replaced.
                </Alert>
              )}
              {mode === 'resume' && (
                <Alert color="blue" variant="light">
                  The simulation continues from its last output.
                </Alert>
              )}
              <Controller
                control={form.control}
                name="solverId"
                render={({ field, fieldState }) => (
                  <Select
                    label="Solver"
                    data={solvers.map((s) => ({ value: s.id, label: `${s.name}${s.version ? ` ${s.version}` : ''}${s.latest ? ' (latest)' : ''}` }))}
                    value={field.value || null}
                    onChange={(v) => v && field.onChange(v)}
                    allowDeselect={false}
                    error={fieldState.error?.message}
                    placeholder={solvers.length === 0 ? 'No solver available' : 'Choose a solver'}
                    data-testid="start-solver"
                  />
                )}
              />
              <Controller
                control={form.control}
                name="cores"
                render={({ field }) => (
                  <Select
                    label="Cores"
                    description={coresDescription(organization, latest?.maxThreads)}
                    data={cores.map((c) => ({ value: String(c), label: coreLabel(c), disabled: c === 0 && organization.freeInstanceOccupied }))}
                    value={String(field.value)}
                    onChange={(v) => v !== null && field.onChange(Number(v))}
                    allowDeselect={false}
                    data-testid="start-cores"
                  />
                )}
              />
              <Controller
                control={form.control}
                name="gpu"
                render={({ field }) => (
                  <Switch
                    label="Run on a GPU"
                    description={gpuCostText()}
                    checked={field.value}
                    onChange={(event) => field.onChange(event.currentTarget.checked)}
                    data-testid="start-gpu"
                  />
                )}
              />
              <Text size="sm" fw={600} mt="xs">
                Stop conditions
              </Text>
              <ConditionEditor control={form.control} action="stop" current={current} endTime={endTime} />
            </Stack>
          ) : (
            <Stack gap="sm" data-testid="start-alerts">
              <Text size="sm">Warn me when a value reaches its threshold; the run goes on.</Text>
              <ConditionEditor control={form.control} action="warning" current={current} endTime={endTime} />
            </Stack>
          )}
        </Box>
      </ScrollArea>
      <Stack gap="xs" p="md" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
        {step === 1 && blockers.length > 0 && (
          <Alert color="red" variant="light" title="The run cannot start" data-testid="start-blockers">
            <List size="xs" spacing={2}>
              {blockers.map((b) => (
                <List.Item key={b}>{b}</List.Item>
              ))}
            </List>
            {hasInputErrors && (
              <Button size="compact-xs" variant="subtle" mt={4} onClick={() => showSidebar('checklist')} data-testid="start-open-validation">
                Open Input Validation
              </Button>
            )}
          </Alert>
        )}
        {step === 1 && unsaved && blockers.length === 0 && (
          <Text size="xs" c="dimmed">
            Saving your latest setup changes…
          </Text>
        )}
        {refused && (
          <Alert color="orange" variant="light" title="A setup field is not saved" data-testid="start-refused-field">
            {`${refused.charAt(0).toUpperCase()}${refused.slice(1)}. The run uses the saved value.`}
          </Alert>
        )}
        {serverError && (
          <Alert color="red" variant="light" title="The server refused to start the run" data-testid="start-server-error">
            {serverError}
          </Alert>
        )}
        <Group justify="space-between">
          {step === 0 ? (
            <Button variant="default" size="xs" onClick={onClose}>
              Cancel
            </Button>
          ) : (
            <Button variant="default" size="xs" onClick={() => setStep(0)} data-testid="start-back">
              Back
            </Button>
          )}
          {step === 0 ? (
            <Button size="xs" onClick={() => void goToStep(1)} data-testid="start-next">
              Next
            </Button>
          ) : (
            <Button
              size="xs"
              color="green"
              disabled={blockers.length > 0 || unsaved}
              loading={submitting}
              onClick={() => void start()}
              data-testid="start-submit"
            >
              {RUN_MODE_LABEL[mode]}
            </Button>
          )}
        </Group>
      </Stack>
    </Stack>
  );
}

export function StartFlow({ simulation }: { simulation: Simulation }) {
  const api = useApi();
  const close = useSidebarStore((s) => s.close);
  const organization = useSWR(['organization'], () => getOrganization(api));
  const storage = useSWR(['organization-storage'], () => getOrganizationStorage(api), { shouldRetryOnError: false });
  const solvers = useSWR(['solvers'], () => listSolvers(api), { shouldRetryOnError: false });
  const mode = runModeOf(simulation);
  const error = organization.error ?? solvers.error;

  return (
    <Stack gap={0} h="100%" data-testid="start-flow" data-mode={mode}>
      <Group justify="space-between" px="md" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
        <Text fw={700} size="sm">
          {RUN_MODE_LABEL[mode]} simulation
        </Text>
        <CloseButton size="sm" aria-label="Close" onClick={close} />
      </Group>
      {error ? (
        <Alert color="red" m="md" title="The start flow could not be loaded">
          {errorMessage(error)}
        </Alert>
      ) : organization.data && solvers.data && (storage.data || storage.error) ? (
        <StartFlowForm
          simulation={simulation}
          organization={organization.data}
          storage={storage.data ?? null}
          solvers={solvers.data}
          onClose={close}
        />
      ) : (
        <Loader size="sm" m="md" />
      )}
    </Stack>
  );
}
