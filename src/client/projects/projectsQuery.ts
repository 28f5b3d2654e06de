// The projects page keeps its whole state in the URL (spec 1 §2): page size and number, search, own or
// all projects, sort, and the creator and project filters. Parsing is forgiving: a hand-edited URL with
// a bad value falls back to the default instead of breaking the page.
import { PROJECT_DEFAULT_PAGE_SIZE, PROJECT_PAGE_SIZES } from '../../domain/constants.ts';
import { PROJECT_ORDER_BY, PROJECT_VIEWS } from '../../domain/project.ts';
import type { ProjectListRequest } from '../api/projectsApi.ts';

export type ProjectsView = (typeof PROJECT_VIEWS)[number];
export type ProjectsOrderBy = (typeof PROJECT_ORDER_BY)[number];
export type ProjectsPageLimit = (typeof PROJECT_PAGE_SIZES)[number];

export interface ProjectsQuery {
  pageLimit: ProjectsPageLimit;
  pageNumber: number;
  search: string;
  view: ProjectsView;
  orderBy: ProjectsOrderBy;
  createdBy: string[];
  projectIds: string[];
}

export const DEFAULT_PROJECTS_QUERY: ProjectsQuery = {
  pageLimit: PROJECT_DEFAULT_PAGE_SIZE as ProjectsPageLimit,
  pageNumber: 1,
  search: '',
  view: 'own',
  orderBy: 'updatedAt',
  createdBy: [],
  projectIds: [],
};

function readList(params: URLSearchParams, key: string): string[] {
  const values = params.getAll(key).flatMap((value) => value.split(','));
  return [...new Set(values.map((value) => value.trim()).filter((value) => value !== ''))];
}

function oneOf<T extends string | number>(options: readonly T[], value: T | null | undefined, fallback: T): T {
  return value !== null && value !== undefined && options.includes(value) ? value : fallback;
}

/**
 * Reads the query from the URL. `canViewAll`: whether the user has PROJECTS_VIEW_ALL; without it the view
 * is always 'own' and the creator filter, which only exists in the all view, is dropped.
 */
export function parseProjectsQuery(params: URLSearchParams, canViewAll: boolean): ProjectsQuery {
  const pageLimit = oneOf<number>(PROJECT_PAGE_SIZES, Number(params.get('pageLimit')), DEFAULT_PROJECTS_QUERY.pageLimit);
  const pageNumberRaw = Number(params.get('pageNumber'));
  const pageNumber = Number.isInteger(pageNumberRaw) && pageNumberRaw >= 1 ? pageNumberRaw : 1;
  const requestedView = oneOf<string>(PROJECT_VIEWS, params.get('view'), 'own') as ProjectsView;
  const view: ProjectsView = canViewAll ? requestedView : 'own';
  return {
    pageLimit: pageLimit as ProjectsPageLimit,
    pageNumber,
    search: (params.get('search') ?? '').trim(),
    view,
    orderBy: oneOf<string>(PROJECT_ORDER_BY, params.get('orderBy'), 'updatedAt') as ProjectsOrderBy,
    createdBy: view === 'all' ? readList(params, 'createdBy') : [],
    projectIds: readList(params, 'projectIds'),
  };
}

/** Writes the query to URL parameters, leaving out defaults so that links stay short. */
export function projectsQueryToParams(query: ProjectsQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.pageLimit !== DEFAULT_PROJECTS_QUERY.pageLimit) params.set('pageLimit', String(query.pageLimit));
  if (query.pageNumber !== 1) params.set('pageNumber', String(query.pageNumber));
  if (query.search) params.set('search', query.search);
  if (query.view !== 'own') params.set('view', query.view);
  if (query.orderBy !== 'updatedAt') params.set('orderBy', query.orderBy);
  for (const id of query.createdBy) params.append('createdBy', id);
  for (const id of query.projectIds) params.append('projectIds', id);
  return params;
}

/**
 * Applies a change. Any change other than the page number itself starts again at page 1, since the old
 * page may not exist in the new result; leaving the all view drops the creator filter.
 */
export function updateProjectsQuery(query: ProjectsQuery, change: Partial<ProjectsQuery>): ProjectsQuery {
  const next: ProjectsQuery = { ...query, ...change };
  const onlyPage = Object.keys(change).every((key) => key === 'pageNumber');
  if (!onlyPage) next.pageNumber = change.pageNumber ?? 1;
  if (next.view === 'own') next.createdBy = [];
  return next;
}

/** The GET /api/projects parameters for a page query. */
export function projectsQueryToRequest(query: ProjectsQuery): ProjectListRequest {
  return {
    q: query.search || undefined,
    pageLimit: query.pageLimit,
    pageNumber: query.pageNumber,
    view: query.view,
    orderBy: query.orderBy,
    createdBy: query.createdBy.length ? query.createdBy : undefined,
    projectIds: query.projectIds.length ? query.projectIds : undefined,
  };
}

/** The link to one project on the projects page; view=all when the viewer is not its creator. */
export function projectLink(projectId: string, creatorId: string, viewerId: string): string {
  const params = new URLSearchParams();
  if (creatorId !== viewerId) params.set('view', 'all');
  params.append('projectIds', projectId);
  return `/projects?${params.toString()}`;
}
