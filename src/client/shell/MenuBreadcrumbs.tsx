// Breadcrumbs of the menu bar. In a simulation: Projects > project > simulation (renamable) > mode label;
// elsewhere the name of the current area.
import { Breadcrumbs, Text } from '@mantine/core';
import { useLocation, useMatch } from 'react-router';
import { Icon } from '../ui/Icon.tsx';
import { settingsTitle } from './navigation.ts';
import { SimulationBreadcrumbs } from './SimulationBreadcrumbs.tsx';

export function MenuBreadcrumbs({ compact = false }: { compact?: boolean }) {
  const match = useMatch('/simulation/:simulationId/:mode');
  const location = useLocation();
  if (match?.params.simulationId) {
    return <SimulationBreadcrumbs simulationId={match.params.simulationId} modeSegment={match.params.mode} compact={compact} />;
  }
  const title = areaTitle(location.pathname);
  return (
    <Breadcrumbs separator={<Icon name="chevronRight" size={14} />} data-testid="breadcrumbs">
      {title && (
        <Text size="sm" fw={600} data-testid="breadcrumb-area">
          {title}
        </Text>
      )}
    </Breadcrumbs>
  );
}

function areaTitle(pathname: string): string | null {
  if (pathname.startsWith('/projects')) return 'Projects';
  if (pathname.startsWith('/machines')) return 'Virtual Machines';
  if (pathname.startsWith('/settings')) return settingsTitle(pathname) ?? 'Settings';
  return null;
}
