// Simulation condition rules (spec 1 §5 'Conditions', §4): a time threshold lies below the end time;
// every threshold lies ahead of the current value (above it for 'gte', below it for 'lte').
import type { ConditionValues, SimulationCondition } from '../condition.ts';
import { allowedConditionOperators } from '../condition.ts';
import { MESSAGES } from '../messages.ts';
import { IssueList, type FieldIssue } from './issues.ts';

export interface ConditionRuleOptions {
  endTime: number;
  /** Current values of the running or last run; without them only the end-time rule applies. */
  current?: ConditionValues;
}

export function conditionIssues(condition: SimulationCondition, options: ConditionRuleOptions): FieldIssue[] {
  const list = new IssueList();
  if (!allowedConditionOperators(condition.valueType).includes(condition.operator)) {
    list.error('operator', MESSAGES.conditionOperator);
  }
  if (!list.range('threshold', condition.threshold, {})) return list.issues;
  if (condition.valueType === 'time' && !(condition.threshold < options.endTime)) {
    list.error('threshold', MESSAGES.conditionBelowEndTime);
  }
  if (options.current) {
    const value = options.current[condition.valueType];
    if (condition.operator === 'gte' && !(condition.threshold > value)) list.error('threshold', MESSAGES.conditionAhead);
    if (condition.operator === 'lte' && !(condition.threshold < value)) list.error('threshold', MESSAGES.conditionBehind);
  }
  return list.issues;
}
