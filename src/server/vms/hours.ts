// VM hours: what an organisation's machines ran in the current month (calendar month, UTC) against the
// subscription's vmHoursPerMonth. Running time is booked on the machine's row by its host (hoursConsumed,
// accountedUntil); the month's use is the overlap of every machine's running interval with the month, so
// a machine running over midnight at the month's end counts in both months by the hour.
import { vmHoursLeft, vmHoursPeriod, vmHoursWithin, type VmHours } from '../../domain/vm.ts';
import type { Executor } from '../platform/db/client.ts';
import { runIntervals, vmHoursPerMonth } from './vms.repository.ts';

export async function organizationVmHours(db: Executor, organizationId: string, now: Date = new Date()): Promise<VmHours> {
  const period = vmHoursPeriod(now);
  const hoursPerMonth = await vmHoursPerMonth(db, organizationId);
  const hoursUsed = vmHoursWithin(await runIntervals(db, organizationId, period, now), period);
  return {
    hoursPerMonth,
    hoursUsed,
    hoursLeft: vmHoursLeft(hoursPerMonth, hoursUsed),
    periodStart: period.start.toISOString(),
    periodEnd: period.end.toISOString(),
  };
}

/**
 * How long a running machine may go before its organisation's hours are gone (ms), taking the month's
 * end into account (a new month brings new hours).
 */
export function msUntilHoursRunOut(hours: VmHours, now: Date, runningMachines: number): number {
  const toMonthEnd = new Date(hours.periodEnd).getTime() - now.getTime();
  if (hours.hoursLeft <= 0) return 0;
  // Several running machines spend the hours left together.
  const spend = (hours.hoursLeft * 3_600_000) / Math.max(1, runningMachines);
  return Math.min(spend, toMonthEnd + 1000);
}
