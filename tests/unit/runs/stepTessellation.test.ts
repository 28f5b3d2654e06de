// Tessellation of an uploaded STEP file over the API: the CAx-IF part becomes an STL upload of the same
// simulation, in metres, with its shape info and bodies; the STL serves like any upload and counts
// towards the simulation's size. Bad parameters, a file that is no STEP and other organisations' files
// are refused without storing anything.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { uploadedFiles } from '../../../src/server/platform/db/schema.ts';
import { binaryStl, tessellateOnWorker, TESSELLATION_CONCURRENCY } from '../../../src/server/uploads/stepTessellation.ts';
import {
  adminToken,
  call,
  createOrganization,
  createSimulationWithSetup,
  createUser,
  smallDamBreak,
  startRunsApp,
  tokenFor,
  uploadFile,
  type RunsTestApp,
} from './harness.ts';

const caxIf = (name: string) => readFileSync(fileURLToPath(new URL(`../../../node_modules/occt-import-js/test/testfiles/cax-if/${name}`, import.meta.url)));

let t: RunsTestApp;
let token: string;
let outsider: string;
let simId: string;

beforeAll(async () => {
  t = await startRunsApp();
  token = await adminToken(t);
  outsider = await tokenFor(t, (await createUser(t, await createOrganization(t, 'Elsewhere'), 'manager')).id);
  simId = await createSimulationWithSetup(t, token, smallDamBreak());
});
afterAll(async () => t?.close());

const tessellate = (as: string | null, fileId: string, body: unknown) => call(t, as, 'POST', `/api/files/${fileId}/tessellation`, body);

