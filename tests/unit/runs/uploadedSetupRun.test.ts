// A preprocessed setup uploaded as a zip starts and runs to completed; its clone has its own record and
// zip and runs too; an uploaded setup whose zip is gone is refused with the spec's reason.
import { existsSync, rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../src/domain/messages.ts';
import { outputCount } from '../../../src/domain/settings.ts';
import { uploadedSetups } from '../../../src/server/platform/db/schema.ts';
import { RunStorage } from '../../../src/server/platform/storage/storage.ts';
import { INITIAL_CREDITS } from '../../../src/server/account/seed.ts';
import { createZip } from '../foundation/zipFixtures.ts';
import {
  adminToken,
  call,
  expectConsistentLedger,
  smallDamBreak,
  solverId,
  startRunsApp,
  waitForState,
  type RunsTestApp,
} from './harness.ts';

let t: RunsTestApp;
let token: string;
let solver: string;
let projectId: string;

beforeAll(async () => {
  t = await startRunsApp({ config: { features: ['upload_preprocessing'] } });
  token = await adminToken(t);
  solver = await solverId(t, token);
  projectId = (await call(t, token, 'POST', '/api/projects', { name: 'Uploaded runs' })).json().id;
});
afterAll(async () => t?.close());

async function uploadZip(simulationId: string, zip: Buffer, jobFilename: string) {
  const boundary = '----surge-run-upload';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="jobFilename"\r\n\r\n${jobFilename}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="case.zip"\r\nContent-Type: application/zip\r\n\r\n`),
    zip,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/simulations/${simulationId}/uploaded_setup`,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` },
  });
}

async function uploadedSimulation(name: string): Promise<string> {
  const simulation = await call(t, token, 'POST', `/api/projects/${projectId}/simulations`, { name });
  expect(simulation.status, simulation.text).toBe(201);
  const id = simulation.json().id as string;
  const zip = createZip([{ name: 'case/job.json', data: JSON.stringify(smallDamBreak()) }]);
  const uploaded = await uploadZip(id, zip, 'case/job.json');
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  return id;
}

const start = (simId: string) => call(t, token, 'POST', `/api/simulations/${simId}/runs`, { solverId: solver, cores: 1, mode: 'start' });

describe('runs of uploaded setups', () => {
  it('starts an uploaded setup and runs it to completed, and so does its clone', async () => {
    const simId = await uploadedSimulation('Uploaded dam break');
    const started = await start(simId);
    expect(started.status, started.text).toBe(201);
    expect(await waitForState(t.db.db, simId, ['completed', 'failed', 'launch_failed'])).toBe('completed');
    const outputs = (await call(t, token, 'GET', `/api/simulations/${simId}/outputs`)).json();
    expect(outputs).toHaveLength(outputCount(smallDamBreak().settings));

    const cloned = await call(t, token, 'POST', `/api/simulations/${simId}/clone`, {});
    expect(cloned.status, cloned.text).toBe(201);
    const clone = cloned.json();
    expect(clone).toMatchObject({ uploadedSetup: true, state: 'not_started' });
    const [source] = await t.db.db.select().from(uploadedSetups).where(eq(uploadedSetups.simulationId, simId));
    const [copy] = await t.db.db.select().from(uploadedSetups).where(eq(uploadedSetups.simulationId, clone.id));
    expect(copy).toMatchObject({ zipName: source.zipName, zipSize: source.zipSize, sha256: source.sha256, jobFilename: 'case/job.json' });
    expect(copy.zipFileId).not.toBe(source.zipFileId);
    expect(clone.size).toBe(source.zipSize);
    const storage = new RunStorage(t.storageDir);
    expect(existsSync(storage.uploadPath(t.organizationId, copy.zipFileId))).toBe(true);

    const cloneStarted = await start(clone.id);
    expect(cloneStarted.status, cloneStarted.text).toBe(201);
    expect(await waitForState(t.db.db, clone.id, ['completed', 'failed', 'launch_failed'])).toBe('completed');
    await expectConsistentLedger(t.db.db, t.organizationId, INITIAL_CREDITS);
  });

  it('refuses to start an uploaded setup whose zip is gone', async () => {
    const simId = await uploadedSimulation('Lost zip');
    const [record] = await t.db.db.select().from(uploadedSetups).where(eq(uploadedSetups.simulationId, simId));
    rmSync(new RunStorage(t.storageDir).uploadPath(t.organizationId, record.zipFileId));
    const refused = await start(simId);
    expect(refused.status).toBe(400);
    expect(refused.json()).toMatchObject({ title: 'validation_error', description: MESSAGES.startUploadedSetupMissing });
    // Its clone has nothing to copy either, and cannot start for the same reason.
    const clone = (await call(t, token, 'POST', `/api/simulations/${simId}/clone`, {})).json();
    expect((await start(clone.id)).json().description).toBe(MESSAGES.startUploadedSetupMissing);
  });

  it('removes the zip of a deleted simulation once the grace period has passed, and keeps the others', async () => {
    const keep = await uploadedSimulation('Zip kept');
    const drop = await uploadedSimulation('Zip dropped');
    const storage = new RunStorage(t.storageDir);
    const zipOf = async (simId: string) => (await t.db.db.select().from(uploadedSetups).where(eq(uploadedSetups.simulationId, simId)))[0].zipFileId;
    const [keptZip, droppedZip] = [await zipOf(keep), await zipOf(drop)];
    expect((await call(t, token, 'DELETE', `/api/simulations/${drop}`)).status).toBe(200);
    // Within the grace period nothing goes: a new upload sits at its path a moment before its row exists.
    expect((await t.app.surge.runs.janitor.sweep()).files).toEqual([]);
    expect(existsSync(storage.uploadPath(t.organizationId, droppedZip))).toBe(true);
    const later = await t.app.surge.runs.janitor.sweep(Date.now() + 2 * 60 * 60 * 1000);
    expect(later.files).toEqual([`${t.organizationId}/files/${droppedZip}`]);
    expect(existsSync(storage.uploadPath(t.organizationId, droppedZip))).toBe(false);
    expect(existsSync(storage.uploadPath(t.organizationId, keptZip))).toBe(true);
  });
});
