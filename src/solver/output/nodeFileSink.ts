// Output sink on the local (or shared) file system, for Node.
import { appendFile, mkdir, readFile, rename, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { OutputSink } from './sink.ts';

export function nodeFileSink(outDir: string): OutputSink {
  const root = resolve(outDir);
  const at = (path: string): string => {
    const full = resolve(join(root, path));
    if (full !== root && !full.startsWith(root + sep)) throw new Error(`path escapes the output folder: ${path}`);
    return full;
  };
  const ensureDir = async (full: string) => {
    await mkdir(dirname(full), { recursive: true });
  };
  return {
    async writeFile(path, data) {
      const full = at(path);
      await ensureDir(full);
      await writeFile(full, data);
    },
    async readFile(path) {
      try {
        return new Uint8Array(await readFile(at(path)));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw e;
      }
    },
    async appendFile(path, text) {
      const full = at(path);
      await ensureDir(full);
      await appendFile(full, text);
    },
    async fileSize(path) {
      try {
        return (await stat(at(path))).size;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw e;
      }
    },
    async truncateFile(path, size) {
      await truncate(at(path), size);
    },
    async rename(from, to) {
      const target = at(to);
      await ensureDir(target);
      await rename(at(from), target);
    },
    async remove(path) {
      await rm(at(path), { recursive: true, force: true });
    },
  };
}
