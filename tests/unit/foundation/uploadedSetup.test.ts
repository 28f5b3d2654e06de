// Uploading a preprocessed setup over the API: the feature decides, the zip's job file becomes the
// simulation's setup with its STL files stored as uploaded files, and every bad input (no zip, bad zip,
// traversal, missing job file, bad JSON, not a setup, missing or bad geometry, too large, zip bombs) is
// refused with a clear message and leaves nothing behind.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptySetup } from '../../../src/domain/setup.ts';
import { simulations, uploadedFiles } from '../../../src/server/platform/db/schema.ts';
import { findUserWithOrganization } from '../../../src/server/account/users.repository.ts';
import { authScope } from '../../../src/server/account/accessGrants.service.ts';
import { uploadPreprocessedSetup } from '../../../src/server/uploads/uploadedSetups.service.ts';
import { UPLOADED_SETUP_LIMITS } from '../../../src/domain/uploadedSetup.ts';
import { loadRunsConfig } from '../../../src/server/runs/config.ts';
import { call, createOrganization, createUser, startTestApp, tokenFor, type TestApp } from '../server/harness.ts';
import { createZip, setupWithStl, tetrahedronStl, zerosBomb } from './zipFixtures.ts';

let t: TestApp;
let manager: string;
let projectId: string;

beforeAll(async () => {
  t = await startTestApp({ env: { SURGE_FEATURES: 'upload_preprocessing' } });
  manager = await tokenFor(t, t.admin.id);
  projectId = (await call(t, manager, 'POST', '/api/projects', { name: 'Uploads' })).json().id;
});
afterAll(async () => t?.close());

let simulationCount = 0;
async function newSimulation(token = manager, project = projectId): Promise<string> {
  simulationCount += 1;
  return (await call(t, token, 'POST', `/api/projects/${project}/simulations`, { name: `Uploaded ${simulationCount}` })).json().id;
}

