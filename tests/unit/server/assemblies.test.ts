// The assembly import over the API: the CAx-IF as1-oc-214 assembly is imported (its structure tree read by a
// job), parts are organised from it (one per node, and two bodies merged into one watertight part), a
// tessellation run puts them into the setup with the assembly parts' ids, and a re-tessellation with finer
// meshing parameters replaces their meshes while material, appearance and motion stay. Bad input is refused
// with 400 validation_error and changes nothing; a locked setup and a second run are refused with 409.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ASSEMBLY_MESSAGES } from '../../../src/domain/assembly.ts';
import { createMovement } from '../../../src/domain/movement.ts';
import { UPLOAD_MESSAGES } from '../../../src/domain/uploads.ts';
import { assemblies, assemblyParts, simulations, uploadedFiles } from '../../../src/server/platform/db/schema.ts';
import { adminToken, call, createOrganization, createSimulationWithSetup, createUser, smallDamBreak, startRunsApp, tokenFor, type RunsTestApp } from '../runs/harness.ts';
import { finishedRun, importedAssembly, nodesByName, stepWithoutShapes, uploadAssembly, type AssemblyNodeJson } from './assemblyFixture.ts';

let t: RunsTestApp;
let token: string;
let outsider: string;
let simId: string;
let assemblyId: string;
let tree: AssemblyNodeJson[];
const degrees = (d: number) => (d * Math.PI) / 180;

beforeAll(async () => {
  t = await startRunsApp();
  token = await adminToken(t);
  outsider = await tokenFor(t, (await createUser(t, await createOrganization(t, 'Elsewhere'), 'manager')).id);
  simId = await createSimulationWithSetup(t, token, smallDamBreak());
  const assembly = await importedAssembly(t, token, simId);
  assemblyId = assembly.id;
  tree = assembly.assemblyMetadata ?? [];
}, 120_000);
afterAll(async () => t?.close());

/** Signed volume and area of a binary STL (divergence theorem). */
function stlVolumeAndArea(bytes: Buffer): { volume: number; area: number; triangles: number } {
  const n = bytes.readUInt32LE(80);
  let volume = 0;
  let area = 0;
  for (let i = 0; i < n; i++) {
    const at = 84 + 50 * i + 12;
    const v = Array.from({ length: 9 }, (_, k) => bytes.readFloatLE(at + 4 * k));
    const [ax, ay, az, bx, by, bz, cx, cy, cz] = v;
    volume += (ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx)) / 6;
    const ux = bx - ax, uy = by - ay, uz = bz - az, wx = cx - ax, wy = cy - ay, wz = cz - az;
    area += Math.hypot(uy * wz - uz * wy, uz * wx - ux * wz, ux * wy - uy * wx) / 2;
  }
  return { volume, area, triangles: n };
}

async function fileBytes(fileId: string): Promise<Buffer> {
  const answer = await t.app.inject({ method: 'GET', url: `/api/files/${fileId}`, headers: { authorization: `Bearer ${token}` } });
  expect(answer.statusCode).toBe(200);
  return answer.rawPayload;
}

type SetupPart = { id: string; name: string; hasWarnings: boolean; materialId: number | null; component: { type: string }; appearance: { color: string }; shape: { type: string; fileId: string; info: { nbrOfTriangles: number; holes: number; nonManifold: number } } };
const setupParts = async (id = simId) => (await call(t, token, 'GET', `/api/simulations/${id}/setup`)).json().parts as SetupPart[];
const partsUrl = `/api/assemblies/`;

