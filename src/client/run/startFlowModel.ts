// The start flow's rules (spec 1 §4, §5, §9) as pure functions: which run the button starts, the core
// choices a subscription allows, GPU cost, the values thresholds must lie ahead of, and what blocks Start.
import type { ConditionAction, ConditionValues, ConditionValueType } from '../../domain/condition.ts';
import { GPU_CREDITS_PER_HOUR, STORAGE_FULL_FRACTION } from '../../domain/constants.ts';
import type { Organization } from '../../domain/organization.ts';
import type { Simulation } from '../../domain/simulation.ts';
import { displayGroup } from '../../domain/simulationState.ts';
import { startBlockers } from '../../domain/startRules.ts';
import type { StorageConsumption } from '../../domain/budget.ts';
import { storageUsedFraction } from '../../domain/budget.ts';
import type { RunMode } from '../../domain/runs.ts';

/** The run the start flow launches: a first start, a restart from output 0, or a resume. */
export function runModeOf(simulation: Pick<Simulation, 'state' | 'setupLocked' | 'resumable'>): RunMode {
  const group = displayGroup(simulation);
  if (group === 'resumable') return 'resume';
  if (group === 'restartable') return 'restart';
  return 'start';
}

export const RUN_MODE_LABEL: Record<RunMode, string> = { start: 'Start', restart: 'Restart', resume: 'Resume' };

/** Core counts offered: the free instance (0) when the subscription has one, then powers of two up to maxCores. */
export function coreOptions(organization: Pick<Organization, 'activeSubscription' | 'freeInstanceOccupied'>): number[] {
  const subscription = organization.activeSubscription;
  if (!subscription) return [];
  const options: number[] = [];
  if (subscription.freeInstance) options.push(0);
  for (let cores = 1; cores < subscription.maxCores; cores *= 2) options.push(cores);
  if (subscription.maxCores > 0) options.push(subscription.maxCores);
  return options;
}

/**
 * The default choice: the most cores this installation gives a run (its solver threads), within what the
 * subscription allows; all the subscription allows when the installation's count is unknown; the free
 * instance when the subscription has nothing else.
 */
export function defaultCores(options: readonly number[], installationThreads?: number): number {
  if (options.length === 0) return 0;
  const paid = options.filter((c) => c > 0);
  if (paid.length === 0) return Math.max(...options);
  if (installationThreads === undefined) return Math.max(...paid);
  const fitting = paid.filter((c) => c <= installationThreads);
  return fitting.length > 0 ? Math.max(...fitting) : Math.min(...paid);
}

/**
 * Whether a stop now leaves a run that can be resumed. The server resumes from the checkpoint the run
 * leaves: the solver writes one when it is stopped while running, and a resumed run still has the one
 * it started from (its log carries on); a run stopped before its solver started has none.
 */
export function resumableAfterStop(simulation: Pick<Simulation, 'state' | 'resumable' | 'log'>): boolean {
  if (simulation.resumable) return true;
  if (simulation.state === 'running') return true;
  return (simulation.state === 'creating' || simulation.state === 'launching') && simulation.log !== null;
}

/**
 * The form fields of the start flow's first step (General), checked before Next moves on: the solver,
 * resources and the stop conditions; the alerts belong to the second step.
 */
export function generalStepFields(conditions: readonly { action: ConditionAction }[]): string[] {
  return ['solverId', 'cores', 'gpu', ...conditions.flatMap((c, i) => (c.action === 'stop' ? [`conditions.${i}`] : []))];
}

export function coreLabel(cores: number): string {
  return cores === 0 ? 'Free instance (CPU)' : `${cores} core${cores === 1 ? '' : 's'}`;
}

export function gpuCostText(): string {
  return `${GPU_CREDITS_PER_HOUR} credits/hour`;
}

export const CONDITION_LABEL: Record<ConditionValueType, { label: string; unit: string }> = {
  time: { label: 'Simulated time', unit: 's' },
  runtime: { label: 'Runtime', unit: 's' },
  credits: { label: 'Credits', unit: 'credits' },
  particle_nbr: { label: 'Particle count', unit: 'particles' },
};

/**
 * The values thresholds must lie ahead of: a resume continues from the last run's values; a start or
 * restart begins at zero, while the credits the simulation consumed keep counting.
 */
export function currentConditionValues(simulation: Pick<Simulation, 'log' | 'creditsConsumed'>, mode: RunMode): ConditionValues {
  if (mode === 'resume' && simulation.log) {
    return { time: simulation.log.time, runtime: simulation.log.runtime, credits: simulation.creditsConsumed, particle_nbr: simulation.log.particles };
  }
  return { time: 0, runtime: 0, credits: simulation.creditsConsumed, particle_nbr: 0 };
}

export interface StartCheck {
  hasInputErrors: boolean;
  solverAvailable: boolean;
  organization: Pick<Organization, 'credits' | 'features' | 'maximumSimulationsExceeded'>;
  storage: StorageConsumption | null;
  cores: number;
  gpu: boolean;
}

/** The spec's reasons that block Start, in order; a free CPU run needs no credits. */
export function startFlowBlockers(check: StartCheck): string[] {
  return startBlockers({
    hasInputErrors: check.hasInputErrors,
    solverAvailable: check.solverAvailable,
    credits: check.organization.credits,
    freeInstance: check.cores === 0 && !check.gpu,
    storageFull: check.storage !== null && storageUsedFraction(check.storage) >= STORAGE_FULL_FRACTION,
    organizationFeatures: check.organization.features,
    maximumSimulationsExceeded: check.organization.maximumSimulationsExceeded,
  });
}
