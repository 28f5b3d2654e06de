// Air drag domain rules (spec 1 §5 'Air drag'): size > 0; cell size > 0 and at most 50,000,000 cells
// unless constant; velocity required when constant; table when kind table; reference simulation with
// one output or a start..end range when kind simulation.
import type { AirDragDomain } from '../airDrag.ts';
import { airDragCellCount } from '../airDrag.ts';
import { limitsFor } from '../limits.ts';
import { MESSAGES } from '../messages.ts';
import { IssueList, type FieldIssue } from './issues.ts';
import { checkTableReference, type TableLookup } from './tables.ts';

const L = limitsFor('default');

export function airDragIssues(domain: AirDragDomain, tables?: TableLookup): FieldIssue[] {
  const list = new IssueList();
  list.vectorRange('center', domain.center, {});
  const sizeOk = list.vectorRange('size', domain.size, L.airDragSize);
  if (domain.kind !== 'constant') {
    if (list.range('cellSize', domain.cellSize, L.airDragCellSize) && sizeOk && airDragCellCount(domain) > L.airDragMaxCells) {
      list.error('cellSize', MESSAGES.airDragTooManyCells);
    }
  }
  switch (domain.kind) {
    case 'constant':
      if (domain.velocity === null) list.error('velocity', MESSAGES.airDragVelocityRequired);
      else list.vectorRange('velocity', domain.velocity, {});
      break;
    case 'table':
      checkTableReference(list, 'tableId', domain.tableId, tables);
      break;
    case 'simulation':
      if (domain.refSimulationId === null) list.error('refSimulationId', MESSAGES.airDragReferenceRequired);
      if (domain.outputRange) {
        if (domain.outputStart === null) list.error('outputStart', MESSAGES.airDragOutputRequired);
        if (domain.outputEnd === null) list.error('outputEnd', MESSAGES.airDragOutputRequired);
        if (domain.outputStart !== null && domain.outputEnd !== null && domain.outputStart > domain.outputEnd) {
          list.error('outputEnd', MESSAGES.statsRangeEndNotBeforeStart);
        }
      } else if (domain.outputSingle === null) {
        list.error('outputSingle', MESSAGES.airDragOutputRequired);
      }
      break;
  }
  return list.issues;
}
