// Control bar of the projects page: My / All projects, search, project and owner filters, sort. Every
// control writes to the URL.
import { useEffect, useMemo, useState } from 'react';
import { Group, MultiSelect, SegmentedControl, Select, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { SEARCH_DEBOUNCE_MS } from '../../domain/constants.ts';
import { PERMISSIONS } from '../../domain/permissions.ts';
import { useSession } from '../session/session.ts';
import { Icon } from '../ui/Icon.tsx';
import { useAllProjects } from './projectsData.ts';
import type { ProjectsOrderBy, ProjectsQuery } from './projectsQuery.ts';

const SORT_OPTIONS: { value: ProjectsOrderBy; label: string }[] = [
  { value: 'updatedAt', label: 'Date' },
  { value: 'name', label: 'Name' },
  { value: 'size', label: 'Size' },
];

interface ProjectsControlBarProps {
  query: ProjectsQuery;
  update: (change: Partial<ProjectsQuery>) => void;
}

export function ProjectsControlBar({ query, update }: ProjectsControlBarProps) {
  const { can, user } = useSession();
  const canViewAll = can(PERMISSIONS.PROJECTS_VIEW_ALL);
  const allProjects = useAllProjects(query.view);

  const [search, setSearch] = useState(query.search);
  const [debouncedSearch] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS.default);
  useEffect(() => {
    if (debouncedSearch.trim() !== query.search) update({ search: debouncedSearch.trim() });
    // Only a settled change of the typed text updates the URL.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debouncedSearch]);
  useEffect(() => {
    // The URL changed from elsewhere (Back, a link): show its search text.
    setSearch((current) => (current.trim() === query.search ? current : query.search));
  }, [query.search]);

  const projectOptions = useMemo(
    () => (allProjects.data ?? []).map((project) => ({ value: project.id, label: project.name })),
    [allProjects.data],
  );
  const ownerOptions = useMemo(() => {
    const owners = new Map<string, string>();
    for (const project of allProjects.data ?? []) owners.set(project.creator.id, project.creator.id === user.id ? `${project.creator.fullName} (you)` : project.creator.fullName);
    return [...owners].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
  }, [allProjects.data, user.id]);

  return (
    <Group align="flex-end" gap="md" wrap="wrap" data-testid="projects-control-bar">
      <Group gap="sm" align="flex-end" wrap="wrap" style={{ flex: 1 }}>
        {canViewAll && (
          <SegmentedControl
            value={query.view}
            onChange={(view) => update({ view: view as ProjectsQuery['view'] })}
            data={[
              { value: 'own', label: 'My projects' },
              { value: 'all', label: 'All projects' },
            ]}
            data-testid="projects-view"
          />
        )}
        <TextInput
          label="Search"
          placeholder="Simulation or project name"
          leftSection={<Icon name="search" size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          rightSection={
            search ? (
              <Icon name="x" size={14} style={{ cursor: 'pointer' }} onClick={() => setSearch('')} aria-label="Clear search" />
            ) : null
          }
          w={240}
          data-testid="projects-search"
        />
        <MultiSelect
          label="Projects"
          placeholder={query.projectIds.length ? undefined : 'All projects'}
          data={projectOptions}
          value={query.projectIds}
          onChange={(projectIds) => update({ projectIds })}
          searchable
          clearable
          nothingFoundMessage="No project with this name"
          w={240}
          maxDropdownHeight={280}
          comboboxProps={{ withinPortal: true }}
          data-testid="projects-filter-project"
        />
        {canViewAll && query.view === 'all' && (
          <MultiSelect
            label="Owners"
            placeholder={query.createdBy.length ? undefined : 'Everyone'}
            data={ownerOptions}
            value={query.createdBy}
            onChange={(createdBy) => update({ createdBy })}
            searchable
            clearable
            w={220}
            comboboxProps={{ withinPortal: true }}
            data-testid="projects-filter-owner"
          />
        )}
        <Select
          label="Sort by"
          data={SORT_OPTIONS}
          value={query.orderBy}
          onChange={(value) => value && update({ orderBy: value as ProjectsOrderBy })}
          allowDeselect={false}
          w={120}
          comboboxProps={{ withinPortal: true }}
          data-testid="projects-sort"
        />
      </Group>
    </Group>
  );
}
