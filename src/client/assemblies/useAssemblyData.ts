// The data of the assembly import modal: the simulation's assemblies (polled every 1 s while one is being
// imported, spec 2 §7) and the part list of the assembly shown.
import useSWR from 'swr';
import { POLL_INTERVAL_MS } from '../../domain/constants.ts';
import { assemblyImporting } from '../../domain/jobs.ts';
import { useApi } from '../app/services.ts';
import { listAssemblies, listAssemblyParts } from './assembliesApi.ts';

export function assembliesKey(simulationId: string) {
  return ['assemblies', simulationId] as const;
}

export function assemblyPartsKey(assemblyId: string) {
  return ['assembly-parts', assemblyId] as const;
}

export function useAssemblies(simulationId: string, enabled: boolean) {
  const api = useApi();
  return useSWR(enabled ? assembliesKey(simulationId) : null, ([, id]) => listAssemblies(api, id), {
    keepPreviousData: true,
    refreshInterval: (list) => (list?.some((a) => assemblyImporting(a.state)) ? POLL_INTERVAL_MS.assemblies : 0),
  });
}

export function useAssemblyParts(assemblyId: string | null) {
  const api = useApi();
  return useSWR(assemblyId ? assemblyPartsKey(assemblyId) : null, ([, id]) => listAssemblyParts(api, id), { keepPreviousData: false });
}
