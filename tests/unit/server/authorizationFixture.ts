// What the authorisation tests act on: things one user owns in the first organisation (a project, a
// simulation with a setup, an uploaded STL, a saved image shown as its post image, a second dashboard view
// with a tile, a template, a credit sequence) and the multipart bodies that create them.
import { crc32, deflateSync } from 'node:zlib';
import { expect } from 'vitest';
import { insertSequence } from '../../../src/server/credits/creditLedger.repository.ts';
import { call, createSimulationWithSetup, smallDamBreak, uploadFile, type RunsTestApp } from '../runs/harness.ts';

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 1 x 1 grey PNG. */
export function tinyPng(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header[8] = 8;
  header[9] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.from([0, 128]))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A closed tetrahedron as binary STL. */
export function tetrahedronStl(): Buffer {
  const v = [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]];
  const faces = [[0, 2, 1], [0, 1, 3], [0, 3, 2], [1, 2, 3]];
  const buffer = Buffer.alloc(84 + 50 * faces.length);
  buffer.writeUInt32LE(faces.length, 80);
  faces.forEach((face, i) => face.flatMap((k) => v[k]).forEach((value, k) => buffer.writeFloatLE(value, 84 + 50 * i + 12 + 4 * k)));
  return buffer;
}

/** A multipart body: text fields and at most one file in the field "file". */
export function multipartBody(fields: Record<string, string>, file?: { name: string; bytes: Buffer }): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----surge-authorization-boundary';
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`));
    chunks.push(file.bytes, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function saveImage(t: Pick<RunsTestApp, 'app'>, token: string, name = 'Saved view'): Promise<string> {
  const { payload, headers } = multipartBody({ name }, { name: 'view.png', bytes: tinyPng() });
  const response = await t.app.inject({ method: 'POST', url: '/api/client-upload/images', payload, headers: { ...headers, authorization: `Bearer ${token}` } });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: string }).id;
}

export type OwnedThings = {
  projectId: string;
  simulationId: string;
  simulationName: string;
  fileId: string;
  imageId: string;
  defaultViewId: string;
  viewId: string;
  tileId: string;
  templateId: string;
  sequenceId: string;
};

/** Everything below is created by `token`'s user, over the API where there is a route for it. */
export async function createOwnedThings(t: RunsTestApp, token: string, ownerId: string, label: string): Promise<OwnedThings> {
  const simulationName = `${label} secret simulation`;
  const simulationId = await createSimulationWithSetup(t, token, smallDamBreak(), simulationName);
  const simulation = (await call(t, token, 'GET', `/api/simulations/${simulationId}`)).json() as { projectId: string };
  const file = await uploadFile(t, token, simulationId, 'part.stl', tetrahedronStl());
  expect(file.status, file.text).toBe(201);
  const imageId = await saveImage(t, token);
  const shown = await call(t, token, 'PUT', `/api/simulations/${simulationId}`, { postImageId: imageId });
  expect(shown.status, shown.text).toBe(200);
  const views = await call(t, token, 'GET', `/api/simulations/${simulationId}/dashboards`);
  const defaultViewId = (views.json() as { id: string }[])[0].id;
  const view = await call(t, token, 'POST', `/api/simulations/${simulationId}/dashboards`, { name: `${label} view` });
  expect(view.status, view.text).toBe(201);
  const viewId = (view.json() as { id: string }).id;
  const tile = await call(t, token, 'POST', `/api/dashboards/${viewId}/tiles`, { type: 'image', x: 0, y: 0, w: 4, h: 3, imageId });
  expect(tile.status, tile.text).toBe(201);
  const template = await call(t, token, 'POST', '/api/dashboard_templates', { name: `${label} template`, viewId });
  expect(template.status, template.text).toBe(201);
  // A consumption as a run books it: the sequence carries the simulation's name.
  const sequence = await insertSequence(t.db.db, {
    organizationId: t.organizationId,
    kind: 'simulation',
    credits: -0.5,
    simulationHours: 0.25,
    simulationId,
    simulationName,
    issuerId: ownerId,
  });
  return {
    projectId: simulation.projectId,
    simulationId,
    simulationName,
    fileId: (file.json() as { id: string }).id,
    imageId,
    defaultViewId,
    viewId,
    tileId: (tile.json() as { id: string }).id,
    templateId: (template.json() as { id: string }).id,
    sequenceId: sequence.id,
  };
}
