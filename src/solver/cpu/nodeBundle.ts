// Plain JavaScript bundles of the solver's Node entry points (the worker threads), so that a thread
// does not load Node's TypeScript stripping (about 17 MB per isolate) and parses one small file. A
// bundle is built with esbuild at first use into dist/solver/ and rebuilt whenever one of its sources
// is newer; without esbuild (a production install without dev dependencies) the TypeScript entry runs.
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project folder: the nearest folder above this module holding package.json. Found rather than
 * written as a path relative to import.meta.url, because inside a bundle (dist/solver/*.mjs) that URL is
 * the bundle's, not this file's; files the engine reads in Node (the worker entry, shaders, the geometry
 * module) are named from here so that they are found from a bundle too.
 */
export const PROJECT_ROOT = findProjectRoot(dirname(fileURLToPath(import.meta.url)));

function findProjectRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) return resolve(from, '..', '..', '..');
  }
}

const ROOT = PROJECT_ROOT;
const OUT_DIR = join(ROOT, 'dist', 'solver');

interface EsbuildMeta {
  inputs: Record<string, unknown>;
}
interface Esbuild {
  buildSync(options: Record<string, unknown>): { metafile?: EsbuildMeta };
}

let esbuild: Esbuild | null | undefined;

function loadEsbuild(): Esbuild | null {
  if (esbuild === undefined) {
    try {
      esbuild = createRequire(import.meta.url)('esbuild') as Esbuild;
    } catch {
      esbuild = null;
    }
  }
  return esbuild;
}

/** Sources listed beside a bundle; the bundle is fresh while none is newer than it. */
function fresh(bundle: string, sourcesFile: string): boolean {
  if (!existsSync(bundle) || !existsSync(sourcesFile)) return false;
  const built = statSync(bundle).mtimeMs;
  try {
    const sources = JSON.parse(readFileSync(sourcesFile, 'utf8')) as string[];
    return sources.every((s) => {
      const p = resolve(ROOT, s);
      return existsSync(p) && statSync(p).mtimeMs <= built;
    });
  } catch {
    return false;
  }
}

const built = new Map<string, string | null>();

/**
 * Path of a fresh JavaScript bundle of the TypeScript module `entry` (absolute path), or null when it
 * cannot be built (the caller then runs the TypeScript file). Written to a temporary name and renamed,
 * so that processes starting together never read half a file.
 */
export function bundledEntry(entry: string): string | null {
  const known = built.get(entry);
  if (known !== undefined) return known;
  const name = basename(entry).replace(/\.ts$/, '.mjs');
  const bundle = join(OUT_DIR, name);
  const sourcesFile = `${bundle}.sources.json`;
  let result: string | null = bundle;
  if (!fresh(bundle, sourcesFile)) {
    const eb = loadEsbuild();
    if (eb === null) {
      result = null;
    } else {
      try {
        mkdirSync(OUT_DIR, { recursive: true });
        const tmp = `${bundle}.${process.pid}.tmp`;
        const r = eb.buildSync({
          // Dawn (a native addon) stays an import, loaded from node_modules when the GPU backend starts;
          // the other packages are bundled, which keeps only what the engine uses of them (zod: 10 MB less).
          entryPoints: [entry], bundle: true, external: ['webgpu'], platform: 'node', format: 'esm', target: 'node22',
          outfile: tmp, metafile: true, logLevel: 'silent', absWorkingDir: ROOT,
        });
        const sources = Object.keys(r.metafile?.inputs ?? {}).map((s) => relative(ROOT, resolve(ROOT, s)));
        // Sources first: an older bundle beside the new list is taken as stale, never the reverse.
        writeFileSync(`${sourcesFile}.${process.pid}.tmp`, JSON.stringify(sources));
        renameSync(`${sourcesFile}.${process.pid}.tmp`, sourcesFile);
        renameSync(tmp, bundle);
      } catch {
        result = null;
      }
    }
  }
  built.set(entry, result);
  return result;
}

/**
 * Node flags for a process that runs the solver: a 1 MB young generation (V8's default grows to 16 MB
 * per semi-space) took 28 MB off the resident memory of a 42k-particle run; the step loop allocates
 * next to nothing, so it costs no measurable time. `--optimize-for-size` makes V8 grow its old generation
 * less eagerly between collections: the column impact's peak 3–4 MB lower over 0.3 s (the JS heap had
 * climbed from 14 to 18 MB), CPU time 0.98 × that without. Without Maglev (V8's middle compiler tier; the
 * hot passes still reach the optimizing tier) the column impact's resident peak is 3.4 MB lower (90.9 against
 * 94.3 MB at the samples, 99.1 against 102.4 MB high-water, medians of four pairs over 0.25 s) at the same
 * wall time (14.40 against 14.39 s) and the same flow to the last bit. The server's solver processes, the
 * command line script and the benchmarks start Node with them (they cannot be set once a process runs).
 */
export const SOLVER_PROCESS_FLAGS: readonly string[] = ['--max-semi-space-size=1', '--optimize-for-size', '--no-maglev'];

/**
 * Environment of a solver process (glibc's allocator; other C libraries ignore it). By default glibc
 * raises its threshold for serving large blocks from mmap each time such a block is freed, so after the
 * discretization's temporary arrays the engine's buffers came from the heap, whose freed space is not
 * given back: a fixed threshold serves every typed array from mmap and returns it on release, and one
 * arena keeps the threads (which allocate next to nothing) from reserving their own. The column impact
 * at Δx = 0.02 m: 128 MB resident after two steps instead of 160 MB with 64 KB. At 8 KB the compilers'
 * zone segments (8–32 KB) go to mmap as well: compiling the passes in the first steps left about 9 MB of
 * freed blocks inside the heap, below blocks still in use, where glibc cannot give them back.
 */
export const SOLVER_PROCESS_ENV: Readonly<Record<string, string>> = {
  MALLOC_MMAP_THRESHOLD_: '8192',
  MALLOC_TRIM_THRESHOLD_: '65536',
  MALLOC_ARENA_MAX: '1',
};
