// Data of the projects page through SWR: the current page of projects and the slim list of every
// project (for the project and owner filters and the Move dialog), plus revalidation after changes.
import useSWR, { useSWRConfig } from 'swr';
import { useCallback } from 'react';
import { listAllProjectsSlim, listProjects } from '../api/projectsApi.ts';
import { useApi } from '../app/services.ts';
import { projectsQueryToRequest, type ProjectsQuery, type ProjectsView } from './projectsQuery.ts';

export function useProjectsPage(query: ProjectsQuery) {
  const api = useApi();
  const request = projectsQueryToRequest(query);
  return useSWR(['projects', request] as const, ([, req]) => listProjects(api, req));
}

export function useAllProjects(view: ProjectsView) {
  const api = useApi();
  return useSWR(['projects-slim', view] as const, ([, v]) => listAllProjectsSlim(api, v));
}

/** Re-reads every projects list and every cached simulation after a change. */
export function useRevalidateProjects(): () => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(async () => {
    await mutate((key) => Array.isArray(key) && (key[0] === 'projects' || key[0] === 'projects-slim' || key[0] === 'project' || key[0] === 'simulation'));
    await mutate('organization-storage');
  }, [mutate]);
}
