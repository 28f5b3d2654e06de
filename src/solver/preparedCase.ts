// What a prepared case is and how its preparation refuses a setup, apart from the preparation itself
// (caseInput.ts): a process that receives a prepared case (Node's solver process, nodePrepare.ts) loads
// these without the domain's schemas and zod, which the preparation's validation needs.
import type { SetupDocument } from '../domain/setup.ts';
import type { FileReference } from '../domain/shape.ts';
import type { Material } from '../domain/material.ts';
import type { PhysicsParams } from './params.ts';
import type { GridSpec } from './grid.ts';
import type { BodyInfo, DiscretizedCase } from './discretizer.ts';
import type { EngineSetup, EngineState, TimeControl } from './engine.ts';
import type { CaseMotion } from './physics/motion.ts';

/** A setting or entity of the setup that the engine does not implement, named by its document path. */
export interface SupportIssue {
  setting: string;
  message: string;
}

export class UnsupportedCaseError extends Error {
  readonly issues: SupportIssue[];
  constructor(issues: SupportIssue[]) {
    super(`the SPH engine cannot run this setup: ${issues.map((i) => `${i.setting}: ${i.message}`).join('; ')}`);
    this.name = 'UnsupportedCaseError';
    this.issues = issues;
  }
}

/** Loads the bytes of an uploaded file (STL) referenced by a shape. */
export type FileResolver = (fileId: string, file: FileReference | null) => Promise<Uint8Array>;

export interface PreparedCase {
  setup: SetupDocument;
  material: Material;
  /** The fluids: [material] for one fluid, each phase's material with several (prm.phases). */
  materials: Material[];
  prm: PhysicsParams;
  grid: GridSpec;
  time: TimeControl;
  state: EngineState;
  motion: CaseMotion;
  bodies: BodyInfo[];
  discretized: DiscretizedCase;
}

/** What a backend needs of a prepared case. */
export function engineSetupOf(c: Pick<PreparedCase, 'prm' | 'grid' | 'time' | 'state' | 'motion'>, state: EngineState = c.state): EngineSetup {
  return { prm: c.prm, grid: c.grid, time: c.time, state, motion: c.motion };
}
