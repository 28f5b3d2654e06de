// Reads zip archives from untrusted uploads. yauzl parses the archive (end record, ZIP64, central
// directory, local headers); this module is the thin layer of policy around it: limits on entry count,
// uncompressed sizes and compression ratio checked on the directory before anything is inflated, entry
// names that cannot leave the archive, no links or encrypted entries, and inflation that stops as soon as
// an entry's real output passes its declared size, with its CRC-32 checked at the end.
import { Readable } from 'node:stream';
import { createInflateRaw, crc32 } from 'node:zlib';
import { open, type FileHandle } from 'node:fs/promises';
import yauzl from 'yauzl';

export class ZipError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ZipError';
  }
}

/** A ZipError for an archive that is well formed but unpacks to more than the limits allow (a zip bomb, or simply too much). */
export class ZipLimitError extends ZipError {
  constructor(message: string) {
    super(message);
    this.name = 'ZipLimitError';
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
  /**
   * Largest uncompressed/compressed ratio of one entry, and of the whole archive (all entries unpacked
   * over the archive's size). Entries below RATIO_EXEMPT_BYTES uncompressed are exempt: a small, very
   * repetitive file (a JSON document) is no threat, and the archive's ratio bounds many of them.
   */
  maxRatio: number;
};

/** Entries at most this large (uncompressed) are not held to the ratio limit. */
export const RATIO_EXEMPT_BYTES = 1024 * 1024;

export const STORED = 0;
export const DEFLATED = 8;

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

const LOCAL_SIGNATURE = 0x04034b50;
const EOCD_SIGNATURE = 0x06054b50;
const UNIX_TYPE_MASK = 0o170000;
const UNIX_SYMLINK = 0o120000;
const MADE_BY_UNIX = 3;
/** Reads of the archive's bytes; also bounds how much one chunk of compressed data can inflate to before the size check sees it. */
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

/** yauzl reads the archive through this, so that buffers and open files are read the same way. */
class SourceReader extends yauzl.RandomAccessReader {
  readonly source: ZipSource;

  constructor(source: ZipSource) {
    super();
    this.source = source;
  }

  override _readStreamForRange(start: number, end: number): Readable {
    const source = this.source;
    async function* chunks(): AsyncGenerator<Buffer> {
      for (let position = start; position < end; ) {
        const chunk = await source.read(position, Math.min(CHUNK_BYTES, end - position));
        // A short read ends the stream; yauzl then reports the missing bytes.
        if (chunk.length === 0) return;
        position += chunk.length;
        yield chunk;
      }
    }
    return Readable.from(chunks(), { objectMode: false });
  }

