// Input Validation panel (right sidebar 'checklist', spec 1 §5): the setup's errors, warnings and the
// deletion-boundary recommendation grouped as the spec groups them, and what the solver cannot run.
// Clicking a finding opens the form that fixes it.
import { Alert, Badge, Box, Group, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import type { Simulation } from '../../domain/simulation.ts';
import type { ValidationIssue } from '../../domain/validation/issues.ts';
import { errorMessage } from '../api/ApiClient.ts';
import { issueTarget, supportIssueTarget, type SetupSelection } from '../setup/setupSelection.ts';
import { useSetupStore } from '../setup/setupStore.ts';
import { useSidebarStore } from '../simulation/sidebarStore.ts';
import { fieldLabel, settingLabel } from './issueText.ts';
import classes from './run.module.css';
import { useSetupValidation } from './useSetupValidation.ts';

const SEVERITY_COLOR = { error: 'red', warning: 'yellow', info: 'blue' } as const;
const SEVERITY_LABEL = { error: 'Error', warning: 'Warning', info: 'Recommendation' } as const;

interface RowProps {
  severity: keyof typeof SEVERITY_COLOR;
  title: string;
  message: string;
  testId: string;
  onOpen: (() => void) | null;
}

function IssueRow({ severity, title, message, testId, onOpen }: RowProps) {
  const content = (
    <Group gap={8} wrap="nowrap" align="flex-start" p={6}>
      <Box mt={5} style={{ width: 8, height: 8, flex: '0 0 8px', borderRadius: 4, background: `var(--mantine-color-${SEVERITY_COLOR[severity]}-6)` }} />
      <Box style={{ minWidth: 0 }}>
        {title && (
          <Text size="xs" fw={600} truncate="end">
            {title}
          </Text>
        )}
        <Text size="xs" c={severity === 'info' ? 'blue.8' : undefined}>
          {severity === 'info' ? message : message.charAt(0).toUpperCase() + message.slice(1)}
        </Text>
      </Box>
    </Group>
  );
  return onOpen ? (
    <UnstyledButton
      onClick={onOpen}
      data-testid={testId}
      data-severity={severity}
      style={{ borderRadius: 6, display: 'block', width: '100%' }}
      className={classes.issue}
      title="Open the form"
      aria-label={`${SEVERITY_LABEL[severity]}: ${title} ${message}`}
    >
      {content}
    </UnstyledButton>
  ) : (
    <Box data-testid={testId} data-severity={severity}>
      {content}
    </Box>
  );
}

function issueTitle(issue: ValidationIssue): string {
  const field = fieldLabel(issue.field);
  if (issue.severity === 'info') return '';
  return [issue.entityName, field].filter(Boolean).join(' · ');
}

export function ValidationPanel({ simulation }: { simulation: Simulation }) {
  const { document, validation, loadError, solverSupport, solverSupportError } = useSetupValidation(simulation.id);
  const select = useSetupStore((s) => s.select);
  const showSidebar = useSidebarStore((s) => s.show);

  if (loadError) return <Alert color="red" title="The setup could not be loaded">{errorMessage(loadError)}</Alert>;
  if (!validation || !document) return <Loader size="sm" />;

  const open = (target: SetupSelection | 'start' | null) => {
    if (target === null) return null;
    return () => (target === 'start' ? showSidebar('start') : select(target));
  };
  const ids = { partIds: document.parts.map((p) => p.id), materialIds: document.materials.map((m) => m.id) };
  const refusals = solverSupport ?? [];
  const errors = validation.errorCount + refusals.length;

  return (
    <Stack gap="md" data-testid="validation-panel">
      <Group gap={6} data-testid="validation-summary">
        {errors === 0 && validation.warningCount === 0 ? (
          <Badge color="teal" variant="light" data-testid="validation-ok">
            {solverSupport !== null ? 'Ready to run' : 'No setup errors'}
          </Badge>
        ) : (
          <>
            <Badge color="red" variant={errors > 0 ? 'filled' : 'light'} data-testid="validation-error-count">
              {errors} error{errors === 1 ? '' : 's'}
            </Badge>
            <Badge color="yellow" variant="light" data-testid="validation-warning-count">
              {validation.warningCount} warning{validation.warningCount === 1 ? '' : 's'}
            </Badge>
          </>
        )}
      </Group>
      {validation.groups.map((group) => (
        <Stack key={group.group} gap={2} data-testid={`validation-group-${group.group}`}>
          <Text size="xs" fw={700} c="dimmed" tt="uppercase">
            {group.label}
          </Text>
          {group.issues.map((issue, i) => (
            <IssueRow
              key={`${issue.entityId ?? ''}-${issue.field}-${i}`}
              severity={issue.severity}
              title={issueTitle(issue)}
              message={issue.message}
              testId={`validation-issue-${issue.severity}`}
              onOpen={open(issueTarget(issue))}
            />
          ))}
        </Stack>
      ))}
      <Stack gap={2} data-testid="validation-group-solver">
        <Text size="xs" fw={700} c="dimmed" tt="uppercase">
          Solver support
        </Text>
        {solverSupportError ? (
          <Text size="xs" c="red" data-testid="validation-solver-unchecked">
            The solver could not check this setup: {errorMessage(solverSupportError)}
          </Text>
        ) : solverSupport === null ? (
          <Text size="xs" c="dimmed">
            Checking the saved setup…
          </Text>
        ) : refusals.length === 0 ? (
          <Text size="xs" c="dimmed" data-testid="validation-solver-ok">
            The solver supports everything in the saved setup.
          </Text>
        ) : (
          refusals.map((refusal) => (
            <IssueRow
              key={refusal.setting}
              severity="error"
              title={settingLabel(refusal.setting, document)}
              message={refusal.message}
              testId="validation-issue-solver"
              onOpen={open(supportIssueTarget(refusal.setting, ids))}
            />
          ))
        )}
      </Stack>
    </Stack>
  );
}
