// Reads zip archives from untrusted uploads: the central directory (no ZIP64, multi-disk, encryption or
// symbolic links), stored and deflated entries, limits on entry count and sizes, and entry names that
// cannot leave the archive. Entry data is inflated with node:zlib and checked against the declared size
// and CRC-32, so an archive that lies about its sizes is refused rather than trusted.
import { open, type FileHandle } from 'node:fs/promises';
import { Readable, Transform, pipeline } from 'node:stream';
import { createInflateRaw, crc32, inflateRawSync } from 'node:zlib';

export class ZipError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ZipError';
  }
}

/** Random access to the archive's bytes (a buffer in tests, a file for uploads). */
export interface ZipSource {
  readonly size: number;
  read(position: number, length: number): Promise<Buffer>;
}

export function bufferSource(bytes: Uint8Array): ZipSource {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return {
    size: buffer.length,
    read: async (position, length) => buffer.subarray(position, Math.min(buffer.length, position + length)),
  };
}

export async function fileSource(path: string): Promise<ZipSource & { close(): Promise<void> }> {
  const handle: FileHandle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    return {
      size,
      async read(position, length) {
        const buffer = Buffer.alloc(Math.max(0, Math.min(length, size - position)));
        let done = 0;
        while (done < buffer.length) {
          const { bytesRead } = await handle.read(buffer, done, buffer.length - done, position + done);
          if (bytesRead === 0) break;
          done += bytesRead;
        }
        return buffer.subarray(0, done);
      },
      close: () => handle.close(),
    };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

export type ZipLimits = {
  maxEntries: number;
  /** Largest uncompressed entry. */
  maxEntryBytes: number;
  /** Sum of all uncompressed entries. */
  maxTotalBytes: number;
};

export type ZipEntry = {
  /** Normalised path inside the archive: forward slashes, no leading slash, no '.' or '..' segments. */
  name: string;
  isDirectory: boolean;
  method: typeof STORED | typeof DEFLATED;
  crc32: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
};

const STORED = 0;
const DEFLATED = 8;
const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const EOCD_SIZE = 22;
const CENTRAL_SIZE = 46;
const LOCAL_SIZE = 30;
const MAX_COMMENT = 0xffff;
const FLAG_ENCRYPTED = 0x0001;
const FLAG_UTF8 = 0x0800;
const UNIX_TYPE_MASK = 0o170000;
const UNIX_SYMLINK = 0o120000;
const CHUNK_BYTES = 64 * 1024;

/** Whether the bytes begin like a zip archive (a local header, or the end record of an empty archive). */
export function looksLikeZip(head: Uint8Array): boolean {
  if (head.length < 4) return false;
  const signature = Buffer.from(head.buffer, head.byteOffset, 4).readUInt32LE(0);
  return signature === LOCAL_SIGNATURE || signature === EOCD_SIGNATURE;
}

/**
 * An entry name as a safe relative path, or a ZipError. Backslashes count as separators (some Windows
 * tools write them); absolute paths, drive letters and '..' segments are refused.
 */
export function safeEntryName(raw: string): string {
  if (raw.includes('\0')) throw new ZipError(`The entry name ${JSON.stringify(raw)} contains a NUL character.`);
  const slashed = raw.replaceAll('\\', '/');
  if (slashed.startsWith('/') || /^[a-zA-Z]:/.test(slashed)) throw new ZipError(`The entry ${raw} has an absolute path.`);
  const segments = slashed.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (segments.includes('..')) throw new ZipError(`The entry ${raw} points outside the archive.`);
  if (segments.length === 0) throw new ZipError('An entry has an empty name.');
  return segments.join('/') + (slashed.endsWith('/') ? '/' : '');
}

async function findEndRecord(source: ZipSource): Promise<{ offset: number; record: Buffer }> {
  if (source.size < EOCD_SIZE) throw new ZipError('The file is too short to be a zip archive.');
  const tailLength = Math.min(source.size, EOCD_SIZE + MAX_COMMENT);
  const tailStart = source.size - tailLength;
  const tail = await source.read(tailStart, tailLength);
  // The end record is followed only by its comment; search backwards so a signature inside the comment
  // of an earlier record cannot win.
  for (let i = tail.length - EOCD_SIZE; i >= 0; i -= 1) {
    if (tail.readUInt32LE(i) !== EOCD_SIGNATURE) continue;
    const commentLength = tail.readUInt16LE(i + 20);
    if (i + EOCD_SIZE + commentLength === tail.length) return { offset: tailStart + i, record: tail.subarray(i, i + EOCD_SIZE) };
  }
  throw new ZipError('The end of the zip directory was not found; the file is not a zip archive or it is truncated.');
}

/** The archive's entries from its central directory, checked against `limits`. */
export async function readZipDirectory(source: ZipSource, limits: ZipLimits): Promise<ZipEntry[]> {
  const { offset: endOffset, record } = await findEndRecord(source);
  const disk = record.readUInt16LE(4);
  const directoryDisk = record.readUInt16LE(6);
  const entriesHere = record.readUInt16LE(8);
  const entryCount = record.readUInt16LE(10);
  const directorySize = record.readUInt32LE(12);
  const directoryOffset = record.readUInt32LE(16);
  if (disk !== 0 || directoryDisk !== 0 || entriesHere !== entryCount) throw new ZipError('Zip archives split over several files are not supported.');
  if (entryCount === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) {
    throw new ZipError('ZIP64 archives are not supported; the archive is too large.');
  }
  if (entryCount > limits.maxEntries) throw new ZipError(`The archive has ${entryCount} entries; at most ${limits.maxEntries} are accepted.`);
  if (directoryOffset + directorySize > endOffset) throw new ZipError('The zip directory lies outside the archive.');

  const directory = await source.read(directoryOffset, directorySize);
  const entries: ZipEntry[] = [];
  const names = new Set<string>();
  let total = 0;
  let position = 0;
  for (let index = 0; index < entryCount; index += 1) {
    if (position + CENTRAL_SIZE > directory.length || directory.readUInt32LE(position) !== CENTRAL_SIGNATURE) {
      throw new ZipError('The zip directory is damaged.');
    }
    const madeBy = directory.readUInt16LE(position + 4) >> 8;
    const flags = directory.readUInt16LE(position + 8);
    const method = directory.readUInt16LE(position + 10);
    const crc = directory.readUInt32LE(position + 16);
    const compressedSize = directory.readUInt32LE(position + 20);
    const uncompressedSize = directory.readUInt32LE(position + 24);
    const nameLength = directory.readUInt16LE(position + 28);
    const extraLength = directory.readUInt16LE(position + 30);
    const commentLength = directory.readUInt16LE(position + 32);
    const externalAttributes = directory.readUInt32LE(position + 38);
    const localHeaderOffset = directory.readUInt32LE(position + 42);
    const nameEnd = position + CENTRAL_SIZE + nameLength;
    if (nameEnd > directory.length) throw new ZipError('The zip directory is damaged.');
    const rawName = directory.toString(flags & FLAG_UTF8 ? 'utf8' : 'latin1', position + CENTRAL_SIZE, nameEnd);
    position = nameEnd + extraLength + commentLength;

    const name = safeEntryName(rawName);
    if (flags & FLAG_ENCRYPTED) throw new ZipError(`The entry ${name} is encrypted; encrypted archives are not supported.`);
    // Unix-made archives keep the file type in the high bits of the external attributes.
    if (madeBy === 3 && ((externalAttributes >>> 16) & UNIX_TYPE_MASK) === UNIX_SYMLINK) {
      throw new ZipError(`The entry ${name} is a symbolic link; links are not accepted.`);
    }
    if (method !== STORED && method !== DEFLATED) throw new ZipError(`The entry ${name} uses compression method ${method}; only stored and deflated entries are supported.`);
    if (compressedSize === 0xffffffff || uncompressedSize === 0xffffffff || localHeaderOffset === 0xffffffff) {
      throw new ZipError('ZIP64 archives are not supported; the archive is too large.');
    }
    if (method === STORED && compressedSize !== uncompressedSize) throw new ZipError(`The stored entry ${name} has inconsistent sizes.`);
    if (uncompressedSize > limits.maxEntryBytes) {
      throw new ZipError(`The entry ${name} is ${uncompressedSize} bytes uncompressed; at most ${limits.maxEntryBytes} are accepted.`);
    }
    total += uncompressedSize;
    if (total > limits.maxTotalBytes) throw new ZipError(`The archive holds more than ${limits.maxTotalBytes} bytes uncompressed.`);
    if (localHeaderOffset + LOCAL_SIZE + compressedSize > directoryOffset) throw new ZipError(`The data of the entry ${name} lies outside the archive.`);
    const key = name.toLowerCase();
    if (names.has(key)) throw new ZipError(`The archive holds ${name} twice.`);
    names.add(key);
    entries.push({
      name,
      isDirectory: name.endsWith('/'),
      method: method === STORED ? STORED : DEFLATED,
      crc32: crc,
      compressedSize,
      uncompressedSize,
      localHeaderOffset,
    });
  }
  return entries;
}

/** Where the entry's compressed bytes start: after its local header, whose name and extra field may differ from the directory's. */
async function dataOffset(source: ZipSource, entry: ZipEntry): Promise<number> {
  const header = await source.read(entry.localHeaderOffset, LOCAL_SIZE);
  if (header.length < LOCAL_SIZE || header.readUInt32LE(0) !== LOCAL_SIGNATURE) throw new ZipError(`The local header of ${entry.name} is damaged.`);
  const start = entry.localHeaderOffset + LOCAL_SIZE + header.readUInt16LE(26) + header.readUInt16LE(28);
  if (start + entry.compressedSize > source.size) throw new ZipError(`The data of ${entry.name} is truncated.`);
  return start;
}

function checkContent(entry: ZipEntry, length: number, crc: number): void {
  if (length !== entry.uncompressedSize) throw new ZipError(`The entry ${entry.name} does not have the size its directory states.`);
  if (crc !== entry.crc32) throw new ZipError(`The entry ${entry.name} is damaged (CRC mismatch).`);
}

/** The entry's bytes in memory; for small entries such as the job file. */
export async function readZipEntry(source: ZipSource, entry: ZipEntry, maxBytes: number): Promise<Buffer> {
  if (entry.isDirectory) throw new ZipError(`${entry.name} is a folder, not a file.`);
  if (entry.uncompressedSize > maxBytes) throw new ZipError(`The entry ${entry.name} is larger than ${maxBytes} bytes.`);
  const start = await dataOffset(source, entry);
  const compressed = await source.read(start, entry.compressedSize);
  let content: Buffer;
  if (entry.method === STORED) {
    content = compressed;
  } else if (entry.uncompressedSize === 0) {
    content = Buffer.alloc(0);
  } else {
    try {
      // One byte more than declared, so that an entry inflating beyond its stated size is noticed.
      content = inflateRawSync(compressed, { maxOutputLength: entry.uncompressedSize + 1 });
    } catch {
      throw new ZipError(`The entry ${entry.name} could not be decompressed.`);
    }
  }
  checkContent(entry, content.length, crc32(content));
  return content;
}

/**
 * The entry's bytes as a stream, for large entries (geometry). The stream fails with a ZipError when the
 * data inflates to more or fewer bytes than declared or its CRC-32 does not match.
 */
export function openZipEntryStream(source: ZipSource, entry: ZipEntry): Readable {
  if (entry.isDirectory) throw new ZipError(`${entry.name} is a folder, not a file.`);
  async function* compressed(): AsyncGenerator<Buffer> {
    const start = await dataOffset(source, entry);
    for (let done = 0; done < entry.compressedSize; ) {
      const chunk = await source.read(start + done, Math.min(CHUNK_BYTES, entry.compressedSize - done));
      if (chunk.length === 0) throw new ZipError(`The data of ${entry.name} is truncated.`);
      done += chunk.length;
      yield chunk;
    }
  }
  let length = 0;
  let crc = 0;
  const check = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      length += chunk.length;
      if (length > entry.uncompressedSize) {
        callback(new ZipError(`The entry ${entry.name} does not have the size its directory states.`));
        return;
      }
      crc = crc32(chunk, crc);
      callback(null, chunk);
    },
    flush(callback) {
      try {
        checkContent(entry, length, crc);
        callback();
      } catch (error) {
        callback(error as Error);
      }
    },
  });
  const input = Readable.from(compressed());
  const inflate = entry.method === DEFLATED ? createInflateRaw() : null;
  const streams = inflate ? [input, inflate, check] : [input, check];
  // pipeline destroys every stream on failure, so the returned one reports the first error (a ZipError,
  // or zlib's for data that does not inflate; see isZipDataError).
  return pipeline(streams, () => undefined) as unknown as Readable;
}

/** Errors that mean the archive's data is bad: ours, or zlib's for a deflate stream that does not inflate. */
export function isZipDataError(error: unknown): boolean {
  if (error instanceof ZipError) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('Z_');
}
