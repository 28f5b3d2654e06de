// When a run may start (spec 1 §5 'Start blocked when...') and the upload checks around it: input
// errors, solver access, credits, storage, simultaneous-simulation limit, uploaded setups, STEP size.
import { FEATURES } from './organization.ts';
import { STEP_UPLOAD_WARNING_BYTES } from './constants.ts';
import { MESSAGES } from './messages.ts';

export interface StartContext {
  /** Errors or missing inputs found by validateSetup. */
  hasInputErrors: boolean;
  solverAvailable: boolean;
  credits: number;
  /** The run uses the free CPU instance, which needs no credits. */
  freeInstance: boolean;
  storageFull: boolean;
  organizationFeatures: readonly string[];
  maximumSimulationsExceeded: boolean;
  /** For uploaded setups: whether the zip file and the job file name are given. */
  uploadedSetup?: { zipFileId: string | null; jobFilename: string | null };
}

/** Reasons the Start button is blocked, in the order the start dialog lists them; empty when it may start. */
export function startBlockers(ctx: StartContext): string[] {
  const reasons: string[] = [];
  if (ctx.hasInputErrors) reasons.push(MESSAGES.startHasErrors);
  if (ctx.uploadedSetup && (!ctx.uploadedSetup.zipFileId || !ctx.uploadedSetup.jobFilename?.trim())) {
    reasons.push(MESSAGES.startUploadedSetupMissing);
  }
  if (!ctx.solverAvailable) reasons.push(MESSAGES.startNoSolver);
  if (ctx.credits <= 0 && !ctx.freeInstance) reasons.push(MESSAGES.startNoCredits);
  if (ctx.storageFull && !ctx.organizationFeatures.includes(FEATURES.NO_STORAGE_LIMIT_ENFORCEMENT)) {
    reasons.push(MESSAGES.startStorageFull);
  }
  if (ctx.maximumSimulationsExceeded) reasons.push(MESSAGES.startMaxSimulations);
  return reasons;
}

/** STEP files above 500 MB warn before upload. */
export function stepUploadWarning(bytes: number): string | null {
  return bytes > STEP_UPLOAD_WARNING_BYTES ? MESSAGES.stepUploadLarge : null;
}

/** Uploading a ready-made setup needs the upload_preprocessing feature and a .zip file. */
export function uploadedSetupAllowed(organizationFeatures: readonly string[]): boolean {
  return organizationFeatures.includes(FEATURES.UPLOAD_PREPROCESSING);
}

export function isZipFileName(name: string): boolean {
  return name.toLowerCase().endsWith('.zip');
}
