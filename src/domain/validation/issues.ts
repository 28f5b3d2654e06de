// Shape of validation findings and the small toolkit every rule uses: range checks with the spec's
// messages, vector checks, and grouping for the Input Validation panel (spec 1 §5).
import type { NumberRange } from '../limits.ts';
import {
  MESSAGES, mustBeAtLeast, mustBeAtMost, mustBeBetween, mustBeGreaterThan, mustBeGreaterThanAndAtMost,
  mustBeLessThan, mustBeStrictlyBetween, formatLimit,
} from '../messages.ts';

export const issueSeverities = ['error', 'warning', 'info'] as const;
export type IssueSeverity = (typeof issueSeverities)[number];

/** Groups of the Input Validation panel, in display order. */
export const issueGroups = [
  'simulationSettings', 'airDrag', 'periodicBoundary', 'parts', 'refinements', 'materials', 'movements', 'sensors',
  'volumeClips', 'conditions',
] as const;
export type IssueGroup = (typeof issueGroups)[number];

export const issueGroupLabels: Readonly<Record<IssueGroup, string>> = {
  simulationSettings: 'Simulation settings',
  airDrag: 'Air drag',
  periodicBoundary: 'Periodic boundary',
  parts: 'Parts',
  refinements: 'Refinements',
  materials: 'Materials',
  movements: 'Movements',
  sensors: 'Sensors',
  volumeClips: 'Volume clips',
  conditions: 'Conditions',
};

/** A finding about one field of one entity. `field` is a dot path as forms use it ("initialVelocity.2"). */
export interface FieldIssue {
  field: string;
  message: string;
  severity: IssueSeverity;
}

/** A finding of the whole-setup validation: a field issue placed in its group and entity. */
export interface ValidationIssue extends FieldIssue {
  group: IssueGroup;
  entityId?: string;
  entityName?: string;
}

/** Message for a value outside `range`, chosen by which sides are bounded and how. */
export function describeRange(range: NumberRange): string {
  const { min, max, minExclusive, maxExclusive } = range;
  if (min !== undefined && max !== undefined) {
    if (minExclusive && maxExclusive) return mustBeStrictlyBetween(min, max);
    if (minExclusive) return mustBeGreaterThanAndAtMost(min, max);
    if (maxExclusive) return `must be at least ${formatLimit(min)} and smaller than ${formatLimit(max)}`;
    return mustBeBetween(min, max);
  }
  if (min !== undefined) return minExclusive ? mustBeGreaterThan(min) : mustBeAtLeast(min);
  if (max !== undefined) return maxExclusive ? mustBeLessThan(max) : mustBeAtMost(max);
  return MESSAGES.validNumber;
}

/** Null when `value` satisfies `range`, otherwise the message to show. */
export function checkRange(value: unknown, range: NumberRange): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return MESSAGES.validNumber;
  if (range.integer && !Number.isInteger(value)) return MESSAGES.wholeNumber;
  const { min, max, minExclusive, maxExclusive } = range;
  if (min !== undefined && (minExclusive ? value <= min : value < min)) return describeRange(range);
  if (max !== undefined && (maxExclusive ? value >= max : value > max)) return describeRange(range);
  return null;
}

/** Collects field issues under an optional path prefix ("component.", "shape."). */
export class IssueList {
  /** Shared with nested lists, so every finding ends up in the root list. */
  readonly issues: FieldIssue[];
  private readonly prefix: string;

  constructor(prefix = '', sink: FieldIssue[] = []) {
    this.prefix = prefix;
    this.issues = sink;
  }

  private path(field: string): string {
    return this.prefix ? (field ? `${this.prefix}.${field}` : this.prefix) : field;
  }

  error(field: string, message: string): void {
    this.issues.push({ field: this.path(field), message, severity: 'error' });
  }

  warning(field: string, message: string): void {
    this.issues.push({ field: this.path(field), message, severity: 'warning' });
  }

  info(field: string, message: string): void {
    this.issues.push({ field: this.path(field), message, severity: 'info' });
  }

  /** Range check; returns whether the value was valid so dependent checks can be skipped. */
  range(field: string, value: unknown, range: NumberRange): boolean {
    const message = checkRange(value, range);
    if (message) this.error(field, message);
    return message === null;
  }

  /** Each component of a vector against the same range. */
  vectorRange(field: string, value: readonly unknown[] | null | undefined, range: NumberRange): boolean {
    if (!value) {
      this.error(field, MESSAGES.required);
      return false;
    }
    let ok = true;
    for (let i = 0; i < 3; i++) {
      const message = checkRange(value[i], range);
      if (message) {
        this.error(`${field}.${i}`, message === MESSAGES.validNumber ? MESSAGES.vectorComponent : message);
        ok = false;
      }
    }
    return ok;
  }

  /** A vector that must be present, finite and non-zero (axes, normals, directions). */
  nonZeroVector(field: string, value: readonly unknown[] | null | undefined): boolean {
    if (!value) {
      this.error(field, MESSAGES.required);
      return false;
    }
    if (!this.vectorRange(field, value, {})) return false;
    if (value.every((c) => c === 0)) {
      this.error(field, MESSAGES.zeroLength);
      return false;
    }
    return true;
  }

  /** Sub-list whose fields are nested under `prefix`; its issues land in this list. */
  nested(prefix: string): IssueList {
    return new IssueList(this.path(prefix), this.issues);
  }

  add(issues: readonly FieldIssue[]): void {
    for (const i of issues) this.issues.push({ ...i, field: this.path(i.field) });
  }
}

export function hasErrors(issues: readonly Pick<FieldIssue, 'severity'>[]): boolean {
  return issues.some((i) => i.severity === 'error');
}

export function errorsOnly<T extends Pick<FieldIssue, 'severity'>>(issues: readonly T[]): T[] {
  return issues.filter((i) => i.severity === 'error');
}
