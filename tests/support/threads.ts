// Threads of the validation runs: the CPU backend's results do not depend on how the particle range is
// split over threads (every pass writes only its own range), so the cases use both cores of CI.
import { availableParallelism } from 'node:os';
import { spawnNodeWorker } from '../../src/solver/cpu/nodeThreads.ts';
import type { CpuBackendOptions } from '../../src/solver/cpu/cpuBackend.ts';

/** Threads of a validation run: two where the machine has them. */
export const VALIDATION_THREADS = Math.min(2, availableParallelism());

/** CpuBackend options with the validation threads. */
export function validationCpuOptions(): Pick<CpuBackendOptions, 'threads' | 'spawnWorker'> {
  return { threads: VALIDATION_THREADS, spawnWorker: VALIDATION_THREADS > 1 ? spawnNodeWorker : null };
}
