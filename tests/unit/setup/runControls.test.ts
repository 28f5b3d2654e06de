import { describe, expect, it } from 'vitest';
import { fieldLabel, settingLabel } from '../../../src/client/run/issueText.ts';
import { startFormSchema } from '../../../src/client/run/startForm.ts';
import {
  coreLabel, coreOptions, currentConditionValues, defaultCores, generalStepFields, gpuCostText, resumableAfterStop, runModeOf, startFlowBlockers,
} from '../../../src/client/run/startFlowModel.ts';
import { discretizationResultOf } from '../../../src/client/run/runApi.ts';
import { createCondition } from '../../../src/domain/condition.ts';
import { MESSAGES } from '../../../src/domain/messages.ts';
import type { Organization, Subscription } from '../../../src/domain/organization.ts';

const subscription = (maxCores: number, freeInstance = false): Subscription => ({
  kind: 'engineering', startDate: '2026-01-01', endDate: null, coreHours: 0, oneOffCoreHours: 0, vmHoursPerMonth: 0, maxCores, freeInstance,
  storageBytes: 1e12,
});

const organization = (overrides: Partial<Organization> = {}): Organization => ({
  id: 'o', name: 'Org', features: [], credits: 100, maximumSimulationsExceeded: false, activeSubscription: subscription(32),
  freeInstanceOccupied: false, createdAt: '2026-01-01T00:00:00Z', ...overrides,
});

describe('which run the button starts', () => {
  it('starts, restarts or resumes by the display group', () => {
    expect(runModeOf({ state: 'not_started', setupLocked: false, resumable: false })).toBe('start');
    expect(runModeOf({ state: 'completed', setupLocked: false, resumable: false })).toBe('restart');
    expect(runModeOf({ state: 'stopped', setupLocked: true, resumable: true })).toBe('resume');
    // Unlocking the setup (Edit Setup) makes a resumable run restartable only.
    expect(runModeOf({ state: 'stopped', setupLocked: false, resumable: true })).toBe('restart');
  });
});

describe('cores and GPU', () => {
  it('offers powers of two up to the subscription maximum, and the free instance when included', () => {
    expect(coreOptions(organization())).toEqual([1, 2, 4, 8, 16, 32]);
    expect(coreOptions(organization({ activeSubscription: subscription(120) }))).toEqual([1, 2, 4, 8, 16, 32, 64, 120]);
    expect(coreOptions(organization({ activeSubscription: subscription(0, true) }))).toEqual([0]);
    expect(coreOptions(organization({ activeSubscription: null }))).toEqual([]);
    expect(defaultCores([1, 2, 4])).toBe(4);
    expect(coreLabel(0)).toBe('Free instance (CPU)');
    expect(gpuCostText()).toBe('120 credits/hour');
  });

  it('defaults to the cores this installation gives a run, not the subscription maximum', () => {
    const options = coreOptions(organization());
    expect(defaultCores(options, 16)).toBe(16);
    expect(defaultCores(options, 6)).toBe(4);
    expect(defaultCores(options, 64)).toBe(32);
    expect(defaultCores(options, 1)).toBe(1);
    expect(defaultCores([0, 1, 2], 8)).toBe(2);
    expect(defaultCores([0], 8)).toBe(0);
    expect(defaultCores(options)).toBe(32);
  });
});

describe('the stop dialog', () => {
  const at = (state: 'creating' | 'launching' | 'running', log: boolean, resumable = false) => ({
    state,
    resumable,
    log: log ? { progress: 0.2, time: 0.2, runtime: 10, runtimeLeft: 40, particles: 100, output: 2 } : null,
  });

  it('says a run can be resumed only when the stop leaves a checkpoint', () => {
    expect(resumableAfterStop(at('running', true))).toBe(true);
    expect(resumableAfterStop(at('running', false))).toBe(true);
    // Stopped before the solver started: nothing to resume from.
    expect(resumableAfterStop(at('launching', false))).toBe(false);
    expect(resumableAfterStop(at('creating', false))).toBe(false);
    // A resumed run that has not started yet still has the checkpoint it resumes from.
    expect(resumableAfterStop(at('launching', true))).toBe(true);
  });
});

describe('the start flow steps', () => {
  it('checks the solver, the resources and the stop conditions before Next, not the alerts', () => {
    expect(generalStepFields([{ action: 'warning' }, { action: 'stop' }, { action: 'stop' }])).toEqual(['solverId', 'cores', 'gpu', 'conditions.1', 'conditions.2']);
    const schema = startFormSchema({ endTime: 2, current: { time: 0, runtime: 0, credits: 0, particle_nbr: 0 } });
    const late = schema.safeParse({ solverId: 's', cores: 1, gpu: false, conditions: [createCondition('time', 5, 'stop')] });
    expect(late.success ? [] : late.error.issues.map((i) => i.path.slice(0, 2).join('.'))).toContain('conditions.0');
  });
});

