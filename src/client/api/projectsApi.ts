// Calls of the projects page: list, create, edit and delete projects, and add simulations to them.
import {
  projectListSchema,
  projectSchema,
  type ProjectCreate,
  type ProjectList,
  type ProjectListQuery,
  type ProjectUpdate,
  type Project,
} from '../../domain/project.ts';
import { simulationSchema, type Simulation, type SimulationCreate } from '../../domain/simulation.ts';
import type { ApiClient } from './ApiClient.ts';

export type ProjectListRequest = Omit<Partial<ProjectListQuery>, 'slim'> & { slim?: boolean };

export function listProjects(api: ApiClient, query: ProjectListRequest, signal?: AbortSignal): Promise<ProjectList> {
  return api.get(
    '/projects',
    projectListSchema,
    {
      q: query.q,
      pageLimit: query.pageLimit,
      pageNumber: query.pageNumber,
      projectIds: query.projectIds,
      createdBy: query.createdBy,
      orderBy: query.orderBy,
      view: query.view,
      slim: query.slim ? true : undefined,
    },
    signal,
  );
}

export function getProject(api: ApiClient, id: string): Promise<Project> {
  return api.get(`/projects/${encodeURIComponent(id)}`, projectSchema);
}

export function createProject(api: ApiClient, input: ProjectCreate): Promise<Project> {
  return api.post('/projects', input, projectSchema, 201);
}

export function updateProject(api: ApiClient, id: string, input: ProjectUpdate): Promise<Project> {
  return api.put(`/projects/${encodeURIComponent(id)}`, input, projectSchema);
}

export function deleteProject(api: ApiClient, id: string): Promise<void> {
  return api.delete(`/projects/${encodeURIComponent(id)}`, null);
}

export function createSimulation(api: ApiClient, projectId: string, input: SimulationCreate): Promise<Simulation> {
  return api.post(`/projects/${encodeURIComponent(projectId)}/simulations`, input, simulationSchema, 201);
}

/** Every project the user may pick (Move dialog, project filter): slim, all pages. */
export async function listAllProjectsSlim(api: ApiClient, view: 'own' | 'all'): Promise<Project[]> {
  const pageLimit = 30;
  const first = await listProjects(api, { slim: true, view, pageLimit, pageNumber: 1, orderBy: 'name' });
  const pages = [first];
  for (let page = 2; page <= first.pageCount; page += 1) {
    pages.push(await listProjects(api, { slim: true, view, pageLimit, pageNumber: page, orderBy: 'name' }));
  }
  return pages.flatMap((p) => p.results);
}
