// VM hours: the month's use is the overlap of every machine's running time with the calendar month (UTC),
// shown as h and m; launching needs hours left; a running machine stops when its organisation's hours are
// gone and is booked exactly up to then.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formatVmHours,
  launchableSimulation,
  normalizeVmPath,
  shutdownTimeProblem,
  VM_MESSAGES,
  vmButton,
  vmHoursPeriod,
  vmHoursWithin,
  vmLaunchBlock,
  vmStateNotice,
  vmWindowState,
  type RemoteVm,
} from '../../../src/domain/vm.ts';
import { organizations, remoteVms } from '../../../src/server/platform/db/schema.ts';
import { organizationVmHours } from '../../../src/server/vms/hours.ts';
import { setVmHoursPerMonth } from '../../../src/server/vms/vms.repository.ts';
import { call, createSimulationWithSetup, createUser, smallDamBreak, solverId, startRunsApp, tokenFor, waitFor, waitForState, type RunsTestApp } from '../runs/harness.ts';

const H = 3_600_000;

describe('VM hours arithmetic', () => {
  it('counts the overlap of running intervals with the calendar month', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    const period = vmHoursPeriod(now);
    expect(period.start.toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(period.end.toISOString()).toBe('2026-04-01T00:00:00.000Z');
    const intervals = [
      { start: new Date('2026-02-28T23:00:00Z'), end: new Date('2026-03-01T01:30:00Z') },
      { start: new Date('2026-03-10T09:00:00Z'), end: new Date('2026-03-10T11:15:00Z') },
      { start: new Date('2026-02-10T09:00:00Z'), end: new Date('2026-02-10T19:00:00Z') },
      { start: new Date('2026-03-31T23:00:00Z'), end: new Date('2026-04-01T02:00:00Z') },
    ];
    const used = vmHoursWithin(intervals, period);
    console.log(`month 2026-03: used ${used} h (1.5 + 2.25 + 0 + 1 expected)`);
    expect(used).toBeCloseTo(4.75, 12);
    expect(vmHoursWithin(intervals, vmHoursPeriod(new Date('2026-04-02T00:00:00Z')))).toBeCloseTo(2, 12);
  });

  it('shows hours as h and m, never rounding up what is left', () => {
    expect(formatVmHours(0)).toBe('0h 0m');
    expect(formatVmHours(-1)).toBe('0h 0m');
    expect(formatVmHours(2.5)).toBe('2h 30m');
    expect(formatVmHours(99.999)).toBe('99h 59m');
    expect(formatVmHours(1 / 60)).toBe('0h 1m');
  });

  it('gives Launch VM the spec tooltips and the button its labels', () => {
    expect(vmLaunchBlock({ hasResults: true, hoursLeft: 0 })).toBe(VM_MESSAGES.noHoursLeft);
    expect(vmLaunchBlock({ hasResults: true, hoursLeft: 0.1 })).toBe(VM_MESSAGES.notEnoughHours);
    expect(vmLaunchBlock({ hasResults: false, hoursLeft: 5 })).toBe(VM_MESSAGES.noResults);
    expect(vmLaunchBlock({ hasResults: true, hoursLeft: 5 })).toBeNull();
    expect([null, 'launching', 'running', 'stopping', 'stopped', 'failed'].map((s) => vmButton(s as RemoteVm['state'] | null).label)).toEqual([
      'Launch VM', 'Launching VM...', 'Open VM', 'Stopping VM...', 'Launch VM', 'Launch VM',
    ]);
    expect(vmStateNotice('launching', 'running')).toBe('running');
    expect(vmStateNotice('launching', 'failed')).toBe('failed');
    expect(vmStateNotice('running', 'stopped')).toBeNull();
    expect(launchableSimulation({ state: 'completed', activeRunId: 'r', remoteVmRunState: 'stopped' })).toBe(true);
    expect(launchableSimulation({ state: 'completed', activeRunId: 'r', remoteVmRunState: 'running' })).toBe(false);
    expect(launchableSimulation({ state: 'not_started', activeRunId: null, remoteVmRunState: null })).toBe(false);
  });

  it("maps what is known to the VM screen's window states", () => {
    expect(vmWindowState(undefined, 'connecting')).toBe('loading');
    expect(vmWindowState('missing', 'connecting')).toBe('notFound');
    expect(vmWindowState('error', 'connected')).toBe('error');
    expect(vmWindowState({ state: 'launching' }, 'connecting')).toBe('loading');
    expect(vmWindowState({ state: 'running' }, 'connecting')).toBe('loading');
    expect(vmWindowState({ state: 'running' }, 'connected')).toBe('connected');
    expect(vmWindowState({ state: 'running' }, 'failed')).toBe('error');
    expect(vmWindowState({ state: 'stopping' }, 'connected')).toBe('stopping');
    expect(vmWindowState({ state: 'stopped' }, 'connected')).toBe('notFound');
    expect(vmWindowState({ state: 'failed' }, 'connecting')).toBe('notFound');
  });

  it('accepts shutdown times within the next 24 hours only, and workspace paths inside the root', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    expect(shutdownTimeProblem(null, now)).toBeNull();
    expect(shutdownTimeProblem(new Date(now.getTime() + 24 * H), now)).toBeNull();
    expect(shutdownTimeProblem(new Date(now.getTime() - 1000), now)).toBe(VM_MESSAGES.shutdownTimeRange);
    expect(shutdownTimeProblem(new Date(now.getTime() + 25 * H), now)).toBe(VM_MESSAGES.shutdownTimeRange);
    expect(normalizeVmPath('results/a.csv')).toBe('/home/results/a.csv');
    expect(normalizeVmPath('/outputs/0/../1/meta.json')).toBe('/outputs/1/meta.json');
    expect(normalizeVmPath('/../etc/passwd')).toBeNull();
    expect(normalizeVmPath('/home/a\0b')).toBeNull();
  });
});

