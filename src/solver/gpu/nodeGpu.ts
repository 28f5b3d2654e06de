// GPU backend in Node: Dawn through the `webgpu` package. Without a GPU, Dawn runs on SwiftShader
// (VK_ICD_FILENAMES pointing at Chromium's SwiftShader ICD), which needs small dispatches.
import { existsSync } from 'node:fs';
import { create, globals } from 'webgpu';
import type { EngineSetup } from '../engine.ts';
import { GpuBackend, type GpuBackendOptions } from './gpuBackend.ts';
import { loadSphShaders } from './shaderSource.ts';
import { nodeShaderLoader } from './nodeShaders.ts';

/** SwiftShader aborted on dispatches of 64k invocations and more; 27k always ran. */
const SWIFTSHADER_MAX_INVOCATIONS = 16384;

export interface NodeGpu {
  device: GPUDevice;
  name: string;
  software: boolean;
}

const SWIFTSHADER_ICD = '/usr/lib/chromium/vk_swiftshader_icd.json';

let gpuInstance: GPU | null = null;

export async function requestNodeGpu(): Promise<NodeGpu> {
  Object.assign(globalThis, globals);
  process.env.XDG_RUNTIME_DIR ??= '/tmp';
  gpuInstance ??= create([]);
  let adapter = await gpuInstance.requestAdapter({ powerPreference: 'high-performance' });
  if (adapter === null && process.env.VK_ICD_FILENAMES === undefined && existsSync(SWIFTSHADER_ICD)) {
    // No GPU driver: fall back to Chromium's SwiftShader Vulkan driver (read when an instance starts).
    process.env.VK_ICD_FILENAMES = SWIFTSHADER_ICD;
    gpuInstance = create([]);
    adapter = await gpuInstance.requestAdapter();
  }
  if (adapter === null) throw new Error('no WebGPU adapter: install a GPU driver or point VK_ICD_FILENAMES at SwiftShader');
  const info = adapter.info;
  const software = /swiftshader|llvmpipe|software/i.test(`${info.vendor} ${info.architecture} ${info.device} ${info.description}`);
  const device = await adapter.requestDevice({
    requiredLimits: {
      maxStorageBuffersPerShaderStage: Math.min(8, adapter.limits.maxStorageBuffersPerShaderStage),
      maxStorageBufferBindingSize: adapter.limits.maxStorageBufferBindingSize,
      maxBufferSize: adapter.limits.maxBufferSize,
    },
  });
  const name = [info.vendor, info.architecture, info.device || info.description].filter((s) => s).join(' ');
  return { device, name: `WebGPU (Dawn): ${name}`, software };
}

export async function createNodeGpuBackend(setup: EngineSetup, options: Pick<GpuBackendOptions, 'cells' | 'pipelines'> = {}): Promise<GpuBackend> {
  const gpu = await requestNodeGpu();
  const shaders = await loadSphShaders(nodeShaderLoader);
  return new GpuBackend(setup, {
    device: gpu.device, shaders, deviceName: gpu.name,
    maxInvocationsPerDispatch: gpu.software ? SWIFTSHADER_MAX_INVOCATIONS : undefined, ...options,
  });
}