  override read(buffer: Buffer, offset: number, length: number, position: number, callback: (err: Error | null, bytesRead?: number) => void): void {
    this.source.read(position, length).then(
      (bytes) => {
        bytes.copy(buffer, offset);
        callback(null, bytes.length);
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  }
}

// Names are decoded here rather than by yauzl, whose strict check refuses the backslashes that some
// Windows tools write; sizes are checked against the limits here and again while inflating.
const OPTIONS: yauzl.Options = { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true };

/** yauzl's view of each entry returned, to open its data later. */
const archiveEntries = new WeakMap<ZipEntry, yauzl.Entry>();
/** An open yauzl archive per source, so that entries are opened without reading the directory again. */
const archives = new WeakMap<ZipSource, Promise<yauzl.ZipFile>>();

/** yauzl's errors are plain Errors about the format; system errors (EIO, ...) keep their code and pass as they are. */
function asZipError(error: unknown, entryName?: string): unknown {
  if (error instanceof ZipError || !(error instanceof Error)) return error;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && code.startsWith('Z_')) return new ZipError(`The entry ${entryName ?? ''} could not be decompressed.`);
  if (code !== undefined) return error;
  return new ZipError(entryName ? `The entry ${entryName} is damaged: ${error.message}.` : `The zip archive is damaged or not a zip archive: ${error.message}.`);
}

async function openArchive(source: ZipSource): Promise<yauzl.ZipFile> {
  try {
    return await yauzl.fromRandomAccessReaderPromise(new SourceReader(source), source.size, OPTIONS);
  } catch (error) {
    throw asZipError(error);
  }
}

function describeBytes(bytes: number): string {
  const MIB = 1024 * 1024;
  return bytes >= MIB ? `${Math.round((bytes / MIB) * 10) / 10} MB` : `${bytes} bytes`;
}

/** The entry as returned to callers, after the checks that need nothing but its directory record. */
function checkedEntry(raw: yauzl.Entry, limits: ZipLimits): ZipEntry {
  const rawName = yauzl.getFileNameLowLevel(raw.generalPurposeBitFlag, raw.fileNameRaw, raw.extraFields, false);
  const name = safeEntryName(rawName);
  if (raw.isEncrypted()) throw new ZipError(`The entry ${name} is encrypted; encrypted archives are not supported.`);
  // Unix-made archives keep the file type in the high bits of the external attributes.
  if (raw.versionMadeBy >> 8 === MADE_BY_UNIX && ((raw.externalFileAttributes >>> 16) & UNIX_TYPE_MASK) === UNIX_SYMLINK) {
    throw new ZipError(`The entry ${name} is a symbolic link; links are not accepted.`);
  }
  const method = raw.compressionMethod;
  if (method !== STORED && method !== DEFLATED) throw new ZipError(`The entry ${name} uses compression method ${method}; only stored and deflated entries are supported.`);
  const size = raw.uncompressedSize;
  if (size > limits.maxEntryBytes) {
    throw new ZipLimitError(`The entry ${name} unpacks to ${describeBytes(size)}; at most ${describeBytes(limits.maxEntryBytes)} are accepted per file.`);
  }
  if (size > RATIO_EXEMPT_BYTES && size > limits.maxRatio * Math.max(1, raw.compressedSize)) {
    throw new ZipLimitError(
      `The entry ${name} is compressed ${Math.round(size / Math.max(1, raw.compressedSize))} to 1 (${describeBytes(raw.compressedSize)} unpacking to ${describeBytes(size)}); at most ${limits.maxRatio} to 1 is accepted.`,
    );
  }
  return {
    name,
    isDirectory: name.endsWith('/'),
    method,
    crc32: raw.crc32,
    compressedSize: raw.compressedSize,
    uncompressedSize: size,
    localHeaderOffset: raw.relativeOffsetOfLocalHeader,
  };
}

/**
 * The archive's entries from its central directory, checked against `limits` before any entry is
 * inflated: entry count, size of each entry and of all together, compression ratio of each entry and of
 * the archive, and no entries sharing data.
 */
export async function readZipDirectory(source: ZipSource, limits: ZipLimits): Promise<ZipEntry[]> {
  const archive = await openArchive(source);
  archives.set(source, Promise.resolve(archive));
  if (archive.entryCount > limits.maxEntries) throw new ZipLimitError(`The archive has ${archive.entryCount} entries; at most ${limits.maxEntries} are accepted.`);
  const entries: ZipEntry[] = [];
  const names = new Set<string>();
  let total = 0;
  try {
    for await (const raw of archive.eachEntry()) {
      const entry = checkedEntry(raw, limits);
      total += entry.uncompressedSize;
      if (total > limits.maxTotalBytes) throw new ZipLimitError(`The archive unpacks to more than ${describeBytes(limits.maxTotalBytes)}, the limit for all files together.`);
      const key = entry.name.toLowerCase();
      if (names.has(key)) throw new ZipError(`The archive holds ${entry.name} twice.`);
      names.add(key);
      archiveEntries.set(entry, raw);
      entries.push(entry);
    }
  } catch (error) {
    throw asZipError(error);
  }
  checkLayout(entries, source.size, limits);
  return entries;
}

const LOCAL_HEADER_BYTES = 30;

/**
 * Guards against bombs that pass the per-entry checks by sharing data: entries whose data overlap
 * (several directory records pointing into the same deflate stream), and archives that as a whole unpack
 * to more than maxRatio times their size.
 */
function checkLayout(entries: readonly ZipEntry[], archiveBytes: number, limits: ZipLimits): void {
  const byOffset = [...entries].sort((a, b) => a.localHeaderOffset - b.localHeaderOffset);
  for (let i = 1; i < byOffset.length; i += 1) {
    const previous = byOffset[i - 1];
    if (previous.localHeaderOffset + LOCAL_HEADER_BYTES + previous.compressedSize > byOffset[i].localHeaderOffset) {
      throw new ZipError(`The entries ${previous.name} and ${byOffset[i].name} overlap; such archives are not accepted.`);
    }
  }
  const total = entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
  if (total > RATIO_EXEMPT_BYTES && total > limits.maxRatio * Math.max(1, archiveBytes)) {
    throw new ZipLimitError(
      `The archive is compressed ${Math.round(total / Math.max(1, archiveBytes))} to 1 (${describeBytes(archiveBytes)} unpacking to ${describeBytes(total)}); at most ${limits.maxRatio} to 1 is accepted.`,
    );
  }
}

function archiveEntry(entry: ZipEntry): yauzl.Entry {
  const raw = archiveEntries.get(entry);
  if (!raw) throw new Error(`The zip entry ${entry.name} was not listed by readZipDirectory.`);
  return raw;
}

/** The entry's data as stored (yauzl finds it after the local header), inflated here so that inflation stops the moment the output passes the declared size. */
async function* entryContent(source: ZipSource, entry: ZipEntry): AsyncGenerator<Buffer> {
  const raw = archiveEntry(entry);
  let archive = archives.get(source);
  if (!archive) {
    archive = openArchive(source);
    archives.set(source, archive);
  }
  let stored: Readable;
  try {
    stored = await (await archive).openReadStreamPromise(raw, { decodeFileData: false });
  } catch (error) {
    throw asZipError(error, entry.name);
  }
  const inflate = entry.method === DEFLATED && entry.compressedSize > 0 ? createInflateRaw({ chunkSize: CHUNK_BYTES }) : null;
  const data: Readable = inflate ? stored.pipe(inflate) : stored;
  if (inflate) stored.on('error', (error) => inflate.destroy(error));
  let length = 0;
  let crc = 0;
  try {
    for await (const chunk of data as AsyncIterable<Buffer>) {
      length += chunk.length;
      if (length > entry.uncompressedSize) throw new ZipLimitError(`The entry ${entry.name} unpacks to more than the ${entry.uncompressedSize} bytes its directory states.`);
      crc = crc32(chunk, crc);
      yield chunk;
    }
  } catch (error) {
    throw asZipError(error, entry.name);
  } finally {
    // Destroying the inflater stops it mid-chunk: a lying entry costs at most one chunk of inflation.
    inflate?.destroy();
    stored.destroy();
  }
  if (length !== entry.uncompressedSize) throw new ZipError(`The entry ${entry.name} does not have the size its directory states.`);
  if (crc !== entry.crc32) throw new ZipError(`The entry ${entry.name} is damaged (CRC mismatch).`);
}

/** The entry's bytes in memory; for small entries such as the job file. */
export async function readZipEntry(source: ZipSource, entry: ZipEntry, maxBytes: number): Promise<Buffer> {
  if (entry.isDirectory) throw new ZipError(`${entry.name} is a folder, not a file.`);
  if (entry.uncompressedSize > maxBytes) throw new ZipLimitError(`The entry ${entry.name} is larger than ${maxBytes} bytes.`);
  const chunks: Buffer[] = [];
  for await (const chunk of entryContent(source, entry)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * The entry's bytes as a stream, for large entries (geometry). The stream fails with a ZipError when the
 * data inflates to more or fewer bytes than declared, does not inflate, or its CRC-32 does not match.
 */
export function openZipEntryStream(source: ZipSource, entry: ZipEntry): Readable {
  if (entry.isDirectory) throw new ZipError(`${entry.name} is a folder, not a file.`);
  return Readable.from(entryContent(source, entry), { objectMode: false });
}

/** Errors that mean the archive's data is bad: ours, or zlib's for a deflate stream that does not inflate. */
export function isZipDataError(error: unknown): boolean {
  if (error instanceof ZipError) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('Z_');
}
