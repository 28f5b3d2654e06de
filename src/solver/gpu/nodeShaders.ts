// Shader loader for Node: reads shaders/sph/*.wgsl next to the sources.
import { readFile } from 'node:fs/promises';
import type { ShaderLoader } from './shaderSource.ts';

const SHADER_DIR = new URL('../../../shaders/sph/', import.meta.url);

export const nodeShaderLoader: ShaderLoader = (name) => readFile(new URL(`${name}.wgsl`, SHADER_DIR), 'utf8');
