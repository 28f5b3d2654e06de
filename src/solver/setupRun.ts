// A run from a setup document: the case prepared (and validated) the platform's way (Node: in a process of its own,
// nodePrepare.ts) or in this process where the caller brings a geometry kernel or the platform has no
// way of its own, then run by run.ts with each output's meta.json checked before it is written. Apart
// from run.ts because both checks need the domain's schemas, which a process that receives prepared
// cases (the server's solver process) does not load.
import type { SetupDocument } from '../domain/setup.ts';
import { checkOutputMeta } from '../domain/output.ts';
import { prepareCase } from './caseInput.ts';
import { createPreparedRun, type SolverPlatform, type SolverRun, type SolverRunOptions } from './run.ts';

export async function createSolverRun(setupInput: SetupDocument | unknown, platform: SolverPlatform, options: SolverRunOptions): Promise<SolverRun> {
  const prepared = options.geometry === undefined && platform.prepareCase !== undefined
    ? await platform.prepareCase(setupInput, options.fileResolver !== undefined ? { fileResolver: options.fileResolver } : {})
    : await prepareCase(setupInput, { ...options, geometry: options.geometry ?? await platform.loadGeometry() });
  return createPreparedRun(prepared, platform, { checkOutputMeta, ...options });
}
