// Writes a zip archive of files on disk with yazl, streamed: one file is read, deflated and written at a
// time (yazl opens each file only when its turn comes), so exports of any size never sit in memory, and
// yazl switches to ZIP64 records where sizes, offsets or the entry count outgrow the classic format.
import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants } from 'node:zlib';
import yazl from 'yazl';

export interface ZipSourceFile {
  /** Path inside the archive, with forward slashes. */
  name: string;
  path: string;
}

/** Unix regular file, rw-r--r--. */
const FILE_MODE = 0o100644;

/**
 * Writes `files` into the zip at `path`; `onBytes` hears the uncompressed bytes done so far. Returns the
 * archive's size.
 */
export async function writeZip(path: string, files: readonly ZipSourceFile[], options: { signal?: AbortSignal; onBytes?: (done: number) => void } = {}): Promise<number> {
  const { signal, onBytes } = options;
  signal?.throwIfAborted();
  const sized = await Promise.all(files.map(async (file) => ({ ...file, info: await stat(file.path) })));
  const zip = new yazl.ZipFile();
  const out = createWriteStream(path);
  let fail: (error: unknown) => void = () => undefined;
  // yazl reports its own errors on the ZipFile; those of the read streams it is given are ours to watch.
  const failed = new Promise<never>((_resolve, reject) => {
    fail = reject;
  });
  failed.catch(() => undefined);
  zip.on('error', fail);
  let done = 0;
  for (const file of sized) {
    signal?.throwIfAborted();
    const entryOptions = { size: file.info.size, mtime: file.info.mtime, mode: FILE_MODE, compressionLevel: constants.Z_BEST_SPEED };
    zip.addReadStreamLazy(file.name, entryOptions, (give) => {
      const input = createReadStream(file.path, { signal });
      input.on('error', fail);
      const measure = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          done += chunk.length;
          onBytes?.(done);
          callback(null, chunk);
        },
      });
      give(null, input.pipe(measure));
    });
  }
  zip.end();
  const written = pipeline(zip.outputStream, out, { signal });
  written.catch(() => undefined);
  try {
    await Promise.race([written, failed]);
    return out.bytesWritten;
  } catch (error) {
    out.destroy();
    (zip.outputStream as Readable).destroy();
    throw error;
  }
}
