// Images saved from the results viewer over the API: PNG and JPEG are stored and served with their type,
// anything else is refused (a disguised file as a security risk with 503), nothing is left behind by a
// refusal, images stay inside their organisation, only images of the organisation can become a
// simulation's post image, deleting an image clears it there, and a post image no simulation shows any
// more is removed.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES, IMAGE_MESSAGES, IMAGE_REJECTED_STATUS } from '../../../src/domain/images.ts';
import { findUserWithOrganization } from '../../../src/server/account/users.repository.ts';
import { authScope } from '../../../src/server/account/accessGrants.service.ts';
import { uploadImage } from '../../../src/server/dashboards/images.service.ts';
import { call, createOrganization, createUser, startTestApp, tokenFor, type TestApp } from './harness.ts';

let t: TestApp;
let manager: string;

beforeAll(async () => {
  t = await startTestApp();
  manager = await tokenFor(t, t.admin.id);
});
afterAll(async () => t?.close());

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 2 x 2 RGB PNG. */
function png(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header[8] = 8;
  header[9] = 2;
  const rows = Buffer.from([0, 255, 0, 0, 0, 255, 0, 0, 0, 0, 255, 255, 255, 255]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The start of a JPEG (SOI, JFIF APP0) and its end marker: what the type check reads. */
function jpeg(): Buffer {
  return Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0', 'latin1'), Buffer.alloc(9), Buffer.from([0xff, 0xd9])]);
}

function form(fields: { file?: { name: string; bytes: Buffer; type?: string }; name?: string }) {
  const boundary = '----surge-image-boundary';
  const chunks: Buffer[] = [];
  if (fields.name !== undefined) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\n${fields.name}\r\n`));
  if (fields.file) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fields.file.name}"\r\nContent-Type: ${fields.file.type ?? 'application/octet-stream'}\r\n\r\n`));
    chunks.push(fields.file.bytes, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(fields: Parameters<typeof form>[0], token = manager) {
  const { payload, headers } = form(fields);
  const response = await t.app.inject({ method: 'POST', url: '/api/client-upload/images', payload, headers: { ...headers, authorization: `Bearer ${token}` } });
  return { status: response.statusCode, json: () => response.json() };
}

function get(id: string, token = manager) {
  return t.app.inject({ method: 'GET', url: `/api/images/${id}`, headers: { authorization: `Bearer ${token}` } });
}

function storedImages(organizationId = t.organizationId): string[] {
  const folder = join(t.config.storageDir, 'organizations', organizationId, 'images');
  return existsSync(folder) ? readdirSync(folder) : [];
}

async function newSimulation(token = manager): Promise<string> {
  const project = (await call(t, token, 'POST', '/api/projects', { name: `Images ${Math.random().toString(36).slice(2, 8)}` })).json();
  return (await call(t, token, 'POST', `/api/projects/${project.id}/simulations`, { name: 'With image' })).json().id;
}

describe('saving images', () => {
  it('stores a PNG and a JPEG and serves their bytes with their type', async () => {
    const bytes = png();
    const saved = await upload({ file: { name: 'shot.png', bytes, type: 'image/png' }, name: 'Velocity at 1 s' });
    expect(saved.status, JSON.stringify(saved.json())).toBe(201);
    expect(saved.json()).toMatchObject({ name: 'Velocity at 1 s', contentType: 'image/png', size: bytes.length, createdBy: t.admin.id });
    const served = await get(saved.json().id);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(bytes)).toBe(true);

    // The bytes decide the type, and the file name stands in for a missing name.
    const photo = await upload({ file: { name: 'photo.png', bytes: jpeg() } });
    expect(photo.status).toBe(201);
    expect(photo.json()).toMatchObject({ name: 'photo.png', contentType: 'image/jpeg' });
    expect((await get(photo.json().id)).headers['content-type']).toBe('image/jpeg');
  });

  it('refuses what is not a PNG or JPEG, a disguised file as a security risk, and leaves nothing behind', async () => {
    const before = storedImages().length;
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const cases: { fields: Parameters<typeof form>[0]; status: number; description: string }[] = [
      { fields: { file: { name: 'shot.png', bytes: html }, name: 'x' }, status: IMAGE_REJECTED_STATUS, description: IMAGE_MESSAGES.securityRisk },
      { fields: { file: { name: 'shot', bytes: html, type: 'image/jpeg' }, name: 'x' }, status: IMAGE_REJECTED_STATUS, description: IMAGE_MESSAGES.securityRisk },
      { fields: { file: { name: 'anim.gif', bytes: Buffer.from('GIF89a\x01\x00\x01\x00') }, name: 'x' }, status: 400, description: IMAGE_MESSAGES.notImage },
      // A PNG signature without the header chunk that must follow it.
      { fields: { file: { name: 'broken.png', bytes: png().subarray(0, 12) }, name: 'x' }, status: IMAGE_REJECTED_STATUS, description: IMAGE_MESSAGES.securityRisk },
      { fields: { file: { name: 'empty.png', bytes: Buffer.alloc(0) }, name: 'x' }, status: 400, description: IMAGE_MESSAGES.empty },
      { fields: { name: 'no file' }, status: 400, description: IMAGE_MESSAGES.noFile },
      { fields: { file: { name: 'shot.png', bytes: png() }, name: '   ' }, status: 400, description: 'Enter a name for the image' },
    ];
    for (const { fields, status, description } of cases) {
      const answer = await upload(fields);
      expect({ status: answer.status, description: answer.json().description }).toEqual({ status, description });
    }
    expect(storedImages().length).toBe(before);

    // Over the limit while the bytes arrive: 413, and the partial file is gone.
    const found = await findUserWithOrganization(t.db.db, t.admin.id);
    if (!found) throw new Error('admin missing');
    const auth = await authScope(t.db.db, found.user, found.organization);
    const services = { db: t.db.db, storage: t.app.surge.runs.services.storage };
    async function* parts() {
      yield { type: 'file' as const, fieldname: 'file', filename: 'big.png', file: Readable.from([png(), Buffer.alloc(64)]) };
    }
    await expect(uploadImage(services, auth, parts(), png().length + 10)).rejects.toMatchObject({ status: 413, message: IMAGE_MESSAGES.tooLarge });
    expect(storedImages().length).toBe(before);
    expect(IMAGE_MESSAGES.tooLarge).toContain(`${IMAGE_MAX_BYTES / 1024 / 1024} MB`);
  });

  it('needs a signed-in caller and keeps images inside their organisation', async () => {
    const saved = (await upload({ file: { name: 'a.png', bytes: png() }, name: 'Mine' })).json();
    expect((await t.app.inject({ method: 'GET', url: `/api/images/${saved.id}` })).statusCode).toBe(401);
    const otherOrganization = await createOrganization(t, 'Elsewhere');
    const stranger = await tokenFor(t, (await createUser(t, otherOrganization, 'manager')).id);
    expect((await get(saved.id, stranger)).statusCode).toBe(404);
    expect((await call(t, stranger, 'DELETE', `/api/images/${saved.id}`)).status).toBe(404);

    // A contributor colleague neither sees an image a manager saved for no simulation of theirs nor may
    // delete it; a manager may delete the colleague's.
    const colleague = await tokenFor(t, (await createUser(t, t.organizationId, 'contributor')).id);
    expect((await get(saved.id, colleague)).statusCode).toBe(403);
    expect((await call(t, colleague, 'DELETE', `/api/images/${saved.id}`)).status).toBe(403);
    const theirs = (await upload({ file: { name: 'b.png', bytes: png() }, name: 'Theirs' }, colleague)).json();
    expect((await call(t, manager, 'DELETE', `/api/images/${theirs.id}`)).status).toBe(204);

    // Their own image cannot become a post image here, nor this one there.
    const foreign = (await upload({ file: { name: 'c.png', bytes: png() }, name: 'Foreign' }, stranger)).json();
    expect(storedImages(otherOrganization)).toEqual([foreign.id]);
    const simId = await newSimulation();
    const refused = await call(t, manager, 'PUT', `/api/simulations/${simId}`, { postImageId: foreign.id });
    expect(refused.status).toBe(400);
    expect(refused.json()).toMatchObject({ title: 'validation_error', description: IMAGE_MESSAGES.unknownPostImage });
  });

  it('sets a post image and clears it when the image is deleted', async () => {
    const saved = (await upload({ file: { name: 'post.png', bytes: png() }, name: 'Post' })).json();
    const simId = await newSimulation();
    const updated = await call(t, manager, 'PUT', `/api/simulations/${simId}`, { postImageId: saved.id });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.json()).toMatchObject({ postImageId: saved.id, postImage: { id: saved.id } });

    expect((await call(t, manager, 'DELETE', `/api/images/${saved.id}`)).status).toBe(204);
    expect((await get(saved.id)).statusCode).toBe(404);
    expect(storedImages()).not.toContain(saved.id);
    expect((await call(t, manager, 'GET', `/api/simulations/${simId}`)).json()).toMatchObject({ postImageId: null, postImage: null });
    // Clearing by hand stays possible.
    expect((await call(t, manager, 'PUT', `/api/simulations/${simId}`, { postImageId: null })).status).toBe(200);
  });

  it('removes the post image a simulation stops showing, unless another simulation shows it', async () => {
    const first = (await upload({ file: { name: 'one.png', bytes: png() }, name: 'One' })).json();
    const second = (await upload({ file: { name: 'two.png', bytes: png() }, name: 'Two' })).json();
    const simId = await newSimulation();
    const otherId = await newSimulation();
    expect((await call(t, manager, 'PUT', `/api/simulations/${simId}`, { postImageId: first.id })).status).toBe(200);
    expect((await call(t, manager, 'PUT', `/api/simulations/${otherId}`, { postImageId: first.id })).status).toBe(200);
    // Still shown by the other simulation: it stays.
    expect((await call(t, manager, 'PUT', `/api/simulations/${simId}`, { postImageId: second.id })).status).toBe(200);
    expect((await get(first.id)).statusCode).toBe(200);
    // Replaced there too: nothing shows it any more, so it goes, record and file.
    expect((await call(t, manager, 'PUT', `/api/simulations/${otherId}`, { postImageId: second.id })).status).toBe(200);
    expect((await get(first.id)).statusCode).toBe(404);
    expect(storedImages()).not.toContain(first.id);
    // A rename keeps the image; deleting both simulations takes it with the last one.
    expect((await call(t, manager, 'PUT', `/api/simulations/${simId}`, { name: 'Renamed' })).status).toBe(200);
    expect((await call(t, manager, 'DELETE', `/api/simulations/${simId}`)).status).toBe(200);
    expect((await get(second.id)).statusCode).toBe(200);
    expect((await call(t, manager, 'DELETE', `/api/simulations/${otherId}`)).status).toBe(200);
    expect((await get(second.id)).statusCode).toBe(404);
    expect(storedImages()).not.toContain(second.id);
  });
});
