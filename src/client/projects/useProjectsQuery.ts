// Binds the projects page state to the URL: reading parses the search parameters, writing replaces them.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { PERMISSIONS } from '../../domain/permissions.ts';
import { useSession } from '../session/session.ts';
import { parseProjectsQuery, projectsQueryToParams, updateProjectsQuery, type ProjectsQuery } from './projectsQuery.ts';

export function useProjectsQuery(): [ProjectsQuery, (change: Partial<ProjectsQuery>) => void] {
  const [params, setParams] = useSearchParams();
  const { can } = useSession();
  const canViewAll = can(PERMISSIONS.PROJECTS_VIEW_ALL);
  const query = useMemo(() => parseProjectsQuery(params, canViewAll), [params, canViewAll]);
  const update = useCallback(
    (change: Partial<ProjectsQuery>) => {
      // Typing in the search box replaces the entry; other changes are steps the Back button can undo.
      const replace = Object.keys(change).length === 1 && 'search' in change;
      setParams(projectsQueryToParams(updateProjectsQuery(query, change)), { replace });
    },
    [query, setParams],
  );
  return [query, update];
}
