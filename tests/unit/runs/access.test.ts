// Uploads and the ways into run data: STL (binary, ASCII) and STEP accepted by content with shape info,
// wrong types and oversize files refused; uploaded files, outputs, output files and logs only for those
// with access to the simulation (another organisation: not found; a contributor on someone else's
// project: forbidden); no path leaves an output folder.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../src/domain/messages.ts';
import { UPLOAD_MESSAGES } from '../../../src/domain/uploads.ts';
import { checkStlFile } from '../../../src/server/uploads/shapeInfo.ts';
import { INITIAL_CREDITS } from '../../../src/server/account/seed.ts';
import {
  adminToken,
  call,
  createOrganization,
  createSimulationWithSetup,
  createUser,
  expectConsistentLedger,
  smallDamBreak,
  solverId,
  startRunsApp,
  tokenFor,
  waitForState,
  type RunsTestApp,
  uploadFile,
} from './harness.ts';

const UPLOAD_LIMIT = 64 * 1024;
let t: RunsTestApp;
let token: string;
let simId: string;
let outsider: string;
let contributor: string;

/** A closed unit cube as binary STL (12 triangles, outward normals). */
function cubeTriangles(size = 1): number[][] {
  const s = size;
  const v = [[0, 0, 0], [s, 0, 0], [s, s, 0], [0, s, 0], [0, 0, s], [s, 0, s], [s, s, s], [0, s, s]];
  const faces = [[0, 2, 1], [0, 3, 2], [4, 5, 6], [4, 6, 7], [0, 1, 5], [0, 5, 4], [2, 3, 7], [2, 7, 6], [1, 2, 6], [1, 6, 5], [0, 4, 7], [0, 7, 3]];
  return faces.map((f) => f.flatMap((i) => v[i]));
}

function binaryStl(triangles: number[][]): Buffer {
  const buffer = Buffer.alloc(84 + 50 * triangles.length);
  buffer.write('solid cube exported as binary', 0, 'ascii');
  buffer.writeUInt32LE(triangles.length, 80);
  triangles.forEach((tri, i) => {
    const at = 84 + 50 * i;
    for (let k = 0; k < 9; k++) buffer.writeFloatLE(tri[k], at + 12 + 4 * k);
  });
  return buffer;
}

function asciiStl(triangles: number[][]): string {
  const facets = triangles.map((t) => `facet normal 0 0 0\n outer loop\n${[0, 3, 6].map((k) => `  vertex ${t[k]} ${t[k + 1]} ${t[k + 2]}`).join('\n')}\n endloop\nendfacet`);
  return `solid cube\n${facets.join('\n')}\nendsolid cube\n`;
}

function upload(as: string, simulationId: string, filename: string, content: Buffer | string, unit = 'm') {
  return uploadFile(t, as, simulationId, filename, content, unit);
}

beforeAll(async () => {
  t = await startRunsApp({ runs: { uploadMaxBytes: { stl: UPLOAD_LIMIT, step: UPLOAD_LIMIT } } });
  token = await adminToken(t);
  const otherOrg = await createOrganization(t, 'Elsewhere');
  outsider = await tokenFor(t, (await createUser(t, otherOrg, 'manager')).id);
  contributor = await tokenFor(t, (await createUser(t, t.organizationId, 'contributor')).id);
  simId = await createSimulationWithSetup(t, token, smallDamBreak());
  const started = await call(t, token, 'POST', `/api/simulations/${simId}/runs`, { solverId: await solverId(t, token), cores: 1, mode: 'start' });
  expect(started.status, started.text).toBe(201);
  expect(await waitForState(t.db.db, simId, ['completed', 'failed', 'launch_failed'])).toBe('completed');
});
afterAll(async () => t?.close());