function form(fields: { file?: { name: string; bytes: Buffer }; jobFilename?: string }): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----surge-upload-boundary';
  const chunks: Buffer[] = [];
  if (fields.jobFilename !== undefined) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="jobFilename"\r\n\r\n${fields.jobFilename}\r\n`));
  }
  if (fields.file) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fields.file.name}"\r\nContent-Type: application/zip\r\n\r\n`));
    chunks.push(fields.file.bytes, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(simulationId: string, fields: Parameters<typeof form>[0], token = manager) {
  const { payload, headers } = form(fields);
  const response = await t.app.inject({ method: 'POST', url: `/api/simulations/${simulationId}/uploaded_setup`, payload, headers: { ...headers, authorization: `Bearer ${token}` } });
  return { status: response.statusCode, json: () => response.json() };
}

async function uploadedFileCount(): Promise<number> {
  const [row] = await t.db.db.select({ n: sql<number>`count(*)::int` }).from(uploadedFiles);
  return row.n;
}

function storedFileNames(): string[] {
  const folder = join(t.config.storageDir, 'organizations', t.organizationId, 'files');
  return existsSync(folder) ? readdirSync(folder) : [];
}

const stl = tetrahedronStl(10);

describe('a valid upload', () => {
  it('makes the job file the setup, stores the STL files inside the zip and marks the simulation', async () => {
    const simulationId = await newSimulation();
    const zip = createZip([
      { name: 'case/', method: 'store' },
      { name: 'case/job.json', data: JSON.stringify(setupWithStl('geometry/wall.stl', 'geometry/wall.stl')) },
      { name: 'case/geometry/wall.stl', data: stl },
      { name: 'case/readme.txt', data: 'not referenced' },
    ]);
    const answer = await upload(simulationId, { file: { name: 'tank.zip', bytes: zip }, jobFilename: 'case/job.json' });
    expect(answer.status).toBe(201);
    const result = answer.json();
    expect(result).toMatchObject({ simulationId, zipName: 'tank.zip', zipSize: zip.length, jobFilename: 'case/job.json' });
    expect(result.fileIds).toHaveLength(1);

    const simulation = (await call(t, manager, 'GET', `/api/simulations/${simulationId}`)).json();
    expect(simulation.uploadedSetup).toBe(true);
    expect(simulation.size).toBe(zip.length + Buffer.byteLength(stl));
    const setup = (await call(t, manager, 'GET', `/api/simulations/${simulationId}/setup`)).json();
    expect(setup.parts.map((p: { shape: { fileId: string } }) => p.shape.fileId)).toEqual([result.fileIds[0], result.fileIds[0]]);
    expect(setup.parts[0].shape.file).toEqual({ name: 'wall.stl', extension: 'stl', unit: 'mm' });
    expect(setup.parts[0].shape.info.nbrOfTriangles).toBe(4);
    const file = await t.app.inject({ method: 'GET', url: `/api/files/${result.fileIds[0]}`, headers: { authorization: `Bearer ${manager}` } });
    expect(file.body).toBe(stl);

    // Setup refuses an uploaded setup; the projects list reports it.
    expect((await call(t, manager, 'PUT', `/api/simulations/${simulationId}/setup`, emptySetup())).status).toBe(409);
    const projects = (await call(t, manager, 'GET', '/api/projects')).json();
    expect(projects.results[0].simulations.find((s: { id: string }) => s.id === simulationId).uploadedSetup).toBe(true);
  });

  it('finds a job file given by its bare name, and replaces an earlier upload', async () => {
    const simulationId = await newSimulation();
    const first = createZip([{ name: 'run/job.json', data: JSON.stringify(emptySetup()) }]);
    expect((await upload(simulationId, { file: { name: 'first.zip', bytes: first }, jobFilename: 'job.json' })).json().jobFilename).toBe('run/job.json');
    const setup = emptySetup();
    setup.settings.endTime = 3;
    const second = createZip([{ name: 'job.json', data: JSON.stringify(setup) }]);
    expect((await upload(simulationId, { file: { name: 'second.zip', bytes: second }, jobFilename: './job.json' })).status).toBe(201);
    expect((await call(t, manager, 'GET', `/api/simulations/${simulationId}/setup`)).json().settings.endTime).toBe(3);
    expect((await call(t, manager, 'GET', `/api/simulations/${simulationId}`)).json().size).toBe(second.length);
  });
});

describe('refused uploads', () => {
  it('say what is wrong and leave nothing behind', async () => {
    const simulationId = await newSimulation();
    const filesBefore = await uploadedFileCount();
    const storedBefore = storedFileNames().length;
    const job = JSON.stringify(setupWithStl('wall.stl'));
    const cases: { fields: Parameters<typeof form>[0]; status: number; title: string; description: RegExp }[] = [
      { fields: { jobFilename: 'job.json' }, status: 400, title: 'wrong_input', description: /multipart field "file"/ },
      { fields: { file: { name: 'case.tar', bytes: createZip([]) }, jobFilename: 'job.json' }, status: 400, title: 'wrong_input', description: /\.zip file/ },
      { fields: { file: { name: 'case.zip', bytes: createZip([{ name: 'job.json', data: job }, { name: 'wall.stl', data: stl }]) } }, status: 400, title: 'validation_error', description: /name of the job file/ },
      { fields: { file: { name: 'case.zip', bytes: Buffer.from('this is not a zip archive at all') }, jobFilename: 'job.json' }, status: 400, title: 'wrong_input', description: /not a valid zip file/ },
      { fields: { file: { name: 'case.zip', bytes: createZip([{ name: '../job.json', data: job }]) }, jobFilename: 'job.json' }, status: 400, title: 'wrong_input', description: /outside the archive/ },
      { fields: { file: { name: 'case.zip', bytes: createZip([{ name: 'other.json', data: job }]) }, jobFilename: 'job.json' }, status: 404, title: 'job_file_not_found', description: /The job file job\.json is not in the zip file/ },
      { fields: { file: { name: 'case.zip', bytes: createZip([{ name: 'job.json', data: '{"schemaVersion": 1,' }]) }, jobFilename: 'job.json' }, status: 400, title: 'validation_error', description: /is not valid JSON/ },
      { fields: { file: { name: 'case.zip', bytes: createZip([{ name: 'job.json', data: '{"parts": []}' }]) }, jobFilename: 'job.json' }, status: 400, title: 'validation_error', description: /not a Surge setup document/ },
      { fields: { file: { name: 'case.zip', bytes: createZip([{ name: 'job.json', data: job }]) }, jobFilename: 'job.json' }, status: 400, title: 'validation_error', description: /refers to wall\.stl, which is not in the zip file/ },
      { fields: { file: { name: 'case.zip', bytes: createZip([{ name: 'job.json', data: job }, { name: 'wall.stl', data: 'hello, I am not a mesh' }]) }, jobFilename: 'job.json' }, status: 400, title: 'wrong_input', description: /wall\.stl: The file is not an STL file/ },
      { fields: { file: { name: 'case.zip', bytes: createZip([{ name: 'job.json', data: job }, { name: 'wall.stl', data: stl, crc: 7 }]) }, jobFilename: 'job.json' }, status: 400, title: 'wrong_input', description: /CRC/ },
    ];
    for (const { fields, status, title, description } of cases) {
      const answer = await upload(simulationId, fields);
      expect({ status: answer.status, title: answer.json().title }, answer.json().description).toEqual({ status, title });
      expect(answer.json().description).toMatch(description);
    }
    expect(await uploadedFileCount()).toBe(filesBefore);
    expect(storedFileNames().length).toBe(storedBefore);
    const simulation = (await call(t, manager, 'GET', `/api/simulations/${simulationId}`)).json();
    expect(simulation).toMatchObject({ uploadedSetup: false, size: 0 });
  });

  it('refuses zip bombs before unpacking (by the directory) or while unpacking (a lying header), storing nothing', async () => {
    const simulationId = await newSimulation();
    const filesBefore = await uploadedFileCount();
    const storedBefore = storedFileNames().length;
    const job = JSON.stringify(setupWithStl('wall.stl'));
    // 200 MiB of zeros in about 200 KB: refused from the central directory, nothing inflated.
    const bomb = createZip([{ name: 'job.json', data: job }, zerosBomb('wall.stl', 200)]);
    const before = process.cpuUsage();
    const refused = await upload(simulationId, { file: { name: 'bomb.zip', bytes: bomb }, jobFilename: 'job.json' });
    const used = process.cpuUsage(before);
    const cpuMs = (used.user + used.system) / 1000;
    console.log(`zip bomb upload (${bomb.length} bytes, 200 MiB unpacked) answered ${refused.status} after ${cpuMs.toFixed(0)} ms of CPU`);
    expect(refused.json()).toMatchObject({ status: 400, title: 'wrong_input' });
    expect(refused.json().description).toMatch(/unpacks to more than this server accepts.*wall\.stl is compressed \d+ to 1/);
    expect(cpuMs).toBeLessThan(1000);

    // The same bomb whose headers claim 1 MiB passes the directory checks; inflation stops just past 1 MiB.
    const liar = createZip([{ name: 'job.json', data: job }, zerosBomb('wall.stl', 200, 1024 * 1024)]);
    const stopped = await upload(simulationId, { file: { name: 'liar.zip', bytes: liar }, jobFilename: 'job.json' });
    expect(stopped.json()).toMatchObject({ status: 400, title: 'wrong_input' });
    expect(stopped.json().description).toMatch(/unpacks to more than this server accepts.*more than the 1048576 bytes its directory states/);

    expect(await uploadedFileCount()).toBe(filesBefore);
    expect(storedFileNames().length).toBe(storedBefore);
    expect((await call(t, manager, 'GET', `/api/simulations/${simulationId}`)).json()).toMatchObject({ uploadedSetup: false, size: 0 });
  });

  it('takes its unpacking limits from the installation settings', async () => {
    const simulationId = await newSimulation();
    const found = await findUserWithOrganization(t.db.db, t.admin.id);
    if (!found) throw new Error('admin missing');
    const auth = await authScope(t.db.db, found.user, found.organization);
    const strict = loadRunsConfig({ SURGE_UPLOAD_ZIP_MAX_ENTRIES: '1' }, 'api').uploadedSetupLimits;
    expect(strict).toMatchObject({ ...UPLOADED_SETUP_LIMITS, maxEntries: 1 });
    expect(() => loadRunsConfig({ SURGE_UPLOAD_ZIP_MAX_RATIO: '-3' }, 'api')).toThrow(/SURGE_UPLOAD_ZIP_MAX_RATIO/);
    const bytes = createZip([{ name: 'job.json', data: JSON.stringify(emptySetup()) }, { name: 'readme.txt', data: 'two entries' }]);
    async function* parts() {
      yield { type: 'field' as const, fieldname: 'jobFilename', value: 'job.json' };
      yield { type: 'file' as const, fieldname: 'file', filename: 'two.zip', file: Readable.from([bytes]) };
    }
    const services = { ...t.app.surge.runs.services, config: { ...t.app.surge.runs.services.config, uploadedSetupLimits: strict } };
    await expect(uploadPreprocessedSetup(services, auth, simulationId, parts())).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/2 entries; at most 1/) });
  });

  it('refuses a zip over the size limit while it arrives', async () => {
    const simulationId = await newSimulation();
    const found = await findUserWithOrganization(t.db.db, t.admin.id);
    if (!found) throw new Error('admin missing');
    const auth = await authScope(t.db.db, found.user, found.organization);
    const bytes = createZip([{ name: 'job.json', data: JSON.stringify(emptySetup()) }]);
    async function* parts() {
      yield { type: 'field' as const, fieldname: 'jobFilename', value: 'job.json' };
      yield { type: 'file' as const, fieldname: 'file', filename: 'big.zip', file: Readable.from([bytes]) };
    }
    const limits = { ...UPLOADED_SETUP_LIMITS, zipMaxBytes: bytes.length - 1 };
    await expect(uploadPreprocessedSetup(t.app.surge.runs.services, auth, simulationId, parts(), limits)).rejects.toMatchObject({ status: 413 });
    expect(storedFileNames().some((name) => name.endsWith('.part'))).toBe(false);
    const exact = { ...UPLOADED_SETUP_LIMITS, zipMaxBytes: bytes.length };
    await expect(uploadPreprocessedSetup(t.app.surge.runs.services, auth, simulationId, parts(), exact)).resolves.toMatchObject({ zipSize: bytes.length });
  });
});

