// WGSL sources of the GPU backend. The loader is injected: Node reads shaders/sph from disk
// (nodeGpu.ts), the browser bundles them with Vite (browserGpu.ts).

/** Kernel files of shaders/sph/ (without .wgsl); `common` is prepended to each of the others. */
export const SPH_SHADER_FILES = [
  'sort', 'permuteState', 'permuteTags', 'rates', 'boundaries', 'integrate', 'control', 'housekeeping', 'motion', 'moveWalls',
] as const;
export type SphShaderFile = (typeof SPH_SHADER_FILES)[number];

export type ShaderLoader = (name: SphShaderFile | 'common') => Promise<string>;

export type ShaderSources = Record<SphShaderFile, string>;

export async function loadSphShaders(load: ShaderLoader): Promise<ShaderSources> {
  const common = await load('common');
  const out = {} as ShaderSources;
  for (const name of SPH_SHADER_FILES) out[name] = `${common}\n${await load(name)}`;
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
