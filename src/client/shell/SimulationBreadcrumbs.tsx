// Breadcrumbs inside a simulation: Projects > project > simulation (click renames) > mode label. The
// project link adds view=all when the viewer is not the project's creator (spec 2 §2).
import { Anchor, Breadcrumbs, Skeleton, Text } from '@mantine/core';
import { Link } from 'react-router';
import useSWR from 'swr';
import { getProject } from '../api/projectsApi.ts';
import { useApi } from '../app/services.ts';
import { projectLink } from '../projects/projectsQuery.ts';
import { useSession } from '../session/session.ts';
import { MODE_LABEL, modeFromRoute } from '../simulation/modes.ts';
import { useSimulation } from '../simulation/useSimulation.ts';
import { Icon } from '../ui/Icon.tsx';
import { SimulationNameEditor } from './SimulationNameEditor.tsx';

interface SimulationBreadcrumbsProps {
  simulationId: string;
  modeSegment?: string;
  compact: boolean;
}

export function SimulationBreadcrumbs({ simulationId, modeSegment, compact }: SimulationBreadcrumbsProps) {
  const api = useApi();
  const { user } = useSession();
  const { data: simulation, error } = useSimulation(simulationId);
  const { data: project } = useSWR(simulation ? ['project', simulation.project.id] : null, ([, id]) => getProject(api, id));
  const mode = modeFromRoute(modeSegment);
  const projectHref = simulation ? projectLink(simulation.project.id, project?.creator.id ?? user.id, user.id) : '/projects';

  return (
    <Breadcrumbs separator={<Icon name="chevronRight" size={14} />} separatorMargin={6} data-testid="breadcrumbs" style={{ flexWrap: 'nowrap', minWidth: 0 }}>
      {!compact && (
        <Anchor component={Link} to="/projects" size="sm" c="dimmed" data-testid="breadcrumb-projects">
          Projects
        </Anchor>
      )}
      {!compact &&
        !error &&
        (simulation ? (
          <Anchor component={Link} to={projectHref} size="sm" c="dimmed" data-testid="breadcrumb-project" truncate maw={220}>
            {simulation.project.name}
          </Anchor>
        ) : (
          <Skeleton h={14} w={100} />
        ))}
      {simulation ? (
        <SimulationNameEditor key={simulation.id} simulation={simulation} />
      ) : error ? (
        <Text size="sm" c="dimmed">
          Unavailable simulation
        </Text>
      ) : (
        <Skeleton h={14} w={120} />
      )}
      {mode && (
        <Text size="sm" c="blue.7" fw={600} data-testid="breadcrumb-mode">
          {MODE_LABEL[mode]}
        </Text>
      )}
    </Breadcrumbs>
  );
}
