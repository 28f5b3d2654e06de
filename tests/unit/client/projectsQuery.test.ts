import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PROJECTS_QUERY,
  parseProjectsQuery,
  projectLink,
  projectsQueryToParams,
  projectsQueryToRequest,
  updateProjectsQuery,
} from '../../../src/client/projects/projectsQuery.ts';

const A = '7d3f4a30-8a39-4bd2-9d52-3f0bcbd1c001';
const B = '7d3f4a30-8a39-4bd2-9d52-3f0bcbd1c002';

describe('projects page URL state', () => {
  it('uses the spec defaults for an empty URL', () => {
    expect(parseProjectsQuery(new URLSearchParams(''), true)).toEqual({
      pageLimit: 10,
      pageNumber: 1,
      search: '',
      view: 'own',
      orderBy: 'updatedAt',
      createdBy: [],
      projectIds: [],
    });
  });

  it('reads every parameter, lists repeated or comma separated', () => {
    const q = parseProjectsQuery(
      new URLSearchParams(`pageLimit=30&pageNumber=3&search=+dam+&view=all&orderBy=size&createdBy=${A},${B}&projectIds=${A}&projectIds=${B}`),
      true,
    );
    expect(q).toEqual({ pageLimit: 30, pageNumber: 3, search: 'dam', view: 'all', orderBy: 'size', createdBy: [A, B], projectIds: [A, B] });
  });

  it('falls back to defaults for values outside the allowed options', () => {
    const q = parseProjectsQuery(new URLSearchParams('pageLimit=12&pageNumber=-4&view=everything&orderBy=color'), true);
    expect(q.pageLimit).toBe(10);
    expect(q.pageNumber).toBe(1);
    expect(q.view).toBe('own');
    expect(q.orderBy).toBe('updatedAt');
    expect(parseProjectsQuery(new URLSearchParams('pageNumber=2.5'), true).pageNumber).toBe(1);
  });

  it('forces the own view and drops the creator filter without PROJECTS_VIEW_ALL', () => {
    const q = parseProjectsQuery(new URLSearchParams(`view=all&createdBy=${A}`), false);
    expect(q.view).toBe('own');
    expect(q.createdBy).toEqual([]);
  });

  it('round-trips through URL parameters and leaves defaults out', () => {
    expect(projectsQueryToParams(DEFAULT_PROJECTS_QUERY).toString()).toBe('');
    const q = { ...DEFAULT_PROJECTS_QUERY, pageLimit: 15 as const, pageNumber: 2, search: 'tank', view: 'all' as const, createdBy: [A], projectIds: [B] };
    expect(parseProjectsQuery(projectsQueryToParams(q), true)).toEqual(q);
  });

  it('returns to page 1 on any change but the page, and clears creators when leaving the all view', () => {
    const start = { ...DEFAULT_PROJECTS_QUERY, pageNumber: 4, view: 'all' as const, createdBy: [A] };
    expect(updateProjectsQuery(start, { pageNumber: 5 }).pageNumber).toBe(5);
    expect(updateProjectsQuery(start, { search: 'x' }).pageNumber).toBe(1);
    const own = updateProjectsQuery(start, { view: 'own' });
    expect(own.createdBy).toEqual([]);
    expect(own.pageNumber).toBe(1);
  });

  it('maps to the API query, leaving empty filters out', () => {
    expect(projectsQueryToRequest(DEFAULT_PROJECTS_QUERY)).toEqual({
      q: undefined,
      pageLimit: 10,
      pageNumber: 1,
      view: 'own',
      orderBy: 'updatedAt',
      createdBy: undefined,
      projectIds: undefined,
    });
    expect(projectsQueryToRequest({ ...DEFAULT_PROJECTS_QUERY, search: 'dam', projectIds: [A] })).toMatchObject({ q: 'dam', projectIds: [A] });
  });

  it('links to a project with view=all only when the viewer did not create it', () => {
    expect(projectLink(A, B, B)).toBe(`/projects?projectIds=${A}`);
    expect(projectLink(A, B, A)).toBe(`/projects?view=all&projectIds=${A}`);
  });
});
