// Projects: the projects page list (own or all, search, filters, order, pages), create, read, edit and
// delete, with names unique within the organisation.
import { pageCount } from '../../domain/api.ts';
import { ERROR_MESSAGES } from '../../domain/errors.ts';
import { PERMISSIONS } from '../../domain/permissions.ts';
import type { Project, ProjectCreate, ProjectList, ProjectListQuery, ProjectUpdate } from '../../domain/project.ts';
import {
  deleteProject,
  insertProject,
  pageOfProjects,
  projectNameTaken,
  projectsWithCreators,
  updateProject,
  type ProjectListFilter,
} from './projects.repository.ts';
import { simulationsOfProjects, type SimulationWithCreator } from '../simulations/simulations.repository.ts';
import { duplicate } from '../platform/http/errors.ts';
import { accessProject, requirePermission, type AuthContext } from '../platform/access.ts';
import type { ServiceContext } from '../platform/context.ts';
import { toProject } from '../platform/mappers.ts';

export async function listProjects(ctx: ServiceContext, auth: AuthContext, query: ProjectListQuery): Promise<ProjectList> {
  if (query.view === 'all') requirePermission(auth, PERMISSIONS.PROJECTS_VIEW_ALL);
  const filter: ProjectListFilter = {
    organizationId: auth.organization.id,
    creatorId: query.view === 'own' ? auth.user.id : undefined,
    createdBy: query.createdBy,
    projectIds: query.projectIds,
    q: query.q || undefined,
    orderBy: query.orderBy,
    limit: query.pageLimit,
    offset: (query.pageNumber - 1) * query.pageLimit,
  };
  const { total: resultCount, rows } = await pageOfProjects(ctx.db, filter);
  const simulations = await simulationsOfProjects(ctx.db, rows.map((r) => r.id));
  const byProject = new Map<string, SimulationWithCreator[]>();
  for (const s of simulations) {
    const list = byProject.get(s.projectId);
    if (list) list.push(s);
    else byProject.set(s.projectId, [s]);
  }
  const needle = filter.q?.toLowerCase();
  const results: Project[] = [];
  for (const row of rows) {
    const all = byProject.get(row.id) ?? [];
    const size = all.reduce((sum, s) => sum + s.sizeBytes, 0);
    // A search that matched only simulation names shows those simulations; a project-name match shows all.
    const shown = needle && !row.name.toLowerCase().includes(needle) ? all.filter((s) => s.name.toLowerCase().includes(needle)) : all;
    results.push(toProject(row, query.slim ? [] : shown, size));
  }
  return { results, resultCount, pageCount: pageCount(resultCount, query.pageLimit) };
}

export async function getProject(ctx: ServiceContext, auth: AuthContext, id: string): Promise<Project> {
  await accessProject(ctx.db, auth, id, 'read');
  return loadProject(ctx, id);
}

async function loadProject(ctx: ServiceContext, id: string): Promise<Project> {
  const [[row], simulations] = await Promise.all([projectsWithCreators(ctx.db, [id]), simulationsOfProjects(ctx.db, [id])]);
  return toProject(row, simulations, simulations.reduce((sum, s) => sum + s.sizeBytes, 0));
}

export async function createProject(ctx: ServiceContext, auth: AuthContext, input: ProjectCreate): Promise<Project> {
  const id = await ctx.db.transaction(async (tx) => {
    if (await projectNameTaken(tx, auth.organization.id, input.name)) throw duplicate(ERROR_MESSAGES.nameAlreadyUsed, 'name');
    const row = await insertProject(tx, {
      organizationId: auth.organization.id,
      creatorId: auth.user.id,
      name: input.name,
      description: input.description,
    });
    return row.id;
  });
  return loadProject(ctx, id);
}

export async function updateProjectDetails(ctx: ServiceContext, auth: AuthContext, id: string, input: ProjectUpdate): Promise<Project> {
  await ctx.db.transaction(async (tx) => {
    const project = await accessProject(tx, auth, id, 'write');
    if (input.name !== undefined && input.name !== project.name && (await projectNameTaken(tx, auth.organization.id, input.name, id))) {
      throw duplicate(ERROR_MESSAGES.nameAlreadyUsed, 'name');
    }
    await updateProject(tx, id, { name: input.name, description: input.description });
  });
  return loadProject(ctx, id);
}

export async function removeProject(ctx: ServiceContext, auth: AuthContext, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await accessProject(tx, auth, id, 'write');
    await deleteProject(tx, id);
  });
}
