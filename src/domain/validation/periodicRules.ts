// Periodic boundary rules (spec 1 §5 'Periodic'): slice angle 1..120°, warned below 15° and when it
// does not divide 360° within 0.1°; slice rotation strictly between -360° and 360°; non-zero axis.
import type { PeriodicBoundary } from '../periodicBoundary.ts';
import { periodicSliceCount } from '../periodicBoundary.ts';
import { limitsFor } from '../limits.ts';
import { MESSAGES } from '../messages.ts';
import { PERIODIC_DIVISOR_TOLERANCE_DEG, PERIODIC_SLICE_ANGLE_WARNING_DEG } from '../constants.ts';
import { IssueList, type FieldIssue } from './issues.ts';

const L = limitsFor('default');

export function sliceAngleIssues(sliceAngle: number): FieldIssue[] {
  const list = new IssueList();
  if (list.range('sliceAngle', sliceAngle, L.sliceAngle)) {
    if (sliceAngle < PERIODIC_SLICE_ANGLE_WARNING_DEG) list.warning('sliceAngle', MESSAGES.sliceAngleSmall);
    if (periodicSliceCount(sliceAngle, PERIODIC_DIVISOR_TOLERANCE_DEG) === null) {
      list.warning('sliceAngle', MESSAGES.sliceAngleDivisor);
    }
  }
  return list.issues;
}

export function periodicBoundaryIssues(boundary: PeriodicBoundary): FieldIssue[] {
  const list = new IssueList();
  list.add(sliceAngleIssues(boundary.sliceAngle));
  list.range('sliceRotation', boundary.sliceRotation, L.sliceRotation);
  list.nonZeroVector('axis', boundary.axis);
  list.vectorRange('center', boundary.center, {});
  return list.issues;
}
