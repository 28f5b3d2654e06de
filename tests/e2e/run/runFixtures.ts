// Test fixture of the run e2e tests: a coarse dam break (a container tank and a water column) put over the
// API and run to completion with the newest solver, so that Results and the Monitor have outputs to show.
import type { StartedServer } from '../../support/server.ts';

async function call<T>(server: StartedServer, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** 4 cm particles in a 0.8 m tank, 0.2 s simulated in 5 outputs after the first: seconds on one core. */
export async function putDamBreak(server: StartedServer, token: string, simulationId: string, endTime = 0.2): Promise<void> {
  const setup = await call<Record<string, unknown> & { settings: Record<string, unknown> }>(server, token, 'GET', `/simulations/${simulationId}/setup`);
  const appearance = { color: '#8C9AA8', opacity: 0.5, wireframe: false, translucent: true, visibility: true, viewMode: 'surface', showPointcloud: false };
  const shape = (dimensions: number[], translation: number[], flipNormals: boolean) => ({
    type: 'stl_cube', translation, rotation: [0, 0, 0], scale: [1, 1, 1], flipNormals, info: null, resolution: 1, dimensions,
  });
  await call(server, token, 'PUT', `/simulations/${simulationId}/setup`, {
    ...setup,
    settings: {
      ...setup.settings, particleDiameter: 0.04, endTime, outputTimeInterval: endTime / 5, calcDomainActive: true,
      calcDomainMin: [-0.1, -0.1, -0.1], calcDomainMax: [0.9, 0.3, 0.5],
    },
    parts: [
      {
        id: crypto.randomUUID(), name: 'Tank', materialId: null, seedPoint: null, hasWarnings: false, warnings: [], appearance,
        component: { type: 'rigid', heatFlux: 0, boundaryTemperature: 293.15, referenceTemperature: 293.15, heatTransferCoefficient: 0, thermoKind: 'adiabatic', velocityKind: 'slip', velocityConditionMovementId: null, contactAngle: 90 },
        shape: shape([0.8, 0.2, 0.4], [0.4, 0.1, 0.2], true),
      },
      {
        id: crypto.randomUUID(), name: 'Water column', materialId: 0, seedPoint: null, hasWarnings: false, warnings: [], appearance: { ...appearance, color: '#2D69B2' },
        component: { type: 'flow', initialTemperature: 293.15, initialVelocity: [0, 0, 0], initialPressure: 0, initialDistribution: 'constant', initialDistributionTableId: null, initialPreset: 'hydrostatic' },
        shape: shape([0.16, 0.2, 0.24], [0.08, 0.1, 0.12], false),
      },
    ],
  });
}

/** A run condition as the start request takes it. */
export interface RunCondition {
  id: string;
  valueType: 'time' | 'runtime' | 'credits' | 'particle_nbr';
  action: 'stop' | 'warning';
  operator: 'gte' | 'lte';
  threshold: number;
  triggered: boolean;
}

/** Starts a run with the newest solver on one core (with `conditions` instead of the setup's, when given). */
export async function startRun(server: StartedServer, token: string, simulationId: string, conditions?: RunCondition[]): Promise<void> {
  const solvers = await call<{ id: string; latest: boolean }[]>(server, token, 'GET', '/solvers');
  const solver = solvers.find((s) => s.latest) ?? solvers[0];
  await call(server, token, 'POST', `/simulations/${simulationId}/runs`, { solverId: solver.id, cores: 1, ...(conditions ? { conditions } : {}) });
}

export async function stopRun(server: StartedServer, token: string, simulationId: string): Promise<void> {
  await call(server, token, 'POST', `/simulations/${simulationId}/stop`, {});
}

/** Starts a run with the newest solver on one core and waits until every output is ready to view. */
export async function runToCompletion(server: StartedServer, token: string, simulationId: string, timeoutMs = 120_000, conditions?: RunCondition[]): Promise<number> {
  await startRun(server, token, simulationId, conditions);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const simulation = await call<{ state: string }>(server, token, 'GET', `/simulations/${simulationId}`);
    const outputs = await call<{ states: { visualization: string } }[]>(server, token, 'GET', `/simulations/${simulationId}/outputs`);
    const ready = outputs.filter((o) => o.states.visualization === 'ready').length;
    if (simulation.state === 'completed' && ready === outputs.length && ready > 0) return ready;
    if (['failed', 'creation_failed', 'launch_failed', 'stopped'].includes(simulation.state)) throw new Error(`the run ended ${simulation.state}`);
    if (Date.now() > deadline) throw new Error(`the run did not complete in time (${simulation.state}, ${ready}/${outputs.length} outputs ready)`);
    await new Promise((done) => setTimeout(done, 500));
  }
}
