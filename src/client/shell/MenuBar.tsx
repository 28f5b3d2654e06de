// The menu bar on every authenticated screen (spec 2 §2): logo, Back, breadcrumbs, simulation buttons,
// access-grant selector (Surge staff), Help and Settings. Below 1024 px the right side collapses into a burger menu.
import { ActionIcon, Anchor, Divider, Group, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link, useMatch } from 'react-router';
import { MENU_COLLAPSE_WIDTH_PX } from '../../domain/constants.ts';
import { Icon } from '../ui/Icon.tsx';
import { VmMenuButton } from '../machines/VmMenuButton.tsx';
import { AccessGrantSelector } from './AccessGrantSelector.tsx';
import { BackButton } from './BackButton.tsx';
import { CopyIdButton } from './CopyIdButton.tsx';
import { HelpMenu } from './HelpMenu.tsx';
import { Logo } from './Logo.tsx';
import { MenuBreadcrumbs } from './MenuBreadcrumbs.tsx';
import { MobileMenu } from './MobileMenu.tsx';
import { SettingsMenu } from './SettingsMenu.tsx';

export function MenuBar() {
  const narrow = useMediaQuery(`(max-width: ${MENU_COLLAPSE_WIDTH_PX - 0.02}px)`, false, { getInitialValueInEffect: false });
  const simulationMatch = useMatch('/simulation/:simulationId/*');
  const simulationId = simulationMatch?.params.simulationId;

  return (
    <Group h="100%" px="md" gap="sm" justify="space-between" wrap="nowrap" data-testid="menu-bar" data-narrow={narrow}>
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
        <Anchor component={Link} to="/projects" underline="never" aria-label="Surge home" data-testid="menu-logo">
          <Logo withText={!narrow} />
        </Anchor>
        {!simulationId && <BackButton />}
        <Divider orientation="vertical" my={12} />
        <div style={{ minWidth: 0, overflow: 'hidden' }}>
          <MenuBreadcrumbs compact={narrow} />
        </div>
      </Group>
      {narrow ? (
        <Group gap={4} wrap="nowrap">
          {/* The simulation's VM stays one click away on narrow screens too. */}
          {simulationId && <VmMenuButton simulationId={simulationId} />}
          <MobileMenu simulationId={simulationId} />
        </Group>
      ) : (
        <Group gap={4} wrap="nowrap">
          <AccessGrantSelector />
          {simulationId && <VmMenuButton simulationId={simulationId} />}
          {simulationId && <CopyIdButton id={simulationId} />}
          <Tooltip label="Virtual Machines">
            <ActionIcon component={Link} to="/machines" variant="subtle" color="gray" size="lg" aria-label="Virtual Machines" data-testid="menu-machines">
              <Icon name="server" />
            </ActionIcon>
          </Tooltip>
          <HelpMenu />
          <SettingsMenu />
        </Group>
      )}
    </Group>
  );
}
