// The projects page (spec 1 §2 'Projects list', spec 2 §2): the control bar, one section per project
// with its simulations, pagination and page size; all state in the URL. Under an access grant it only
// reads: New project is disabled and says why.
import { useEffect } from 'react';
import { Button, Container, Group, Pagination, Select, Stack, Text, Title, Tooltip } from '@mantine/core';
import { PROJECT_PAGE_SIZES } from '../../domain/constants.ts';
import { useSession } from '../session/session.ts';
import { useOrganizationStorage } from '../settings/useAccountData.ts';
import { Icon } from '../ui/Icon.tsx';
import { StorageIndicator } from '../ui/StorageIndicator.tsx';
import { QueryState } from '../ui/QueryState.tsx';
import { useProjectsDialogs } from './dialogStore.ts';
import { ProjectsControlBar } from './ProjectsControlBar.tsx';
import { ProjectsDialogs } from './ProjectsDialogs.tsx';
import { ProjectSection } from './ProjectSection.tsx';
import { useProjectsPage } from './projectsData.ts';
import { readOnlyReason } from './readOnlyAccess.ts';
import { DEFAULT_PROJECTS_QUERY, type ProjectsPageLimit } from './projectsQuery.ts';
import { useProjectsQuery } from './useProjectsQuery.ts';

export function ProjectsPage() {
  const [query, update] = useProjectsQuery();
  const page = useProjectsPage(query);
  const storage = useOrganizationStorage();
  const openDialog = useProjectsDialogs((state) => state.open);
  const readOnly = readOnlyReason(useSession().user);
  const filtered = query.search !== '' || query.projectIds.length > 0 || query.createdBy.length > 0;

  // After deleting the last project of the last page, step back to the page that now exists.
  const pageCount = page.data?.pageCount;
  useEffect(() => {
    if (pageCount !== undefined && pageCount > 0 && query.pageNumber > pageCount) update({ pageNumber: pageCount });
  }, [pageCount, query.pageNumber, update]);

  return (
    <Container size={1400} py="lg" data-testid="projects-page">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
          <Title order={2}>{query.view === 'all' ? 'All projects' : 'My projects'}</Title>
          <Group gap="lg" align="flex-end" wrap="nowrap">
            {storage.data && <StorageIndicator storage={storage.data} width={220} />}
            <Tooltip label={readOnly} disabled={!readOnly} withArrow>
              {/* data-disabled instead of disabled: a disabled button gets no pointer events, so no tooltip. */}
              <Button
                leftSection={<Icon name="plus" size={16} />}
                onClick={() => !readOnly && openDialog({ kind: 'newProject' })}
                data-disabled={readOnly !== null || undefined}
                aria-disabled={readOnly !== null}
                data-testid="new-project"
              >
                New project
              </Button>
            </Tooltip>
          </Group>
        </Group>
        <ProjectsControlBar query={query} update={update} />
        <QueryState data={page.data} error={page.error} retry={() => void page.mutate()} rows={6} errorTitle="Your projects could not be loaded">
          {(list) =>
            list.results.length === 0 ? (
              <Stack align="center" gap="sm" py={64} data-testid={filtered ? 'projects-no-match' : 'projects-empty'}>
                <Icon name="folder" size={44} color="var(--mantine-color-gray-5)" />
                <Text fw={600} size="lg">
                  {filtered ? 'No projects match your search' : 'No projects yet'}
                </Text>
                <Text c="dimmed" size="sm" ta="center" maw={420}>
                  {filtered
                    ? 'Try another name, or clear the filters to see all projects.'
                    : 'Projects hold your simulations. Create one to set up your first simulation.'}
                </Text>
                {filtered ? (
                  <Button variant="light" onClick={() => update({ search: '', projectIds: [], createdBy: [] })} data-testid="projects-clear-filters">
                    Clear filters
                  </Button>
                ) : readOnly ? (
                  <Text size="sm" c="dimmed" data-testid="projects-read-only">
                    {readOnly}
                  </Text>
                ) : (
                  <Button leftSection={<Icon name="plus" size={16} />} onClick={() => openDialog({ kind: 'newProject' })} data-testid="projects-empty-new">
                    Create your first project
                  </Button>
                )}
              </Stack>
            ) : (
              <Stack gap="md" style={{ opacity: page.isValidating && page.data !== list ? 0.6 : 1 }}>
                {list.results.map((project) => (
                  <ProjectSection key={project.id} project={project} showOwner={query.view === 'all'} />
                ))}
              </Stack>
            )
          }
        </QueryState>
        {page.data && page.data.resultCount > 0 && (
          <Group justify="space-between" wrap="wrap" data-testid="projects-pagination">
            <Text size="sm" c="dimmed" data-testid="projects-count">
              {page.data.resultCount} project{page.data.resultCount === 1 ? '' : 's'}
            </Text>
            <Group gap="md">
              <Pagination
                total={Math.max(1, page.data.pageCount)}
                value={query.pageNumber}
                onChange={(pageNumber) => update({ pageNumber })}
                withEdges
                size="sm"
                data-testid="projects-pages"
              />
              <Group gap={6}>
                <Text size="sm" c="dimmed">
                  Per page
                </Text>
                <Select
                  data={PROJECT_PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }))}
                  value={String(query.pageLimit ?? DEFAULT_PROJECTS_QUERY.pageLimit)}
                  onChange={(value) => value && update({ pageLimit: Number(value) as ProjectsPageLimit })}
                  allowDeselect={false}
                  w={80}
                  size="xs"
                  comboboxProps={{ withinPortal: true }}
                  data-testid="projects-page-size"
                />
              </Group>
            </Group>
          </Group>
        )}
      </Stack>
      <ProjectsDialogs />
    </Container>
  );
}
