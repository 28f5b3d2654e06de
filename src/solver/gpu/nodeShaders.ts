// Shader loader for Node: reads shaders/sph/*.wgsl next to the sources.
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { PROJECT_ROOT } from '../cpu/nodeBundle.ts';
import type { ShaderLoader } from './shaderSource.ts';

/** From the project folder, so that a bundled entry finds the shaders too (see nodeBundle.ts). */
const SHADER_DIR = new URL('shaders/sph/', pathToFileURL(`${PROJECT_ROOT}/`));

export const nodeShaderLoader: ShaderLoader = (name) => readFile(new URL(`${name}.wgsl`, SHADER_DIR), 'utf8');