describe('who may upload', () => {
  it('needs the upload_preprocessing feature, write access and a simulation not yet started', async () => {
    const zip = { name: 'case.zip', bytes: createZip([{ name: 'job.json', data: JSON.stringify(emptySetup()) }]) };
    const otherOrganization = await createOrganization(t, 'No Uploads Ltd');
    const otherManager = await tokenFor(t, (await createUser(t, otherOrganization, 'manager')).id);
    const otherProject = (await call(t, otherManager, 'POST', '/api/projects', { name: 'Theirs' })).json().id;
    const otherSimulation = await newSimulation(otherManager, otherProject);
    expect((await upload(otherSimulation, { file: zip, jobFilename: 'job.json' }, otherManager)).json()).toMatchObject({
      status: 403,
      description: 'Uploading preprocessed setups is not enabled for your organisation.',
    });
    expect((await call(t, otherManager, 'GET', '/api/users')).json().organization.features).toEqual([]);
    expect((await call(t, manager, 'GET', '/api/users')).json().organization.features).toEqual(['upload_preprocessing']);

    const simulationId = await newSimulation();
    const contributor = await tokenFor(t, (await createUser(t, t.organizationId, 'contributor')).id);
    expect((await upload(simulationId, { file: zip, jobFilename: 'job.json' }, contributor)).status).toBe(403);
    expect((await upload(simulationId, { file: zip, jobFilename: 'job.json' }, otherManager)).status).toBe(404);

    await t.db.db.update(simulations).set({ state: 'completed' }).where(eq(simulations.id, simulationId));
    expect((await upload(simulationId, { file: zip, jobFilename: 'job.json' })).json()).toMatchObject({
      status: 409,
      description: 'A setup can only be uploaded to a simulation that has not been started.',
    });
  });
});
