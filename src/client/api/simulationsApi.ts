// Calls on one simulation: read, rename / move, clone and delete.
import { simulationSchema, type Simulation, type SimulationClone, type SimulationUpdate } from '../../domain/simulation.ts';
import type { ApiClient } from './ApiClient.ts';

export function getSimulation(api: ApiClient, id: string): Promise<Simulation> {
  return api.get(`/simulations/${encodeURIComponent(id)}`, simulationSchema);
}

export function updateSimulation(api: ApiClient, id: string, input: SimulationUpdate): Promise<Simulation> {
  return api.put(`/simulations/${encodeURIComponent(id)}`, input, simulationSchema);
}

export function cloneSimulation(api: ApiClient, id: string, input: SimulationClone = {}): Promise<Simulation> {
  return api.post(`/simulations/${encodeURIComponent(id)}/clone`, input, simulationSchema, 201);
}

export function deleteSimulation(api: ApiClient, id: string): Promise<void> {
  return api.delete(`/simulations/${encodeURIComponent(id)}`, null);
}