describe('STEP tessellation', () => {
  it('turns an uploaded STEP part into an STL upload with shape info and its bodies', async () => {
    const step = await uploadFile(t, token, simId, 'io1-cm-214.stp', caxIf('io1-cm-214.stp'));
    expect(step.status, step.text).toBe(201);
    const before = (await call(t, token, 'GET', `/api/simulations/${simId}`)).json().size as number;

    const response = await tessellate(token, step.json().id, { linearDeflectionFactor: 1, angularDeflection: (15 * Math.PI) / 180 });
    expect(response.status, response.text).toBe(201);
    const result = response.json();
    expect(result.source).toEqual({ id: step.json().id, name: 'io1-cm-214.stp' });
    expect(result.parts).toHaveLength(1);
    const [part] = result.parts;
    expect(part.name).toBe('io1-cm-214');
    expect(part.file).toMatchObject({ name: 'io1-cm-214.stl', extension: 'stl', unit: 'm' });
    expect(part.bodies.length).toBeGreaterThan(0);
    expect(part.bodies.reduce((n: number, b: { triangles: number }) => n + b.triangles, 0)).toBe(result.triangleCount);
    const info = part.file.shapeInfo;
    expect(info.nbrOfTriangles).toBe(result.triangleCount);
    // The part is about 0.1 m across: millimetres in the file, metres here.
    const extent = Math.max(...[0, 1, 2].map((a) => info.boundingBox.max[a] - info.boundingBox.min[a]));
    expect(extent).toBeGreaterThan(0.01);
    expect(extent).toBeLessThan(1);

    // The STL is served like any upload and is a binary STL of those triangles.
    const bytes = await t.app.inject({ method: 'GET', url: `/api/files/${part.file.id}`, headers: { authorization: `Bearer ${token}` } });
    expect(bytes.statusCode).toBe(200);
    expect(bytes.rawPayload.readUInt32LE(80)).toBe(result.triangleCount);
    expect(bytes.rawPayload.length).toBe(84 + 50 * result.triangleCount);
    const after = (await call(t, token, 'GET', `/api/simulations/${simId}`)).json().size as number;
    expect(after - before).toBe(bytes.rawPayload.length);

    // A coarser deviation factor gives fewer triangles.
    const coarse = await tessellate(token, step.json().id, { linearDeflectionFactor: 10, angularDeflection: (90 * Math.PI) / 180 });
    expect(coarse.status, coarse.text).toBe(201);
    expect(coarse.json().triangleCount).toBeLessThan(result.triangleCount);
  });

  it('imports chosen bodies of an assembly, one part per body or merged', async () => {
    const step = (await uploadFile(t, token, simId, 'as1-oc-214.stp', caxIf('as1-oc-214.stp'))).json();
    const angle = (15 * Math.PI) / 180;
    const all = await tessellate(token, step.id, { linearDeflectionFactor: 2, angularDeflection: angle, separate: true });
    expect(all.status, all.text).toBe(201);
    const bodies = all.json().parts.map((p: { bodies: { entryId: string; labelName: string }[] }) => p.bodies[0]);
    expect(bodies).toHaveLength(18);
    // Every part is one body, named after it.
    for (const p of all.json().parts) {
      expect(p.bodies).toHaveLength(1);
      expect(p.name).toBe(p.bodies[0].labelName);
      expect(p.file.name).toBe(`${p.name}.stl`);
    }

    const two = [bodies[0].entryId, bodies[5].entryId];
    const merged = await tessellate(token, step.id, { linearDeflectionFactor: 2, angularDeflection: angle, entryIds: two });
    expect(merged.status, merged.text).toBe(201);
    expect(merged.json().parts).toHaveLength(1);
    expect(merged.json().parts[0].bodies.map((b: { entryId: string }) => b.entryId)).toEqual(two);
    const perBody = all.json().parts.filter((p: { bodies: { entryId: string }[] }) => two.includes(p.bodies[0].entryId));
    expect(merged.json().triangleCount).toBe(perBody.reduce((n: number, p: { file: { shapeInfo: { nbrOfTriangles: number } } }) => n + p.file.shapeInfo.nbrOfTriangles, 0));

    const unknown = await tessellate(token, step.id, { linearDeflectionFactor: 2, angularDeflection: angle, entryIds: ['0:1:1:99'] });
    expect(unknown.status).toBe(400);
    expect(unknown.json().description).toBe('The STEP file has no body 0:1:1:99.');
  });

  it('runs on worker threads a few at a time and stops one that overruns its time limit', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'surge-step-')), 'part.stp');
    writeFileSync(path, caxIf('io1-cm-214.stp'));
    const parameters = { linearDeflectionFactor: 5, angularDeflection: 0.5, useDelabellaAlgorithm: false };
    // More at once than run together: the rest queue and all finish with the same mesh.
    const results = await Promise.all(Array.from({ length: TESSELLATION_CONCURRENCY + 2 }, () => tessellateOnWorker(path, parameters, {}, 'part')));
    expect(new Set(results.map((r) => r.triangleCount)).size).toBe(1);
    await expect(tessellateOnWorker(path, parameters, {}, 'part', 1)).rejects.toThrow('meshing took longer than 1 s; increase the deviation factor or the angle');
  });

  it('refuses parameters out of range, files that are no STEP and files of other organisations', async () => {
    const step = (await uploadFile(t, token, simId, 'part.stp', caxIf('io1-cm-214.stp'))).json();
    const count = async () => (await t.db.db.select().from(uploadedFiles).where(eq(uploadedFiles.simulationId, simId))).length;
    const files = await count();

    const tooFine = await tessellate(token, step.id, { linearDeflectionFactor: 0.01, angularDeflection: 0.2 });
    expect(tooFine.status).toBe(400);
    expect(tooFine.text).toMatch(/linearDeflectionFactor/);
    const tooFlat = await tessellate(token, step.id, { linearDeflectionFactor: 1, angularDeflection: 2 });
    expect(tooFlat.status).toBe(400);
    expect(tooFlat.text).toMatch(/angularDeflection/);

    const stl = (await uploadFile(t, token, simId, 'cube.stl', Buffer.from(binaryStl([{ positions: new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]), indices: new Uint32Array([0, 1, 2]) }])))).json();
    const notStep = await tessellate(token, stl.id, { linearDeflectionFactor: 1, angularDeflection: 0.26 });
    expect(notStep.status).toBe(400);
    expect(notStep.json().description).toBe('Only an uploaded STEP file can be tessellated.');

    expect((await tessellate(outsider, step.id, { linearDeflectionFactor: 1, angularDeflection: 0.26 })).status).toBe(404);
    expect((await tessellate(null, step.id, { linearDeflectionFactor: 1, angularDeflection: 0.26 })).status).toBe(401);
    expect(await count()).toBe(files + 1); // only the STL uploaded above
  });
});
