// GET /solvers says how many solver threads this installation gives one run, so that the start dialog
// can default to cores the machine can actually use instead of the subscription maximum.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { solverSchema } from '../../../src/domain/organization.ts';
import { adminToken, call, startRunsApp, type RunsTestApp } from './harness.ts';

let t: RunsTestApp;

beforeAll(async () => {
  t = await startRunsApp({ runs: { maxThreads: 3 } });
});
afterAll(async () => t?.close());

describe('the solver list', () => {
  it("gives each solver the installation's solver thread count", async () => {
    const token = await adminToken(t);
    const response = await call(t, token, 'GET', '/api/solvers');
    expect(response.status, response.text).toBe(200);
    const solvers = z.array(solverSchema).parse(response.json());
    expect(solvers.length).toBeGreaterThan(0);
    for (const solver of solvers) expect(solver.maxThreads).toBe(3);
  });
});
