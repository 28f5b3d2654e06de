// Every job kind's handler, in one registry (assembly import and tessellation included). Further kinds
// are added here with `.register(handler)`; the queue, the runner and the sweeper need nothing else.
// Solver run sessions also post-process their outputs (reduced and surface datasets, sensors).
import { JobHandlerRegistry } from '../platform/jobs/registry.ts';
import { userExportHandler } from '../exports/userExportJob.ts';
import { assemblyImportHandler, tessellationHandler } from '../assemblies/assemblyJobs.ts';
import { sensorRecomputationHandler } from '../postprocessing/sensors/sensorJob.ts';
import { withOutputPostprocessing } from '../postprocessing/solverRunPostprocessing.ts';
import { discretizationHandler } from './discretization.ts';
import { solverRunHandler } from './solverRunHandler.ts';
import type { VmHost } from '../vms/host.ts';
import { remoteVmHandler } from '../vms/vmJob.ts';

/** `vmHost`: this process's post-processing machines (null where it runs none; the sweeper still cleans up). */
export function jobHandlers(vmHost: VmHost | null = null): JobHandlerRegistry {
  return new JobHandlerRegistry()
    .register(discretizationHandler)
    .register(withOutputPostprocessing(solverRunHandler))
    .register(sensorRecomputationHandler)
    .register(userExportHandler)
    .register(assemblyImportHandler)
    .register(tessellationHandler)
    .register(remoteVmHandler(vmHost));
}
