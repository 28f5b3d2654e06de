// The dialogs of the projects page, opened through the dialog store: project and simulation forms, Move,
// Upload of a preprocessed setup, and the type-the-name deletions.
import { MESSAGES } from '../../domain/messages.ts';
import { deleteProject } from '../api/projectsApi.ts';
import { deleteSimulation } from '../api/simulationsApi.ts';
import { useApi } from '../app/services.ts';
import { TypeToConfirmModal } from '../ui/TypeToConfirmModal.tsx';
import { showSuccess } from '../ui/toast.ts';
import { useProjectsDialogs } from './dialogStore.ts';
import { MoveSimulationModal } from './MoveSimulationModal.tsx';
import { ProjectFormModal } from './ProjectFormModal.tsx';
import { useRevalidateProjects } from './projectsData.ts';
import { SimulationFormModal } from './SimulationFormModal.tsx';
import { UploadSetupModal } from './UploadSetupModal.tsx';

export function ProjectsDialogs() {
  const api = useApi();
  const dialog = useProjectsDialogs((state) => state.dialog);
  const close = useProjectsDialogs((state) => state.close);
  const revalidate = useRevalidateProjects();
  const saved = () => void revalidate();

  switch (dialog?.kind) {
    case 'newProject':
      return <ProjectFormModal opened onClose={close} onSaved={saved} />;
    case 'editProject':
      return <ProjectFormModal opened project={dialog.project} onClose={close} onSaved={saved} />;
    case 'newSimulation':
      return <SimulationFormModal opened mode="create" projectId={dialog.project.id} projectName={dialog.project.name} onClose={close} onSaved={saved} />;
    case 'renameSimulation':
      return <SimulationFormModal opened mode="rename" simulation={dialog.simulation} onClose={close} onSaved={saved} />;
    case 'uploadSetup':
      return <UploadSetupModal opened simulation={dialog.simulation} onClose={close} onUploaded={saved} />;
    case 'moveSimulation':
      return <MoveSimulationModal opened simulation={dialog.simulation} projectName={dialog.projectName} onClose={close} onMoved={saved} />;
    case 'deleteProject': {
      const { project } = dialog;
      const count = project.simulations.length;
      return (
        <TypeToConfirmModal
          opened
          title="Delete project"
          name={project.name}
          confirmLabel="Delete project"
          mismatchMessage={MESSAGES.enterNameToConfirm}
          testId="delete-project-modal"
          onClose={close}
          onConfirm={async () => {
            await deleteProject(api, project.id);
            showSuccess('Project deleted', project.name);
            await revalidate();
          }}
        >
          This deletes <b>{project.name}</b>
          {count > 0 ? ` and its ${count} simulation${count === 1 ? '' : 's'} with all their results` : ''}. This cannot be undone.
        </TypeToConfirmModal>
      );
    }
    case 'deleteSimulation': {
      const { simulation } = dialog;
      return (
        <TypeToConfirmModal
          opened
          title="Delete simulation"
          name={simulation.name}
          confirmLabel="Delete simulation"
          mismatchMessage={MESSAGES.enterNameToConfirm}
          testId="delete-simulation-modal"
          onClose={close}
          onConfirm={async () => {
            await deleteSimulation(api, simulation.id);
            showSuccess('Simulation deleted', simulation.name);
            await revalidate();
          }}
        >
          This deletes <b>{simulation.name}</b> with its setup and results. This cannot be undone.
        </TypeToConfirmModal>
      );
    }
    default:
      return null;
  }
}