describe('VM hours of an organisation', () => {
  let t: RunsTestApp;
  let owner: string;
  let simulationId: string;

  beforeAll(async () => {
    t = await startRunsApp({ vms: { accountingMs: 250 } });
    owner = await tokenFor(t, (await createUser(t, t.organizationId, 'manager')).id, { expiresIn: '1h' });
    simulationId = await createSimulationWithSetup(t, owner, smallDamBreak(), 'Hours simulation');
    const started = await call(t, owner, 'POST', `/api/simulations/${simulationId}/runs`, { solverId: await solverId(t, owner), cores: 1, mode: 'start' });
    expect(started.status, started.text).toBe(201);
    expect(await waitForState(t.db.db, simulationId, ['completed', 'failed', 'launch_failed'])).toBe('completed');
  }, 120_000);
  afterAll(async () => t?.close());

  it('adds up the machines of the month, running ones up to now', async () => {
    const other = await createSimulationWithSetup(t, owner, smallDamBreak(), 'Ledger simulation');
    const now = new Date();
    const period = vmHoursPeriod(now);
    const base = { organizationId: t.organizationId, simulationId: other, passwordHash: 'x', passwordSealed: 'x' };
    await t.db.db.insert(remoteVms).values([
      { ...base, name: 'vm-a', username: 'vm-a', state: 'stopped', runningSince: new Date(period.start.getTime() - H), accountedUntil: new Date(period.start.getTime() + 1.5 * H), stoppedAt: new Date(period.start.getTime() + 1.5 * H) },
      { ...base, name: 'vm-b', username: 'vm-b', state: 'stopped', runningSince: new Date(period.start.getTime() - 10 * H), accountedUntil: new Date(period.start.getTime() - 5 * H) },
      { ...base, name: 'vm-c', username: 'vm-c', state: 'failed', runningSince: null, accountedUntil: null },
    ]);
    await setVmHoursPerMonth(t.db.db, t.organizationId, 10);
    const hours = await organizationVmHours(t.db.db, t.organizationId, now);
    console.log(`organisation: ${hours.hoursUsed} h used of ${hours.hoursPerMonth}, ${hours.hoursLeft} left`);
    expect(hours.hoursUsed).toBeCloseTo(1.5, 9);
    expect(hours.hoursLeft).toBeCloseTo(8.5, 9);
    const api = (await call(t, owner, 'GET', '/api/remote_vms/hours')).json();
    expect(api.hoursUsed).toBeCloseTo(1.5, 6);
    expect(api.periodStart).toBe(period.start.toISOString());
    await t.db.db.delete(remoteVms).where(eq(remoteVms.simulationId, other));
  });

  it('stops a running machine when the hours are gone, booked up to then, and launches no other', async () => {
    await setVmHoursPerMonth(t.db.db, t.organizationId, 1);
    const launched = await call(t, owner, 'POST', `/api/simulations/${simulationId}/remote_vms`);
    expect(launched.status, launched.text).toBe(201);
    await waitFor('running', async () => {
      const vm = (await call(t, owner, 'GET', `/api/simulations/${simulationId}/remote_vms`)).json() as RemoteVm;
      if (vm.state === 'failed') throw new Error(vm.message ?? 'failed');
      return vm.state === 'running';
    });
    // Leave it 3 seconds of hours from now.
    const used = (await organizationVmHours(t.db.db, t.organizationId)).hoursUsed;
    const allowance = used + 3 / 3600;
    await setVmHoursPerMonth(t.db.db, t.organizationId, allowance);
    const stoppedAt = Date.now() + 3000;
    const vm = await waitFor('stopped for lack of hours', async () => {
      const current = (await call(t, owner, 'GET', `/api/simulations/${simulationId}/remote_vms`)).json() as RemoteVm;
      return current.state === 'stopped' ? current : null;
    }, 20_000);
    const lateMs = Date.now() - stoppedAt;
    const hours = await organizationVmHours(t.db.db, t.organizationId);
    console.log(`out of hours: allowance ${(allowance * 3600).toFixed(2)} s, machine booked ${(vm.hoursConsumed * 3600).toFixed(2)} s, month ${(hours.hoursUsed * 3600).toFixed(2)} s, stop seen ${lateMs} ms after the hours ran out`);
    expect(vm.message).toBe(VM_MESSAGES.stoppedOutOfHours);
    // Booked to within half a second of the allowance, on either side.
    expect(Math.abs(hours.hoursUsed - allowance) * 3600).toBeLessThan(0.5);
    const again = await call(t, owner, 'POST', `/api/simulations/${simulationId}/remote_vms`);
    expect(again.status).toBe(400);
    expect([VM_MESSAGES.noHoursLeft, VM_MESSAGES.notEnoughHours]).toContain(again.json().description);
    const [org] = await t.db.db.select().from(organizations).where(eq(organizations.id, t.organizationId));
    expect(org.subscription?.vmHoursPerMonth).toBeCloseTo(allowance, 12);
  }, 60_000);
});
