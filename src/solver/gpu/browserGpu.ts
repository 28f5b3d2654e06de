// GPU backend in the browser: navigator.gpu and the bundled shaders.
import type { EngineSetup } from '../engine.ts';
import { GpuBackend } from './gpuBackend.ts';
import { loadSphShaders } from './shaderSource.ts';
import { browserShaderLoader } from './browserShaders.ts';

export async function createBrowserGpuBackend(setup: EngineSetup): Promise<GpuBackend> {
  if (!('gpu' in navigator)) throw new Error('this browser offers no WebGPU');
  const adapter = await navigator.gpu.requestAdapter({ powerPreference: 'high-performance' });
  if (adapter === null) throw new Error('no WebGPU adapter');
  const device = await adapter.requestDevice({
    requiredLimits: {
      maxStorageBufferBindingSize: adapter.limits.maxStorageBufferBindingSize,
      maxBufferSize: adapter.limits.maxBufferSize,
    },
  });
  const info = adapter.info;
  const software = /swiftshader/i.test(`${info.vendor} ${info.architecture} ${info.device}`);
  return new GpuBackend(setup, {
    device, shaders: await loadSphShaders(browserShaderLoader),
    deviceName: `WebGPU: ${[info.vendor, info.architecture, info.device].filter((s) => s).join(' ')}`,
    maxInvocationsPerDispatch: software ? 16384 : undefined,
  });
}
