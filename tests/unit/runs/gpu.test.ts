// A GPU run through the job system: the solver process runs the WebGPU backend (Dawn, here on SwiftShader)
// and the run is charged at the GPU rate. Small on purpose: SwiftShader proves the path, not the speed.
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GPU_CREDITS_PER_HOUR } from '../../../src/domain/constants.ts';
import { INITIAL_CREDITS } from '../../../src/server/account/seed.ts';
import { adminToken, call, createSimulationWithSetup, expectConsistentLedger, smallDamBreak, solverId, startRunsApp, waitForState, type RunsTestApp } from './harness.ts';

const SWIFTSHADER = '/usr/lib/chromium/vk_swiftshader_icd.json';
let t: RunsTestApp;

beforeAll(async () => {
  // The solver process inherits the environment: Dawn finds the software Vulkan driver there.
  process.env.VK_ICD_FILENAMES ??= SWIFTSHADER;
  process.env.XDG_RUNTIME_DIR ??= '/tmp';
  t = await startRunsApp();
});
afterAll(async () => t?.close());

describe('GPU runs', () => {
  it.skipIf(!existsSync(SWIFTSHADER))('runs on the WebGPU backend and is charged at the GPU rate', async () => {
    const token = await adminToken(t);
    const simId = await createSimulationWithSetup(t, token, smallDamBreak());
    const started = await call(t, token, 'POST', `/api/simulations/${simId}/runs`, { solverId: await solverId(t, token), cores: 0, gpu: true, mode: 'start' });
    expect(started.status, started.text).toBe(201);
    expect(started.json()).toMatchObject({ gpu: true, freeInstance: false, creditsPerHour: GPU_CREDITS_PER_HOUR });
    expect(await waitForState(t.db.db, simId, ['completed', 'failed', 'launch_failed'], 150_000)).toBe('completed');
    const [job] = (await call(t, token, 'GET', `/api/simulations/${simId}/jobs`)).json();
    expect(job.result).toMatchObject({ status: 'completed', backend: 'gpu', outputs: 6 });
    expect((await call(t, token, 'GET', `/api/simulations/${simId}/outputs`)).json()).toHaveLength(6);
    await expectConsistentLedger(t.db.db, t.organizationId, INITIAL_CREDITS);
  }, 180_000);
});
