// VTK XML files that ParaView opens: UnstructuredGrid (.vtu) of particles, each a VTK_VERTEX cell, and
// PolyData (.vtp) of triangle surfaces, both little-endian with every array in one appended raw-binary
// block (UInt64 size headers), plus the .pvd collection that lists them with their times. Arrays are
// streamed from the output's typed-array files as they are, so an export never holds a whole output.
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';

/** VTK cell type of a single point. */
export const VTK_VERTEX = 1;
/** VTK cell type of a triangle. */
export const VTK_TRIANGLE = 5;

export type VtkType = 'Float32' | 'UInt32' | 'Int32' | 'UInt8';

const BYTES: Record<VtkType, number> = { Float32: 4, UInt32: 4, Int32: 4, UInt8: 1 };

/** Where an array's bytes come from: a little-endian file of the output, or values made here. */
export type ArraySource =
  | { kind: 'file'; path: string }
  | { kind: 'generated'; fill(start: number, out: Int32Array | Uint8Array): void };

export interface VtkArray {
  name: string;
  type: VtkType;
  components: number;
  /** Tuples in the array. */
  tuples: number;
  source: ArraySource;
}

/** Items generated per chunk when writing connectivity, offsets and cell types. */
const CHUNK = 1 << 16;

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function byteLength(a: VtkArray): number {
  return a.tuples * a.components * BYTES[a.type];
}

/** The DataArray element of an appended array at `offset` within the appended block. */
function dataArrayXml(a: VtkArray, offset: number): string {
  const components = a.components > 1 ? ` NumberOfComponents="${a.components}"` : '';
  return `<DataArray type="${a.type}" Name="${escapeXml(a.name)}"${components} format="appended" offset="${offset}"/>`;
}

async function writeChunk(out: WriteStream, chunk: Uint8Array): Promise<void> {
  if (!out.write(chunk)) await once(out, 'drain');
}

async function writeArrayData(out: WriteStream, a: VtkArray, signal?: AbortSignal): Promise<void> {
  const size = Buffer.alloc(8);
  size.writeBigUInt64LE(BigInt(byteLength(a)));
  await writeChunk(out, size);
  if (a.source.kind === 'file') {
    let written = 0;
    for await (const chunk of createReadStream(a.source.path, { signal })) {
      written += (chunk as Buffer).length;
      await writeChunk(out, chunk as Buffer);
    }
    if (written !== byteLength(a)) throw new Error(`${a.source.path} holds ${written} bytes, expected ${byteLength(a)} for ${a.name}`);
    return;
  }
  const values = a.tuples * a.components;
  for (let start = 0; start < values; start += CHUNK) {
    signal?.throwIfAborted();
    const n = Math.min(CHUNK, values - start);
    const chunk = a.type === 'UInt8' ? new Uint8Array(n) : new Int32Array(n);
    a.source.fill(start, chunk);
    const bytes = new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    if (a.type !== 'UInt8' && new Uint8Array(new Uint16Array([1]).buffer)[0] !== 1) {
      const view = new DataView(bytes.buffer);
      for (let i = 0; i < n; i++) view.setInt32(4 * i, (chunk as Int32Array)[i], true);
    }
    await writeChunk(out, bytes);
  }
}

/** Lays out the appended block: each array's offset (its 8-byte size header included). */
function layout(arrays: readonly VtkArray[]): number[] {
  const offsets: number[] = [];
  let offset = 0;
  for (const a of arrays) {
    offsets.push(offset);
    offset += 8 + byteLength(a);
  }
  return offsets;
}

async function writeVtkFile(path: string, head: (offsetOf: (a: VtkArray) => number) => string, arrays: VtkArray[], signal?: AbortSignal): Promise<number> {
  const offsets = layout(arrays);
  const xml = head((a) => offsets[arrays.indexOf(a)]);
  const out = createWriteStream(path);
  const closed = once(out, 'close');
  try {
    await writeChunk(out, Buffer.from(`${xml}  <AppendedData encoding="raw">\n   _`, 'utf8'));
    for (const a of arrays) await writeArrayData(out, a, signal);
    await writeChunk(out, Buffer.from('\n  </AppendedData>\n</VTKFile>\n', 'utf8'));
    out.end();
    await closed;
  } catch (error) {
    out.destroy();
    throw error;
  }
  return out.bytesWritten;
}

function header(type: 'UnstructuredGrid' | 'PolyData'): string {
  return `<?xml version="1.0"?>\n<VTKFile type="${type}" version="1.0" byte_order="LittleEndian" header_type="UInt64">\n`;
}

