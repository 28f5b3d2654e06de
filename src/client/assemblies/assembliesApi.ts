// Calls of the assembly import modal (spec 2 §7 'Assemblies and tessellation'): the STEP import upload with
// progress, assemblies, the part list calls (each answers the whole list) and tessellation runs.
import { z } from 'zod';
import { API_PREFIX } from '../../domain/api.ts';
import {
  assemblyPartSchema,
  assemblySchema,
  tessellationRunSchema,
  type Assembly,
  type AssemblyPart,
  type AssemblyPartCreate,
  type AssemblyPartUpdate,
  type TessellationRun,
} from '../../domain/assembly.ts';
import type { ApiClient, TokenSource } from '../api/ApiClient.ts';
import { uploadFile } from '../setup/setupApi.ts';

const partListSchema = z.array(assemblyPartSchema);
const enc = encodeURIComponent;

/** Sends a STEP file to import it as an assembly of the simulation; the import job starts at once. */
export function uploadAssembly(request: { simulationId: string; file: File; tokens: TokenSource; onProgress: (fraction: number) => void; signal: AbortSignal }): Promise<Assembly> {
  return uploadFile(`${API_PREFIX}/client-upload/simulations/${enc(request.simulationId)}/assemblies`, assemblySchema, request);
}

export function listAssemblies(api: ApiClient, simulationId: string): Promise<Assembly[]> {
  return api.get(`/simulations/${enc(simulationId)}/assemblies`, z.array(assemblySchema));
}

export function getAssembly(api: ApiClient, assemblyId: string): Promise<Assembly> {
  return api.get(`/assemblies/${enc(assemblyId)}`, assemblySchema);
}

export function listAssemblyParts(api: ApiClient, assemblyId: string): Promise<AssemblyPart[]> {
  return api.get(`/assemblies/${enc(assemblyId)}/parts`, partListSchema);
}

export function addAssemblyParts(api: ApiClient, assemblyId: string, parts: readonly AssemblyPartCreate[]): Promise<AssemblyPart[]> {
  return api.post(`/assemblies/${enc(assemblyId)}/parts`, parts, partListSchema, 201);
}

export function updateAssemblyParts(api: ApiClient, assemblyId: string, changes: readonly AssemblyPartUpdate[]): Promise<AssemblyPart[]> {
  return api.put(`/assemblies/${enc(assemblyId)}/parts`, changes, partListSchema);
}

export function deleteAssemblyParts(api: ApiClient, assemblyId: string, partIds: readonly string[]): Promise<AssemblyPart[]> {
  return api.request('DELETE', `/assemblies/${enc(assemblyId)}/parts`, { body: { partIds }, schema: partListSchema, expected: 200 });
}

/** Starts a tessellation run of the parts that need one. */
export function startTessellation(api: ApiClient, assemblyId: string): Promise<TessellationRun> {
  return api.post(`/assemblies/${enc(assemblyId)}`, undefined, tessellationRunSchema, 201);
}

export function listTessellationRuns(api: ApiClient, simulationId: string): Promise<TessellationRun[]> {
  return api.get(`/simulations/${enc(simulationId)}/tessellation_runs`, z.array(tessellationRunSchema));
}

export function cancelTessellationRun(api: ApiClient, runId: string): Promise<TessellationRun> {
  return api.request('DELETE', `/tessellation_runs/${enc(runId)}`, { schema: tessellationRunSchema, expected: 200 });
}
