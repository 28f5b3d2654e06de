// WGSL sources of the GPU backend. The loader is injected: Node reads shaders/sph from disk
// (nodeGpu.ts), the browser bundles them with Vite (browserGpu.ts).

/** Kernel files of shaders/sph/ (without .wgsl); `common` is prepended to each, its chunks appended. */
export const SPH_SHADER_FILES = [
  'sort', 'permuteState', 'permuteTags', 'rates', 'boundaries', 'openBoundaries', 'integrate', 'control', 'housekeeping', 'motion', 'moveWalls', 'heat',
  'surfaceTension',
] as const;
export type SphShaderFile = (typeof SPH_SHADER_FILES)[number];

/**
 * Chunks of shaders/sph/ shared by several kernel files, appended to each file that lists them (WGSL
 * declarations may come after their use). A chunk uses the bindings its files declare, and a file lists the
 * chunks that its chunks call (shepard walks the neighbours).
 */
export const SHADER_CHUNKS: Partial<Record<SphShaderFile, readonly ShaderChunk[]>> = {
  rates: ['neighbours'],
  boundaries: ['neighbours', 'shepard'],
  openBoundaries: ['neighbours', 'shepard', 'openBoundary'],
  housekeeping: ['openBoundary'],
  heat: ['neighbours'],
  surfaceTension: ['neighbours'],
};
export type ShaderChunk = 'neighbours' | 'shepard' | 'openBoundary';

export type ShaderLoader = (name: SphShaderFile | ShaderChunk | 'common') => Promise<string>;

export type ShaderSources = Record<SphShaderFile, string>;

export async function loadSphShaders(load: ShaderLoader): Promise<ShaderSources> {
  const common = await load('common');
  const out = {} as ShaderSources;
  const chunks = new Map<ShaderChunk, string>();
  for (const name of SPH_SHADER_FILES) {
    const parts = [common, await load(name)];
    for (const chunk of SHADER_CHUNKS[name] ?? []) {
      if (!chunks.has(chunk)) chunks.set(chunk, await load(chunk));
      parts.push(chunks.get(chunk) as string);
    }
    out[name] = parts.join('\n');
  }
  return out;
}

export interface BindingDecl {
  binding: number;
  kind: 'uniform' | 'storage' | 'read-only-storage';
}

/** Group-0 bindings a kernel file declares, read from its source. */
export function declaredBindings(source: string): BindingDecl[] {
  const out: BindingDecl[] = [];
  const re = /@group\(0\)\s*@binding\((\d+)\)\s*var<\s*(uniform|storage\s*,\s*(read_write|read))\s*>/g;
  for (let m = re.exec(source); m !== null; m = re.exec(source)) {
    const kind = m[2] === 'uniform' ? 'uniform' : m[3] === 'read' ? 'read-only-storage' : 'storage';
    out.push({ binding: Number(m[1]), kind });
  }
  return out;
}

/** Compute entry points of a kernel file. */
export function entryPoints(source: string): string[] {
  const out: string[] = [];
  const re = /@compute\s*@workgroup_size\([^)]*\)\s*fn\s+(\w+)/g;
  for (let m = re.exec(source); m !== null; m = re.exec(source)) out.push(m[1]);
  return out;
}
