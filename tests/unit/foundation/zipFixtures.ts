// Test archives: a small zip writer (stored or deflated entries, with ways to lie about sizes, CRC and
// file type the way hostile archives do), an ASCII STL and a setup document that names STL files.
import { constants, crc32, deflateRawSync } from 'node:zlib';
import { defaultRigidComponent } from '../../../src/domain/component.ts';
import { createPart } from '../../../src/domain/part.ts';
import { emptySetup, type SetupDocument } from '../../../src/domain/setup.ts';
import { stlFileShape } from '../../../src/domain/shape.ts';

export type FixtureEntry = {
  name: string;
  data?: string | Buffer;
  method?: 'store' | 'deflate';
  /** Overrides the uncompressed size written into the headers. */
  declaredSize?: number;
  /** Overrides the CRC-32 written into the headers. */
  crc?: number;
  /** Unix mode (e.g. 0o120777 for a symbolic link). */
  unixMode?: number;
  encrypted?: boolean;
  /** Raw deflate data written as is (with declaredSize and crc), for archives too large to deflate in a test. */
  deflated?: Buffer;
};

/**
 * A zip bomb entry: `mib` MiB of zeros as raw deflate data of about 1 KB per MiB, built from one deflated
 * MiB repeated (each copy ends with a full flush, so copies do not refer to each other), then an empty
 * final block. `declaredSize` defaults to the true size; pass a smaller one for a header that lies.
 */
export function zerosBomb(name: string, mib: number, declaredSize?: number): FixtureEntry {
  const zeros = Buffer.alloc(1024 * 1024);
  const block = deflateRawSync(zeros, { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  let crc = 0;
  for (let i = 0; i < mib; i += 1) crc = crc32(zeros, crc);
  const deflated = Buffer.concat([...Array.from({ length: mib }, () => block), deflateRawSync(Buffer.alloc(0))]);
  return { name, deflated, declaredSize: declaredSize ?? mib * zeros.length, crc };
}

export function createZip(entries: readonly FixtureEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const data = typeof entry.data === 'string' ? Buffer.from(entry.data) : (entry.data ?? Buffer.alloc(0));
    const deflate = entry.deflated !== undefined || (entry.method !== 'store' && data.length > 0);
    const body = entry.deflated ?? (deflate ? deflateRawSync(data) : data);
    const name = Buffer.from(entry.name, 'utf8');
    const crc = entry.crc ?? crc32(data);
    const size = entry.declaredSize ?? data.length;
    const flags = 0x0800 | (entry.encrypted ? 1 : 0);
    const method = deflate ? 8 : 0;
    const compressedSize = deflate ? body.length : (entry.declaredSize ?? body.length);

    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(0x21, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressedSize, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, body);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressedSize, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(((entry.unixMode ?? (entry.name.endsWith('/') ? 0o40755 : 0o100644)) << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A closed tetrahedron as ASCII STL (4 outward facets). */
export function tetrahedronStl(scale = 1): string {
  const p = [
    [0, 0, 0],
    [scale, 0, 0],
    [0, scale, 0],
    [0, 0, scale],
  ];
  const faces = [
    [0, 2, 1],
    [0, 1, 3],
    [0, 3, 2],
    [1, 2, 3],
  ];
  const lines = ['solid tetra'];
  for (const face of faces) {
    lines.push('  facet normal 0 0 0', '    outer loop');
    for (const i of face) lines.push(`      vertex ${p[i].join(' ')}`);
    lines.push('    endloop', '  endfacet');
  }
  lines.push('endsolid tetra');
  return `${lines.join('\n')}\n`;
}

/** A setup document with one rigid part per STL file name (the file id is only a placeholder until upload). */
export function setupWithStl(...fileNames: string[]): SetupDocument {
  const setup = emptySetup();
  setup.parts = fileNames.map((name, index) =>
    createPart({
      id: `part-${index}`,
      name: `Wall ${index + 1}`,
      component: defaultRigidComponent(),
      shape: stlFileShape(name, { name, extension: 'stl', unit: 'mm' }),
    }),
  );
  return setup;
}