describe('uploads', () => {
  it('stores a binary STL with its shape info and serves it back', async () => {
    const bytes = binaryStl(cubeTriangles(2));
    const response = await upload(token, simId, 'cube.stl', bytes, 'mm');
    expect(response.status, response.text).toBe(201);
    const file = response.json();
    expect(file).toMatchObject({ name: 'cube.stl', extension: 'stl', size: bytes.length, unit: 'mm', warnings: [] });
    expect(file.shapeInfo).toMatchObject({ nbrOfTriangles: 12, holes: 0, nonManifold: 0, isPlanar: false });
    expect(file.shapeInfo.surfaceArea).toBeCloseTo(6 * 0.002 * 0.002, 9);
    const back = await t.app.inject({ method: 'GET', url: `/api/files/${file.id}`, headers: { authorization: `Bearer ${token}` } });
    expect(back.statusCode).toBe(200);
    expect(back.headers['content-type']).toBe('model/stl');
    expect(Buffer.compare(back.rawPayload, bytes)).toBe(0);
    // Another organisation does not see it at all.
    expect((await call(t, outsider, 'GET', `/api/files/${file.id}`)).status).toBe(404);
    expect((await call(t, null, 'GET', `/api/files/${file.id}`)).status).toBe(401);
  });

  it('checks large meshes on a worker thread with the same result', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'surge-stl-'));
    const path = join(dir, 'cube.stl');
    const bytes = binaryStl(cubeTriangles(3));
    writeFileSync(path, bytes);
    try {
      const inline = await checkStlFile(path, bytes.length, 'in');
      const threaded = await checkStlFile(path, bytes.length, 'in', 0);
      expect(threaded).toEqual(inline);
      expect(threaded.shapeInfo.surfaceArea).toBeCloseTo(6 * (3 * 0.0254) ** 2, 6);
      writeFileSync(path, Buffer.alloc(84));
      await expect(checkStlFile(path, 84, 'm', 0)).rejects.toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('accepts an ASCII STL and warns about an open mesh', async () => {
    const open = cubeTriangles().slice(0, 10);
    const response = await upload(token, simId, 'open.STL', asciiStl(open));
    expect(response.status, response.text).toBe(201);
    expect(response.json().shapeInfo.holes).toBeGreaterThan(0);
    expect(response.json().warnings).toEqual([MESSAGES.partIssues]);
  });

  it('accepts a STEP file by its header', async () => {
    const step = 'ISO-10303-21;\nHEADER;\nFILE_DESCRIPTION((\'\'),\'2;1\');\nENDSEC;\nDATA;\nENDSEC;\nEND-ISO-10303-21;\n';
    const response = await upload(token, simId, 'part.step', step);
    expect(response.status, response.text).toBe(201);
    expect(response.json()).toMatchObject({ extension: 'step', shapeInfo: null, unit: null });
  });

  it('refuses files whose content is not what their name says, and unknown kinds', async () => {
    const garbage = Buffer.from(Array.from({ length: 500 }, (_, i) => (i * 37) % 256));
    const notStl = await upload(token, simId, 'fake.stl', garbage);
    expect(notStl.status).toBe(400);
    expect(notStl.json()).toMatchObject({ title: 'wrong_input', description: UPLOAD_MESSAGES.notStl });
    const stlAsStep = await upload(token, simId, 'cube.step', binaryStl(cubeTriangles()));
    expect(stlAsStep.json().description).toBe(UPLOAD_MESSAGES.notStep);
    const exe = await upload(token, simId, 'tool.exe', 'MZ');
    expect(exe.json().description).toBe(UPLOAD_MESSAGES.unsupportedName);
  });

  it('refuses a file above the limit', async () => {
    const big = binaryStl(Array.from({ length: Math.ceil(UPLOAD_LIMIT / 50) + 10 }, () => cubeTriangles()[0]));
    const response = await upload(token, simId, 'big.stl', big);
    expect(response.status).toBe(413);
    expect(response.json().description).toBe(UPLOAD_MESSAGES.tooLarge('stl'));
  });

  it('refuses uploads to a simulation of another organisation or project', async () => {
    expect((await upload(outsider, simId, 'cube.stl', binaryStl(cubeTriangles()))).status).toBe(404);
    expect((await upload(contributor, simId, 'cube.stl', binaryStl(cubeTriangles()))).status).toBe(403);
  });

  it('discretizes a setup whose wall is an uploaded STL exactly like the same mesh given inline', async () => {
    const setup = smallDamBreak();
    const tank = setup.parts.find((p) => p.component.type === 'rigid');
    if (!tank || tank.shape.type !== 'stl_cube') throw new Error('the dam break has a cube tank');
    const size = tank.shape.dimensions;
    const triangles = cubeTriangles(1).map((tri) => tri.map((v, k) => v * size[k % 3] - size[k % 3] / 2));
    const stored = await upload(token, simId, 'tank.stl', binaryStl(triangles));
    expect(stored.status, stored.text).toBe(201);
    const base = { translation: tank.shape.translation, rotation: tank.shape.rotation, scale: tank.shape.scale, flipNormals: tank.shape.flipNormals, resolution: tank.shape.resolution };
    const fromFile = structuredClone(setup);
    const inline = structuredClone(setup);
    const partOf = (doc: typeof setup) => doc.parts.find((p) => p.id === tank.id)!;
    partOf(fromFile).shape = { type: 'stl', ...base, info: stored.json().shapeInfo, fileId: stored.json().id, file: { name: 'tank.stl', extension: 'stl', unit: 'm' }, mesh: null };
    partOf(inline).shape = { type: 'stl', ...base, info: null, fileId: null, file: null, mesh: { vertices: triangles.flat(), indices: triangles.map((_, i) => [3 * i, 3 * i + 1, 3 * i + 2]).flat() } };

    const wallParticles = async (doc: typeof setup) => {
      const id = await createSimulationWithSetup(t, token, doc);
      expect((await call(t, token, 'POST', `/api/simulations/${id}/discretizations`)).status).toBe(201);
      for (;;) {
        const [job] = (await call(t, token, 'GET', `/api/simulations/${id}/jobs`)).json();
        if (job.state !== 'scheduled' && job.state !== 'running') {
          expect(job.state, JSON.stringify(job.errors)).toBe('completed');
          return job.result.particleCounts.wall as number;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    const walls = await wallParticles(fromFile);
    expect(walls).toBeGreaterThan(0);
    expect(walls).toBe(await wallParticles(inline));
    // A file of another organisation is not resolvable, whatever id the setup names.
    const foreign = structuredClone(fromFile);
    const otherSim = await createSimulationWithSetup(t, outsider, foreign);
    expect((await call(t, outsider, 'POST', `/api/simulations/${otherSim}/discretizations`)).status).toBe(201);
    for (;;) {
      const [job] = (await call(t, outsider, 'GET', `/api/simulations/${otherSim}/jobs`)).json();
      if (job.state !== 'scheduled' && job.state !== 'running') {
        expect(job.state).toBe('failed');
        expect(job.errors[0].message).toContain('does not exist in this organisation');
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  });
});

describe('outputs and logs are only for those with access', () => {
  it('answers the owner', async () => {
    expect((await call(t, token, 'GET', `/api/simulations/${simId}/outputs`)).json().length).toBeGreaterThan(0);
    expect((await call(t, token, 'GET', `/api/simulations/${simId}/outputs/0/meta.json`)).status).toBe(200);
  });

  it('does not show another organisation that anything exists', async () => {
    for (const url of [`/api/simulations/${simId}/outputs`, `/api/simulations/${simId}/outputs/0/meta.json`, `/api/simulations/${simId}/outputs/0/files/meta.json`, `/api/simulations/${simId}/logs?key=time`, `/api/simulations/${simId}/runs`, `/api/simulations/${simId}/jobs`, `/api/simulations/${simId}/dashboards`]) {
      const response = await call(t, outsider, 'GET', url);
      expect(response.status, url).toBe(404);
    }
    expect((await call(t, outsider, 'POST', `/api/simulations/${simId}/stop`)).status).toBe(404);
  });

  it('forbids a contributor on a project they did not create', async () => {
    for (const url of [`/api/simulations/${simId}/outputs`, `/api/simulations/${simId}/outputs/0/meta.json`, `/api/simulations/${simId}/logs?key=time`]) {
      expect((await call(t, contributor, 'GET', url)).status, url).toBe(403);
    }
    const start = await call(t, contributor, 'POST', `/api/simulations/${simId}/runs`, { solverId: await solverId(t, token), cores: 1, mode: 'restart' });
    expect(start.status).toBe(403);
  });

  it('keeps every path inside the output folder', async () => {
    for (const file of ['..%2F..%2Flog.jsonl', '..%2Fcheckpoint.bin', '.hidden', '%2Fetc%2Fpasswd', 'a%00b']) {
      const response = await call(t, token, 'GET', `/api/simulations/${simId}/outputs/0/files/${file}`);
      expect(response.status, file).toBe(404);
    }
    expect((await call(t, token, 'GET', `/api/simulations/${simId}/outputs/99/meta.json`)).status).toBe(404);
    expect((await call(t, token, 'GET', `/api/simulations/${simId}/outputs/-1/meta.json`)).status).toBe(404);
  });

  it('keeps the ledger consistent', async () => {
    await expectConsistentLedger(t.db.db, t.organizationId, INITIAL_CREDITS);
  });
});