function pointDataXml(pointData: readonly VtkArray[], offsetOf: (a: VtkArray) => number): string {
  const scalars = pointData.find((a) => a.components === 1);
  const vectors = pointData.find((a) => a.components === 3);
  const defaults = `${scalars ? ` Scalars="${escapeXml(scalars.name)}"` : ''}${vectors ? ` Vectors="${escapeXml(vectors.name)}"` : ''}`;
  return `   <PointData${defaults}>\n${pointData.map((a) => `    ${dataArrayXml(a, offsetOf(a))}\n`).join('')}   </PointData>\n`;
}

/**
 * A .vtu of `points` particles: positions (Float32 xyz file), one VTK_VERTEX cell per particle and the
 * point data arrays. Returns the bytes written.
 */
export async function writeParticlesVtu(path: string, points: number, positions: ArraySource, pointData: VtkArray[], signal?: AbortSignal): Promise<number> {
  const positionArray: VtkArray = { name: 'Points', type: 'Float32', components: 3, tuples: points, source: positions };
  const connectivity: VtkArray = { name: 'connectivity', type: 'Int32', components: 1, tuples: points, source: { kind: 'generated', fill: (start, out) => out.forEach((_, i) => (out[i] = start + i)) } };
  const offsets: VtkArray = { name: 'offsets', type: 'Int32', components: 1, tuples: points, source: { kind: 'generated', fill: (start, out) => out.forEach((_, i) => (out[i] = start + i + 1)) } };
  const types: VtkArray = { name: 'types', type: 'UInt8', components: 1, tuples: points, source: { kind: 'generated', fill: (_start, out) => out.fill(VTK_VERTEX) } };
  const arrays = [positionArray, connectivity, offsets, types, ...pointData];
  return writeVtkFile(
    path,
    (offsetOf) =>
      header('UnstructuredGrid') +
      ` <UnstructuredGrid>\n  <Piece NumberOfPoints="${points}" NumberOfCells="${points}">\n` +
      `   <Points>\n    ${dataArrayXml(positionArray, offsetOf(positionArray))}\n   </Points>\n` +
      `   <Cells>\n    ${dataArrayXml(connectivity, offsetOf(connectivity))}\n    ${dataArrayXml(offsets, offsetOf(offsets))}\n    ${dataArrayXml(types, offsetOf(types))}\n   </Cells>\n` +
      pointDataXml(pointData, offsetOf) +
      '  </Piece>\n </UnstructuredGrid>\n',
    arrays,
    signal,
  );
}

/**
 * A .vtp of a triangle surface: vertices (Float32 xyz file), triangles (uint32 index triples, written as
 * Int32 connectivity) and point data on the vertices. Returns the bytes written.
 */
export async function writeSurfaceVtp(
  path: string,
  vertices: number,
  triangles: number,
  positions: ArraySource,
  indices: ArraySource,
  pointData: VtkArray[],
  signal?: AbortSignal,
): Promise<number> {
  const positionArray: VtkArray = { name: 'Points', type: 'Float32', components: 3, tuples: vertices, source: positions };
  const connectivity: VtkArray = { name: 'connectivity', type: 'Int32', components: 1, tuples: triangles * 3, source: indices };
  const offsets: VtkArray = { name: 'offsets', type: 'Int32', components: 1, tuples: triangles, source: { kind: 'generated', fill: (start, out) => out.forEach((_, i) => (out[i] = 3 * (start + i + 1))) } };
  const arrays = [positionArray, connectivity, offsets, ...pointData];
  return writeVtkFile(
    path,
    (offsetOf) =>
      header('PolyData') +
      ` <PolyData>\n  <Piece NumberOfPoints="${vertices}" NumberOfVerts="0" NumberOfLines="0" NumberOfStrips="0" NumberOfPolys="${triangles}">\n` +
      `   <Points>\n    ${dataArrayXml(positionArray, offsetOf(positionArray))}\n   </Points>\n` +
      `   <Polys>\n    ${dataArrayXml(connectivity, offsetOf(connectivity))}\n    ${dataArrayXml(offsets, offsetOf(offsets))}\n   </Polys>\n` +
      pointDataXml(pointData, offsetOf) +
      '  </Piece>\n </PolyData>\n',
    arrays,
    signal,
  );
}

/** A .pvd collection: one data set per time step, `file` relative to the .pvd. */
export function pvdCollection(entries: readonly { time: number; file: string }[]): string {
  const lines = entries.map((e) => `  <DataSet timestep="${e.time}" group="" part="0" file="${escapeXml(e.file)}"/>`);
  return `<?xml version="1.0"?>\n<VTKFile type="Collection" version="1.0" byte_order="LittleEndian">\n <Collection>\n${lines.join('\n')}\n </Collection>\n</VTKFile>\n`;
}
