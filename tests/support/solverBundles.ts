// Global setup of the test projects: the solver's bundles are built once, before the test files start,
// instead of by every test process that starts a solver at the same moment while the sources are newer
// than the bundles (each such build then counted against the first test's time limit).
import { buildSolverBundles } from '../../src/server/runs/solverChild.ts';

export function setup(): void {
  buildSolverBundles();
}
