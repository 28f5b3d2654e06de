// Whole-setup validation for the Input Validation panel and the start check (spec 1 §5): runs every
// entity rule with the case's context and groups the findings as the panel shows them.
import type { SetupDocument } from '../setup.ts';
import type { ConditionValues } from '../condition.ts';
import type { ValidationProfile } from '../limits.ts';
import { MESSAGES } from '../messages.ts';
import { MULTIPHASE_MAX_MATERIALS, MULTIPHASE_MIN_MATERIALS } from '../constants.ts';
import {
  issueGroups, issueGroupLabels, type FieldIssue, type IssueGroup, type ValidationIssue,
} from './issues.ts';
import { settingsIssues } from './settingsRules.ts';
import { materialIssues } from './materialRules.ts';
import { partIssues } from './partRules.ts';
import { movementIssues } from './movementRules.ts';
import { periodicBoundaryIssues } from './periodicRules.ts';
import { airDragIssues } from './airDragRules.ts';
import { refinementIssues, sensorIssues, volumeClipIssues } from './objectRules.ts';
import { conditionIssues } from './conditionRules.ts';
import { tableLookupOf } from './tables.ts';

export interface ValidateSetupOptions {
  profile: ValidationProfile;
  /** Current run values, to check that condition thresholds lie ahead of them. */
  current?: ConditionValues;
}

export interface IssueGroupResult {
  group: IssueGroup;
  label: string;
  issues: ValidationIssue[];
}

export interface SetupValidation {
  /** Every finding, in panel order. */
  issues: ValidationIssue[];
  /** Non-empty groups in panel order. */
  groups: IssueGroupResult[];
  errorCount: number;
  warningCount: number;
  /** Errors block the start of a run. */
  valid: boolean;
}

function place(
  out: ValidationIssue[], group: IssueGroup, issues: readonly FieldIssue[], entity?: { id: string | number; name?: string },
): void {
  for (const issue of issues) {
    out.push({
      ...issue,
      group,
      ...(entity ? { entityId: String(entity.id), ...(entity.name !== undefined ? { entityName: entity.name } : {}) } : {}),
    });
  }
}

export function validateSetup(setup: SetupDocument, options: ValidateSetupOptions): SetupValidation {
  const { profile } = options;
  const { settings } = setup;
  const tables = tableLookupOf(setup.dataTables);
  const materialIds = new Set(setup.materials.map((m) => m.id));
  const movementIds = new Set(setup.movements.map((m) => m.id));
  const partIds = new Set(setup.parts.map((p) => p.id));
  const out: ValidationIssue[] = [];

  // Simulation settings, with the deletion-boundary recommendation.
  place(out, 'simulationSettings', settingsIssues(settings, { profile, materialCount: setup.materials.length }));
  if (!settings.calcDomainActive) {
    place(out, 'simulationSettings', [{ field: 'calcDomainActive', message: MESSAGES.addDeletionBoundary, severity: 'info' }]);
  }

  // Air drag, only when switched on.
  if (settings.airDrag) {
    if (settings.multiphase) place(out, 'airDrag', [{ field: 'airDrag', message: MESSAGES.multiphaseAirDrag, severity: 'error' }]);
    if (setup.airDragDomain === null) {
      place(out, 'airDrag', [{ field: 'airDragDomain', message: MESSAGES.airDragDomainMissing, severity: 'error' }]);
    } else {
      place(out, 'airDrag', airDragIssues(setup.airDragDomain, tables), { id: setup.airDragDomain.id });
    }
  }

  if (setup.periodicBoundary) {
    place(out, 'periodicBoundary', periodicBoundaryIssues(setup.periodicBoundary), { id: setup.periodicBoundary.id });
  }

  for (const part of setup.parts) {
    place(out, 'parts', partIssues(part, { profile, settings, materialIds, movementIds, tables }), part);
  }

  for (const refinement of setup.refinements) {
    const issues = refinementIssues(refinement);
    if (settings.multiphase) issues.unshift({ field: '', message: MESSAGES.multiphaseRefinement, severity: 'error' });
    place(out, 'refinements', issues, refinement);
  }

  if (settings.multiphase) {
    if (setup.materials.length < MULTIPHASE_MIN_MATERIALS) {
      place(out, 'materials', [{ field: '', message: MESSAGES.multiphaseMinMaterials, severity: 'error' }]);
    }
    if (setup.materials.length > MULTIPHASE_MAX_MATERIALS) {
      place(out, 'materials', [{ field: '', message: MESSAGES.multiphaseMaxMaterials, severity: 'error' }]);
    }
  }
  for (const material of setup.materials) {
    const otherNames = setup.materials.filter((m) => m.id !== material.id).map((m) => m.name);
    place(out, 'materials', materialIssues(material, { profile, thermodynamics: settings.thermodynamics, tables, otherNames }), material);
  }

  for (const movement of setup.movements) {
    place(out, 'movements', movementIssues(movement, {
      profile, endTime: settings.endTime, movements: setup.movements, partIds,
    }), movement);
  }

  for (const sensor of setup.sensors) place(out, 'sensors', sensorIssues(sensor), sensor);
  for (const clip of setup.volumeClips) place(out, 'volumeClips', volumeClipIssues(clip, materialIds), clip);
  for (const condition of setup.conditions) {
    place(out, 'conditions', conditionIssues(condition, { endTime: settings.endTime, current: options.current }), { id: condition.id });
  }

  const groups = issueGroups
    .map((group) => ({ group, label: issueGroupLabels[group], issues: out.filter((i) => i.group === group) }))
    .filter((g) => g.issues.length > 0);
  const errorCount = out.filter((i) => i.severity === 'error').length;
  return {
    issues: groups.flatMap((g) => g.issues),
    groups,
    errorCount,
    warningCount: out.filter((i) => i.severity === 'warning').length,
    valid: errorCount === 0,
  };
}