describe('assembly import', () => {
  it('reads the structure tree of as1-oc-214 with its subassemblies and bodies', () => {
    expect(tree).toHaveLength(1);
    const [root] = tree;
    expect(root).toMatchObject({ entryId: '0:1:1:1', labelName: 'as1', shapeType: 'COMPOUND' });
    expect(root.children.map((c) => c.labelName)).toEqual(['rod-assembly', 'l-bracket-assembly', 'plate', 'l-bracket-assembly']);
    const leaves: AssemblyNodeJson[] = [];
    const walk = (n: AssemblyNodeJson) => (n.children.length === 0 ? leaves.push(n) : n.children.forEach(walk));
    walk(root);
    expect(leaves).toHaveLength(18);
    expect(leaves.every((l) => l.shapeType === 'SOLID')).toBe(true);
  });

  it('lists the simulation\'s assemblies and hides them from other organisations', async () => {
    const list = await call(t, token, 'GET', `/api/simulations/${simId}/assemblies`);
    expect(list.status).toBe(200);
    expect(list.json().map((a: { id: string }) => a.id)).toContain(assemblyId);
    expect((await call(t, outsider, 'GET', `/api/assemblies/${assemblyId}`)).status).toBe(404);
    expect((await call(t, outsider, 'GET', `${partsUrl}${assemblyId}/parts`)).status).toBe(404);
    expect((await call(t, null, 'GET', `/api/assemblies/${assemblyId}`)).status).toBe(401);
  });

  it('refuses a file that is no STEP, a STEP without any shape and an empty file, storing nothing', async () => {
    const before = async () => ({
      files: (await t.db.db.select().from(uploadedFiles).where(eq(uploadedFiles.simulationId, simId))).length,
      assemblies: (await t.db.db.select().from(assemblies).where(eq(assemblies.simulationId, simId))).length,
      size: (await call(t, token, 'GET', `/api/simulations/${simId}`)).json().size as number,
    });
    const start = await before();
    const cases: [string, Buffer, string][] = [
      ['part.stl', Buffer.from('solid x\nfacet normal 0 0 1\nendsolid x\n'), ASSEMBLY_MESSAGES.notStepName],
      ['drawing.stp', Buffer.from('%PDF-1.4 not a step file'), UPLOAD_MESSAGES.notStep],
      ['empty.stp', stepWithoutShapes(), ASSEMBLY_MESSAGES.noBodies],
      ['nothing.step', Buffer.alloc(0), UPLOAD_MESSAGES.empty],
    ];
    for (const [name, bytes, message] of cases) {
      const answer = await uploadAssembly(t, token, simId, name, bytes);
      expect(answer.status, `${name}: ${answer.text}`).toBe(400);
      expect(answer.json()).toMatchObject({ title: 'validation_error', description: message, status: 400 });
    }
    expect(await before()).toEqual(start);
  });

  it('refuses parts naming nodes the assembly does not have, bad parameters and unknown parts, changing nothing', async () => {
    const url = `${partsUrl}${assemblyId}/parts`;
    const created = await call(t, token, 'POST', url, [{ name: 'Plate', assemblyNodeIds: ['0:1:1:1:3'], componentType: 'rigid' }]);
    expect(created.status, created.text).toBe(201);
    const parts = created.json() as { id: string }[];
    const refused: [string, 'POST' | 'PUT' | 'DELETE', unknown, string | RegExp][] = [
      ['unknown node', 'POST', [{ name: 'Ghost', assemblyNodeIds: ['0:1:1:1:3', '0:1:1:9'], componentType: 'rigid' }], ASSEMBLY_MESSAGES.unknownNodes(['0:1:1:9'])],
      ['configuration entry with an unknown node', 'POST', [{ name: 'Ghost', assemblyNodeIds: ['0:1:1:1:77:1'], componentType: 'openboundary', meshingParameters: { linearDeflectionFactor: 1, angularDeflection: degrees(15), useDelabellaAlgorithm: false } }], ASSEMBLY_MESSAGES.unknownNodes(['0:1:1:1:77:1'])],
      ['malformed node id', 'POST', [{ name: 'Bad', assemblyNodeIds: ['plate'], componentType: 'rigid' }], /assembly node id/],
      ['angle over 90°', 'PUT', [{ id: parts[0].id, meshingParameters: { linearDeflectionFactor: 1, angularDeflection: degrees(100), useDelabellaAlgorithm: false } }], /between 1 and 90 degrees/],
      ['factor under 0.1', 'PUT', [{ id: parts[0].id, meshingParameters: { linearDeflectionFactor: 0.01, angularDeflection: degrees(15), useDelabellaAlgorithm: false } }], /between 0.1 and 10/],
      ['unknown part', 'PUT', [{ id: '00000000-0000-4000-8000-000000000000', name: 'X' }], /The assembly has no part/],
      ['part named twice', 'DELETE', { partIds: [parts[0].id, parts[0].id] }, ASSEMBLY_MESSAGES.duplicateParts],
      ['unknown part to delete', 'DELETE', { partIds: ['00000000-0000-4000-8000-000000000000'] }, /The assembly has no part/],
    ];
    for (const [what, method, body, message] of refused) {
      const answer = await call(t, token, method, url, body);
      expect(answer.status, `${what}: ${answer.text}`).toBe(400);
      expect(answer.json().title, what).toBe('validation_error');
      if (typeof message === 'string') expect(answer.json().description, what).toBe(message);
      else expect(answer.json().description, what).toMatch(message);
    }
    expect((await call(t, token, 'GET', url)).json()).toEqual(created.json());
    expect((await call(t, outsider, 'POST', url, [{ name: 'X', assemblyNodeIds: ['0:1:1:1:3'], componentType: 'rigid' }])).status).toBe(404);
    const removed = await call(t, token, 'DELETE', url, { partIds: [parts[0].id] });
    expect(removed.status, removed.text).toBe(200);
    expect(removed.json()).toEqual([]);
  });

  it('tessellates parts into the setup: one per node, and two bodies united into one closed part', async () => {
    const names = nodesByName(tree);
    const url = `${partsUrl}${assemblyId}/parts`;
    const created = await call(t, token, 'POST', url, [
      { name: 'rod', assemblyNodeIds: [names.get('rod')], componentType: 'rigid' },
      { name: 'plate', assemblyNodeIds: [names.get('plate')], componentType: 'rigid' },
      { name: 'l-bracket', assemblyNodeIds: [names.get('l-bracket')], componentType: 'rigid' },
      { name: 'plate and bracket', assemblyNodeIds: [names.get('plate'), names.get('l-bracket')], componentType: 'rigid' },
    ]);
    expect(created.status, created.text).toBe(201);
    const parts = created.json() as { id: string; name: string; needsTessellation: boolean }[];
    expect(parts.every((p) => p.needsTessellation)).toBe(true);
    const before = await setupParts();

    const started = await call(t, token, 'POST', `/api/assemblies/${assemblyId}`);
    expect(started.status, started.text).toBe(201);
    expect(started.json().partIds).toEqual(parts.map((p) => p.id));
    const again = await call(t, token, 'POST', `/api/assemblies/${assemblyId}`);
    expect(again.status, again.text).toBe(409);
    const run = await finishedRun(t, token, simId, started.json().id);
    expect(run.state, JSON.stringify(run.errors)).toBe('completed');
    expect(run.progress).toBe(100);
    // The plate is in two parts: the repeated-component warning names it.
    expect(run.warnings.map((w) => w.message)).toContain('Component "plate" appears in 2 part(s) (2 occurrence(s) in total).');

    const assembly = (await call(t, token, 'GET', `/api/assemblies/${assemblyId}`)).json();
    expect(assembly.latestTessellationRunId).toBe(run.id);
    expect((await call(t, token, 'GET', url)).json().every((p: { needsTessellation: boolean }) => !p.needsTessellation)).toBe(true);

    const after = await setupParts();
    expect(after.length).toBe(before.length + 4);
    const byId = new Map(after.map((p) => [p.id, p]));
    for (const p of parts) {
      const part = byId.get(p.id);
      expect(part, p.name).toBeDefined();
      expect(part!.shape.type).toBe('stl');
      expect(part!.component.type).toBe('rigid');
      expect(part!.shape.info.holes, p.name).toBe(0);
      expect(part!.shape.info.nonManifold, p.name).toBe(0);
      // No holes, non-manifold edges, slivers or flipped triangles: the union's cuts are cleaned up too.
      expect(part!.hasWarnings, p.name).toBe(false);
    }
    const [plate, bracket, merged] = await Promise.all(parts.slice(1).map(async (p) => stlVolumeAndArea(await fileBytes(byId.get(p.id)!.shape.fileId))));
    // The bracket stands on the plate: united, the shared face is gone from the surface and the volumes add up.
    const volumeError = Math.abs(merged.volume - (plate.volume + bracket.volume)) / (plate.volume + bracket.volume);
    console.log(`merged plate and bracket: volume ${merged.volume.toExponential(5)} m³, reference (sum) ${(plate.volume + bracket.volume).toExponential(5)} m³, error ${(100 * volumeError).toExponential(2)} % (tolerance 0.5 %); area ${merged.area.toExponential(4)} m² < ${(plate.area + bracket.area).toExponential(4)} m²`);
    expect(volumeError).toBeLessThan(0.005);
    expect(merged.area).toBeLessThan(0.99 * (plate.area + bracket.area));
  }, 180_000);

  it('re-tessellates finer, keeping the setup part\'s name, material, colour and motion', async () => {
    const url = `${partsUrl}${assemblyId}/parts`;
    const list = (await call(t, token, 'GET', url)).json() as { id: string; name: string }[];
    const rod = list.find((p) => p.name === 'rod')!;
    const setup = (await call(t, token, 'GET', `/api/simulations/${simId}/setup`)).json();
    const part = setup.parts.find((p: { id: string }) => p.id === rod.id);
    part.name = 'Rod renamed';
    part.appearance.color = '#D64265';
    const movement = { ...createMovement('translatory', rod.id, []), type: { type: 'translatory', direction: [1, 0, 0], acc: 0, vel: 0.1 } };
    setup.movements.push(movement);
    const saved = await call(t, token, 'PUT', `/api/simulations/${simId}/setup`, setup);
    expect(saved.status, saved.text).toBe(200);
    const coarse = (await setupParts()).find((p) => p.id === rod.id)!;

    const changed = await call(t, token, 'PUT', url, [{ id: rod.id, meshingParameters: { linearDeflectionFactor: 0.2, angularDeflection: degrees(5), useDelabellaAlgorithm: false } }]);
    expect(changed.status, changed.text).toBe(200);
    expect(changed.json().filter((p: { needsTessellation: boolean }) => p.needsTessellation).map((p: { id: string }) => p.id)).toEqual([rod.id]);
    const started = await call(t, token, 'POST', `/api/assemblies/${assemblyId}`);
    expect(started.status, started.text).toBe(201);
    expect(started.json().partIds).toEqual([rod.id]);
    expect((await finishedRun(t, token, simId, started.json().id)).state).toBe('completed');

    const fine = (await setupParts()).find((p) => p.id === rod.id)!;
    console.log(`re-tessellated rod: ${coarse.shape.info.nbrOfTriangles} -> ${fine.shape.info.nbrOfTriangles} triangles`);
    expect(fine.shape.info.nbrOfTriangles).toBeGreaterThan(coarse.shape.info.nbrOfTriangles);
    expect(fine.shape.fileId).not.toBe(coarse.shape.fileId);
    expect(fine).toMatchObject({ name: 'Rod renamed', materialId: coarse.materialId, appearance: { color: '#D64265' } });
    const movements = (await call(t, token, 'GET', `/api/simulations/${simId}/setup`)).json().movements as { id: string; partId: string }[];
    expect(movements.find((m) => m.id === movement.id)?.partId).toBe(rod.id);
  }, 180_000);

  it('moves a part to Inlets/Outlets, which makes it an open boundary on the next run', async () => {
    const url = `${partsUrl}${assemblyId}/parts`;
    const plate = ((await call(t, token, 'GET', url)).json() as { id: string; name: string }[]).find((p) => p.name === 'plate')!;
    const moved = await call(t, token, 'PUT', url, [{ id: plate.id, componentType: 'openboundary' }]);
    expect(moved.status, moved.text).toBe(200);
    const started = await call(t, token, 'POST', `/api/assemblies/${assemblyId}`);
    expect(started.status, started.text).toBe(201);
    expect((await finishedRun(t, token, simId, started.json().id)).state).toBe('completed');
    const part = (await setupParts()).find((p) => p.id === plate.id)!;
    expect(part.component.type).toBe('openboundary');
    expect(part.materialId).not.toBeNull();
  }, 180_000);

  it('cancels a run, leaving the setup as it was, and refuses runs on a locked setup', async () => {
    const url = `${partsUrl}${assemblyId}/parts`;
    const created = await call(t, token, 'POST', url, [{ name: 'everything fine', assemblyNodeIds: ['0:1:1:1'], componentType: 'rigid', meshingParameters: { linearDeflectionFactor: 0.1, angularDeflection: degrees(2), useDelabellaAlgorithm: false } }]);
    expect(created.status, created.text).toBe(201);
    const before = await setupParts();
    const started = await call(t, token, 'POST', `/api/assemblies/${assemblyId}`);
    expect(started.status, started.text).toBe(201);
    const canceled = await call(t, token, 'DELETE', `/api/tessellation_runs/${started.json().id}`);
    expect(canceled.status, canceled.text).toBe(200);
    expect((await call(t, outsider, 'DELETE', `/api/tessellation_runs/${started.json().id}`)).status).toBe(404);
    const run = await finishedRun(t, token, simId, started.json().id);
    expect(run.state).toBe('canceled');
    expect(await setupParts()).toEqual(before);
    const waiting = (await call(t, token, 'GET', url)).json() as { name: string; needsTessellation: boolean }[];
    expect(waiting.find((p) => p.name === 'everything fine')?.needsTessellation).toBe(true);

    const locked = await createSimulationWithSetup(t, token, smallDamBreak());
    const other = await importedAssembly(t, token, locked, 'io1-cm-214.stp');
    const partAdded = await call(t, token, 'POST', `${partsUrl}${other.id}/parts`, [{ name: 'io1', assemblyNodeIds: [other.assemblyMetadata![0].entryId], componentType: 'rigid' }]);
    expect(partAdded.status, partAdded.text).toBe(201);
    await t.db.db.update(simulations).set({ setupLocked: true }).where(eq(simulations.id, locked));
    const refused = await call(t, token, 'POST', `/api/assemblies/${other.id}`);
    expect(refused.status, refused.text).toBe(409);
    expect((await t.db.db.select().from(assemblyParts).where(eq(assemblyParts.assemblyId, other.id)))[0].needsTessellation).toBe(true);
  }, 180_000);
});
