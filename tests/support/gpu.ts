// Whether a WebGPU adapter (Dawn in Node; SwiftShader where the machine has no GPU) can be had, for the
// tests that run the GPU backend and skip it where there is none.
import { requestNodeGpu } from '../../src/solver/gpu/nodeGpu.ts';

const SWIFTSHADER_ICD = '/usr/lib/chromium/vk_swiftshader_icd.json';

/** True when a device could be requested; otherwise says which `skipped` tests are skipped and why. */
export async function nodeGpuAvailable(skipped: string): Promise<boolean> {
  process.env.VK_ICD_FILENAMES ??= SWIFTSHADER_ICD;
  try {
    const gpu = await requestNodeGpu();
    gpu.device.destroy();
    return true;
  } catch (e) {
    console.log(`no WebGPU adapter, ${skipped} skipped: ${(e as Error).message}`);
    return false;
  }
}

/**
 * Why the cases that need a real GPU (fine validations, too slow on a CPU emulation) do not run here, or
 * null when the adapter is one.
 */
export async function realGpuSkipReason(): Promise<string | null> {
  process.env.VK_ICD_FILENAMES ??= SWIFTSHADER_ICD;
  try {
    const gpu = await requestNodeGpu();
    gpu.device.destroy();
    return gpu.software ? `the WebGPU adapter is ${gpu.name}, a CPU emulation` : null;
  } catch (e) {
    return `no WebGPU adapter: ${(e as Error).message}`;
  }
}
