// Frame of the three simulation screens: loads the simulation, then shows the page beside the right
// sidebar. A simulation that cannot be read shows why (not found, or not yours) instead of the frame.
import { Box } from '@mantine/core';
import { Outlet, useParams } from 'react-router';
import { AuthenticationError, NotFoundError } from '../../domain/errors.ts';
import { LoadingPage } from '../app/LoadingPage.tsx';
import { StatusPage } from '../ui/StatusPage.tsx';
import { errorMessage } from '../api/ApiClient.ts';
import { RightSidebar } from './RightSidebar.tsx';
import { useSimulation } from './useSimulation.ts';
import { useLiveSimulation } from './useLiveSimulation.ts';
import type { Simulation } from '../../domain/simulation.ts';
import { Button } from '@mantine/core';
import { Link } from 'react-router';

export function SimulationLayout() {
  const { simulationId } = useParams();
  const { data: simulation, error } = useSimulation(simulationId);

  if (error) {
    const notFound = error instanceof NotFoundError;
    const refused = error instanceof AuthenticationError;
    return (
      <StatusPage
        testId="simulation-unavailable"
        code={notFound ? '404' : refused ? '403' : undefined}
        title={notFound ? 'This simulation does not exist' : refused ? 'This simulation is not yours to open' : 'The simulation could not be loaded'}
        actions={
          <Button component={Link} to="/projects">
            Go to your projects
          </Button>
        }
      >
        {errorMessage(error)}
      </StatusPage>
    );
  }
  if (!simulation) return <LoadingPage fullScreen={false} />;

  return <LiveSimulationFrame simulation={simulation} />;
}

/** The frame of a loaded simulation, with the page's one live subscription to it. */
function LiveSimulationFrame({ simulation }: { simulation: Simulation }) {
  useLiveSimulation(simulation.id, simulation.state);
  return (
    <Box style={{ display: 'flex', height: 'calc(100vh - var(--app-shell-header-offset, 56px))', minHeight: 0 }} data-testid="simulation-frame">
      <Box style={{ flex: 1, minWidth: 0, overflow: 'auto' }}>
        <Outlet />
      </Box>
      <RightSidebar simulation={simulation} />
    </Box>
  );
}
