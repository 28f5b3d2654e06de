// The Actions menu of a simulation row: Rename, Download (once started), Move, Upload (organisations with
// upload_preprocessing), Clone, Delete. Changing actions show only to users who may change the project.
import { ActionIcon, Menu } from '@mantine/core';
import { useNavigate } from 'react-router';
import { FEATURES } from '../../domain/organization.ts';
import type { SimulationSummary } from '../../domain/simulation.ts';
import { downloadAvailable } from '../../domain/simulationState.ts';
import { errorMessage } from '../api/ApiClient.ts';
import { cloneSimulation } from '../api/simulationsApi.ts';
import { useApi } from '../app/services.ts';
import { simulationPath } from '../simulation/modes.ts';
import { useSidebarStore } from '../simulation/sidebarStore.ts';
import { useSession } from '../session/session.ts';
import { Icon } from '../ui/Icon.tsx';
import { showError, showSuccess } from '../ui/toast.ts';
import { useProjectsDialogs } from './dialogStore.ts';
import { useRevalidateProjects } from './projectsData.ts';

interface SimulationActionsMenuProps {
  simulation: SimulationSummary;
  projectName: string;
  canEdit: boolean;
}

export function SimulationActionsMenu({ simulation, projectName, canEdit }: SimulationActionsMenuProps) {
  const api = useApi();
  const navigate = useNavigate();
  const openDialog = useProjectsDialogs((state) => state.open);
  const showPanel = useSidebarStore((state) => state.show);
  const revalidate = useRevalidateProjects();
  const { hasFeature } = useSession();
  const canUpload = canEdit && hasFeature(FEATURES.UPLOAD_PREPROCESSING);
  // Downloads live in the Download panel of the simulation; it needs a started simulation.
  const downloadBlocked = !downloadAvailable(simulation.state) ? 'Start the simulation first' : null;

  const clone = async () => {
    try {
      const copy = await cloneSimulation(api, simulation.id);
      showSuccess('Simulation cloned', copy.name);
      await revalidate();
    } catch (error) {
      showError('Cloning the simulation failed', errorMessage(error));
    }
  };

  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={190}>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`Actions for ${simulation.name}`}
          data-testid="simulation-actions"
          onClick={(event) => event.stopPropagation()}
        >
          <Icon name="dots" />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown onClick={(event) => event.stopPropagation()} data-testid="simulation-actions-dropdown">
        {canEdit && (
          <Menu.Item leftSection={<Icon name="pencil" size={16} />} onClick={() => openDialog({ kind: 'renameSimulation', simulation })} data-testid="action-rename">
            Rename
          </Menu.Item>
        )}
        <Menu.Item
          leftSection={<Icon name="download" size={16} />}
          disabled={downloadBlocked !== null}
          title={downloadBlocked ?? undefined}
          onClick={() => {
            showPanel('download');
            void navigate(simulationPath(simulation.id, 'monitor'));
          }}
          data-testid="action-download"
        >
          Download
        </Menu.Item>
        {canEdit && (
          <>
            <Menu.Item
              leftSection={<Icon name="move" size={16} />}
              onClick={() => openDialog({ kind: 'moveSimulation', simulation, projectName })}
              data-testid="action-move"
            >
              Move
            </Menu.Item>
            {canUpload && (
              <Menu.Item
                leftSection={<Icon name="upload" size={16} />}
                disabled={simulation.state !== 'not_started'}
                title={simulation.state !== 'not_started' ? 'Only a simulation that has not been started takes an uploaded setup' : undefined}
                onClick={() => openDialog({ kind: 'uploadSetup', simulation })}
                data-testid="action-upload"
              >
                Upload
              </Menu.Item>
            )}
            <Menu.Item leftSection={<Icon name="clone" size={16} />} onClick={() => void clone()} data-testid="action-clone">
              Clone
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item
              color="red"
              leftSection={<Icon name="trash" size={16} />}
              onClick={() => openDialog({ kind: 'deleteSimulation', simulation })}
              data-testid="action-delete"
            >
              Delete
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