describe('what blocks Start (spec 1 §5)', () => {
  const base = { hasInputErrors: false, solverAvailable: true, organization: organization(), storage: null, cores: 8, gpu: false };

  it('lets a valid case start', () => {
    expect(startFlowBlockers(base)).toEqual([]);
  });

  it('gives the spec reasons in order', () => {
    const blocked = startFlowBlockers({
      ...base,
      hasInputErrors: true,
      solverAvailable: false,
      organization: organization({ credits: 0, maximumSimulationsExceeded: true }),
      storage: { consumedBytes: 10, availableBytes: 10, lastUpdated: '2026-01-01' },
    });
    expect(blocked).toEqual([MESSAGES.startHasErrors, MESSAGES.startNoSolver, MESSAGES.startNoCredits, MESSAGES.startStorageFull, MESSAGES.startMaxSimulations]);
  });

  it('needs no credits on the free CPU instance, but does on a GPU', () => {
    const broke = { ...base, organization: organization({ credits: 0 }) };
    expect(startFlowBlockers({ ...broke, cores: 0 })).toEqual([]);
    expect(startFlowBlockers({ ...broke, cores: 0, gpu: true })).toEqual([MESSAGES.startNoCredits]);
  });

  it('ignores full storage with no_storage_limit_enforcement', () => {
    const full = { consumedBytes: 10, availableBytes: 10, lastUpdated: '2026-01-01' };
    expect(startFlowBlockers({ ...base, storage: full, organization: organization({ features: ['no_storage_limit_enforcement'] }) })).toEqual([]);
  });
});

describe('stop conditions and alerts', () => {
  const simulation = { log: { progress: 0.5, time: 0.8, runtime: 120, runtimeLeft: 100, particles: 5000, output: 8 }, creditsConsumed: 3 };

  it('compares thresholds with the values the run starts from', () => {
    expect(currentConditionValues(simulation, 'resume')).toEqual({ time: 0.8, runtime: 120, credits: 3, particle_nbr: 5000 });
    expect(currentConditionValues(simulation, 'restart')).toEqual({ time: 0, runtime: 0, credits: 3, particle_nbr: 0 });
  });

  it('requires thresholds ahead of the current value and a time below the end time', () => {
    const schema = startFormSchema({ endTime: 2, current: currentConditionValues(simulation, 'resume') });
    const form = (conditions: ReturnType<typeof createCondition>[]) => ({ solverId: 's', cores: 4, gpu: false, conditions });
    expect(schema.safeParse(form([createCondition('time', 1.5)])).success).toBe(true);
    const behind = schema.safeParse(form([createCondition('time', 0.5)]));
    expect(behind.success ? [] : behind.error.issues.map((i) => i.message)).toContain(MESSAGES.conditionAhead);
    const late = schema.safeParse(form([createCondition('time', 3, 'warning')]));
    expect(late.success ? [] : late.error.issues.map((i) => i.message)).toContain(MESSAGES.conditionBelowEndTime);
    expect(schema.safeParse({ ...form([]), solverId: '' }).success).toBe(false);
  });
});

describe('validation texts and job results', () => {
  it('names fields in the product words', () => {
    expect(fieldLabel('component.initialVelocity.2')).toBe('Initial velocity z');
    expect(fieldLabel('shape.dimensions.0')).toBe('Dimensions x');
    expect(fieldLabel('outputTimeInterval')).toBe('Output time interval');
    expect(fieldLabel('calcDomainMax')).toBe('Deletion boundary maximum');
    expect(fieldLabel('appearance.color')).toBe('Color');
    expect(fieldLabel('')).toBe('');
  });

  it('names the settings the solver refuses by their labels, not their keys', () => {
    expect(settingLabel('settings.thermodynamics')).toBe('Heat transfer');
    expect(settingLabel('settings.rotatingSystem')).toBe('Rotating reference frame');
    expect(settingLabel('parts[0] "Tank".shape')).toBe('Tank · Geometry');
    expect(settingLabel('parts[1] "Water".component.thermoKind')).toBe('Water · Thermal condition');
    expect(settingLabel('materials.0.density', { parts: [], materials: [{ name: 'Water' }] })).toBe('Water · Density');
    expect(settingLabel('materials[0] "Oil".viscosityKind')).toBe('Oil · Viscosity');
    expect(settingLabel('movements')).toBe('Movements');
    expect(settingLabel('parts.materialId')).toBe('Fluid materials');
    for (const key of ['settings.thermodynamics', 'settings.multiphase', 'settings.accelerationFile', 'periodicBoundary', 'setup']) {
      expect(settingLabel(key)).not.toMatch(/[.[\]]/);
    }
  });

  it('reads particle counts and warnings of a finished discretization', () => {
    const job = {
      id: 'j', kind: 'discretization' as const, simulationId: 's', state: 'completed' as const, progress: 100, errors: [], warnings: [],
      createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z', runId: null, attempt: 1, startedAt: null, finishedAt: null,
      result: {
        particleCounts: { fluid: 4000, wall: 9000, buffer: 0, total: 13000 },
        particlesPerPart: { tank: 9000, water: 4000 },
        warnings: [{ code: 'fluid_outside_domain', message: 'fluid outside', partId: 'water' }],
      },
    };
    expect(discretizationResultOf(job)).toMatchObject({ particleCounts: { fluid: 4000, wall: 9000, total: 13000 } });
    expect(discretizationResultOf({ ...job, result: null })).toBeNull();
  });
});
