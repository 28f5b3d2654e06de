// The server's check of a setup: the domain's validation (default profile) plus what the SPH engine can
// run (checkCaseSupport); the start check and GET /api/simulations/:id/validation both use it.
import type { ConditionValues } from '../../domain/condition.ts';
import { parseSetupDocument, type SetupDocument } from '../../domain/setup.ts';
import { validateSetup, type SetupValidation } from '../../domain/validation/validateSetup.ts';
import { checkCaseSupport, type SupportIssue } from '../../solver/caseInput.ts';
import { findSetup } from './simulations.repository.ts';
import { emptySetup } from '../../domain/setup.ts';
import type { JobServices } from '../platform/jobs/registry.ts';
import { accessSimulation, type AuthContext } from '../platform/access.ts';

export type ServerValidation = SetupValidation & { solverSupport: SupportIssue[] };

export function checkSetup(setup: SetupDocument, current?: ConditionValues): ServerValidation {
  const validation = validateSetup(setup, { profile: 'default', current });
  let solverSupport: SupportIssue[];
  try {
    solverSupport = checkCaseSupport(parseSetupDocument(setup));
  } catch (error) {
    solverSupport = [{ setting: 'setup', message: error instanceof Error ? error.message : String(error) }];
  }
  return {
    ...validation,
    errorCount: validation.errorCount + solverSupport.length,
    valid: validation.valid && solverSupport.length === 0,
    solverSupport,
  };
}

export async function validateSimulation(services: JobServices, auth: AuthContext, simulationId: string): Promise<ServerValidation> {
  await accessSimulation(services.db, auth, simulationId, 'read');
  const setup = await findSetup(services.db, simulationId);
  return checkSetup(setup?.document ?? emptySetup());
}
