// Shader loader for the browser: Vite bundles shaders/sph/*.wgsl as strings.
import type { ShaderLoader } from './shaderSource.ts';

const sources = import.meta.glob('../../../shaders/sph/*.wgsl', { query: '?raw', import: 'default' }) as Record<
  string, () => Promise<string>
>;

export const browserShaderLoader: ShaderLoader = async (name) => {
  const load = sources[`../../../shaders/sph/${name}.wgsl`];
  if (load === undefined) throw new Error(`shader ${name}.wgsl is not bundled`);
  return load();
};
