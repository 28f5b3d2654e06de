// Writes a zip archive of files on disk, streamed: each entry deflated as it is read, its CRC-32 and sizes
// in a data descriptor after it and in the central directory; ZIP64 records where sizes, offsets or the
// entry count outgrow the classic format, so exports of any size open in every unzip tool.
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { stat } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants, createDeflateRaw, crc32 } from 'node:zlib';

const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL = 0x06054b50;
const ZIP64_END = 0x06064b50;
const ZIP64_LOCATOR = 0x07064b50;
const MAX32 = 0xffffffff;
/** Entries this close to 4 GiB use ZIP64 sizes (deflate may grow incompressible data slightly). */
const ZIP64_ENTRY_THRESHOLD = 0xffff0000;
/** General purpose flags: sizes in a data descriptor (bit 3), UTF-8 names (bit 11). */
const FLAGS = 0x0008 | 0x0800;
const DEFLATE = 8;
const VERSION_ZIP64 = 45;
const VERSION_DEFAULT = 20;

export interface ZipSourceFile {
  /** Path inside the archive, with forward slashes. */
  name: string;
  path: string;
}

type Entry = { name: Buffer; crc: number; compressed: number; size: number; offset: number; zip64: boolean; time: number; date: number };

function dosDateTime(d: Date): { time: number; date: number } {
  const year = Math.max(1980, d.getFullYear());
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | Math.floor(d.getSeconds() / 2),
    date: ((year - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

async function put(out: WriteStream, bytes: Buffer): Promise<void> {
  if (!out.write(bytes)) await once(out, 'drain');
}

function zip64Extra(values: readonly number[]): Buffer {
  const extra = Buffer.alloc(4 + 8 * values.length);
  extra.writeUInt16LE(0x0001, 0);
  extra.writeUInt16LE(8 * values.length, 2);
  values.forEach((v, i) => extra.writeBigUInt64LE(BigInt(v), 4 + 8 * i));
  return extra;
}

/**
 * Writes `files` into the zip at `path`; `onBytes` hears the uncompressed bytes done so far. Returns the
 * archive's size.
 */
export async function writeZip(path: string, files: readonly ZipSourceFile[], options: { signal?: AbortSignal; onBytes?: (done: number) => void } = {}): Promise<number> {
  const out = createWriteStream(path);
  const closed = once(out, 'close');
  const entries: Entry[] = [];
  let offset = 0;
  let done = 0;
  const write = async (bytes: Buffer) => {
    await put(out, bytes);
    offset += bytes.length;
  };
  try {
    for (const file of files) {
      options.signal?.throwIfAborted();
      const info = await stat(file.path);
      const name = Buffer.from(file.name, 'utf8');
      const zip64 = info.size >= ZIP64_ENTRY_THRESHOLD;
      const { time, date } = dosDateTime(info.mtime);
      const entry: Entry = { name, crc: 0, compressed: 0, size: 0, offset, zip64, time, date };
      const extra = zip64 ? zip64Extra([0, 0]) : Buffer.alloc(0);
      const local = Buffer.alloc(30);
      local.writeUInt32LE(LOCAL_HEADER, 0);
      local.writeUInt16LE(zip64 ? VERSION_ZIP64 : VERSION_DEFAULT, 4);
      local.writeUInt16LE(FLAGS, 6);
      local.writeUInt16LE(DEFLATE, 8);
      local.writeUInt16LE(time, 10);
      local.writeUInt16LE(date, 12);
      // CRC and sizes follow in the data descriptor (ZIP64 entries mark them as such).
      local.writeUInt32LE(0, 14);
      local.writeUInt32LE(zip64 ? MAX32 : 0, 18);
      local.writeUInt32LE(zip64 ? MAX32 : 0, 22);
      local.writeUInt16LE(name.length, 26);
      local.writeUInt16LE(extra.length, 28);
      await write(Buffer.concat([local, name, extra]));

      let crc = 0;
      let size = 0;
      let compressed = 0;
      const measure = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          crc = crc32(chunk, crc);
          size += chunk.length;
          done += chunk.length;
          options.onBytes?.(done);
          callback(null, chunk);
        },
      });
      const sink = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          compressed += chunk.length;
          put(out, chunk).then(() => callback(), callback);
        },
      });
      await pipeline(createReadStream(file.path, { signal: options.signal }), measure, createDeflateRaw({ level: constants.Z_BEST_SPEED }), sink, { signal: options.signal });
      offset += compressed;
      Object.assign(entry, { crc, size, compressed });
      const descriptor = Buffer.alloc(zip64 ? 24 : 16);
      descriptor.writeUInt32LE(DATA_DESCRIPTOR, 0);
      descriptor.writeUInt32LE(crc >>> 0, 4);
      if (zip64) {
        descriptor.writeBigUInt64LE(BigInt(compressed), 8);
        descriptor.writeBigUInt64LE(BigInt(size), 16);
      } else {
        descriptor.writeUInt32LE(compressed, 8);
        descriptor.writeUInt32LE(size, 12);
      }
      await write(descriptor);
      entries.push(entry);
    }

    const centralStart = offset;
    for (const e of entries) {
      const needs64 = e.zip64 || e.offset >= MAX32 || e.size >= MAX32 || e.compressed >= MAX32;
      const extra = needs64 ? zip64Extra([e.size, e.compressed, e.offset]) : Buffer.alloc(0);
      const header = Buffer.alloc(46);
      header.writeUInt32LE(CENTRAL_HEADER, 0);
      header.writeUInt16LE((3 << 8) | (needs64 ? VERSION_ZIP64 : VERSION_DEFAULT), 4);
      header.writeUInt16LE(needs64 ? VERSION_ZIP64 : VERSION_DEFAULT, 6);
      header.writeUInt16LE(FLAGS, 8);
      header.writeUInt16LE(DEFLATE, 10);
      header.writeUInt16LE(e.time, 12);
      header.writeUInt16LE(e.date, 14);
      header.writeUInt32LE(e.crc >>> 0, 16);
      header.writeUInt32LE(needs64 ? MAX32 : e.compressed, 20);
      header.writeUInt32LE(needs64 ? MAX32 : e.size, 24);
      header.writeUInt16LE(e.name.length, 28);
      header.writeUInt16LE(extra.length, 30);
      header.writeUInt16LE(0, 32);
      header.writeUInt16LE(0, 34);
      header.writeUInt16LE(0, 36);
      // Unix regular file, rw-r--r--.
      header.writeUInt32LE((0o100644 << 16) >>> 0, 38);
      header.writeUInt32LE(needs64 ? MAX32 : e.offset, 42);
      await write(Buffer.concat([header, e.name, extra]));
    }
    const centralSize = offset - centralStart;
    const needs64 = entries.length >= 0xffff || centralStart >= MAX32 || centralSize >= MAX32;
    if (needs64) {
      const zip64End = Buffer.alloc(56);
      zip64End.writeUInt32LE(ZIP64_END, 0);
      zip64End.writeBigUInt64LE(44n, 4);
      zip64End.writeUInt16LE(VERSION_ZIP64, 12);
      zip64End.writeUInt16LE(VERSION_ZIP64, 14);
      zip64End.writeBigUInt64LE(BigInt(entries.length), 24);
      zip64End.writeBigUInt64LE(BigInt(entries.length), 32);
      zip64End.writeBigUInt64LE(BigInt(centralSize), 40);
      zip64End.writeBigUInt64LE(BigInt(centralStart), 48);
      const locator = Buffer.alloc(20);
      locator.writeUInt32LE(ZIP64_LOCATOR, 0);
      locator.writeBigUInt64LE(BigInt(offset), 8);
      locator.writeUInt32LE(1, 16);
      await write(Buffer.concat([zip64End, locator]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(END_OF_CENTRAL, 0);
    end.writeUInt16LE(needs64 ? 0xffff : entries.length, 8);
    end.writeUInt16LE(needs64 ? 0xffff : entries.length, 10);
    end.writeUInt32LE(needs64 ? MAX32 : centralSize, 12);
    end.writeUInt32LE(needs64 ? MAX32 : centralStart, 16);
    await write(end);
    out.end();
    await closed;
    return offset;
  } catch (error) {
    out.destroy();
    throw error;
  }
}
