// The left form panel: the form of what is selected, at the spec's size (large 400 px, small 300 px).
// Forms are keyed by what they edit so that switching objects starts a fresh form.
import { Box } from '@mantine/core';
import type { SetupDocument } from '../../domain/setup.ts';
import { AddCubeForm } from './forms/add/AddCubeForm.tsx';
import { AddFluidLevelForm } from './forms/add/AddFluidLevelForm.tsx';
import { UploadStlForm } from './forms/add/UploadStlForm.tsx';
import { UploadStepForm } from './forms/add/UploadStepForm.tsx';
import { CoordinateSystemForm } from './forms/CoordinateSystemForm.tsx';
import { DeletionBoundaryForm } from './forms/DeletionBoundaryForm.tsx';
import { MaterialForm } from './forms/MaterialForm.tsx';
import { MovementForm } from './forms/movement/MovementForm.tsx';
import { PartForm } from './forms/part/PartForm.tsx';
import { PhysicsForm } from './forms/PhysicsForm.tsx';
import { SettingsForm } from './forms/SettingsForm.tsx';
import { FORM_WIDTH_PX, formSize, type SetupSelection } from './setupSelection.ts';

interface Props {
  document: SetupDocument;
  selection: SetupSelection;
  onClose: () => void;
}

function FormFor({ document, selection, onClose }: Props) {
  switch (selection.form) {
    case 'part': {
      const part = document.parts.find((p) => p.id === selection.partId);
      return part ? <PartForm key={part.id} document={document} part={part} tab={selection.tab} onClose={onClose} /> : null;
    }
    case 'addPart':
      if (selection.kind === 'solidStl') return <UploadStlForm key="stl" document={document} onClose={onClose} />;
      if (selection.kind === 'solidStep') return <UploadStepForm key="step" document={document} onClose={onClose} />;
      if (selection.kind === 'fluidLevel') return <AddFluidLevelForm key="level" document={document} onClose={onClose} />;
      return <AddCubeForm key={selection.kind} kind={selection.kind} document={document} onClose={onClose} />;
    case 'material': {
      const material = document.materials.find((m) => m.id === selection.materialId);
      return material ? <MaterialForm key={material.id} document={document} material={material} onClose={onClose} /> : null;
    }
    case 'motion':
    case 'movingBoundaryCondition':
      return (
        <MovementForm
          key={`${selection.form}:${selection.partId ?? ''}:${selection.movementId ?? 'new'}:${selection.movementType ?? ''}`}
          document={document}
          selection={selection}
          onClose={onClose}
        />
      );
    case 'settings':
      return <SettingsForm document={document} onClose={onClose} />;
    case 'coordinateSystem':
      return <CoordinateSystemForm document={document} onClose={onClose} />;
    case 'physics':
      return <PhysicsForm document={document} onClose={onClose} />;
    case 'calcDomain':
      return <DeletionBoundaryForm document={document} onClose={onClose} />;
  }
}

export function FormPanel(props: Props) {
  const size = formSize(props.selection.form);
  const width = FORM_WIDTH_PX[size];
  return (
    <Box
      data-testid="setup-form-panel"
      data-size={size}
      style={{ width, flex: `0 0 ${width}px`, borderRight: '1px solid var(--mantine-color-gray-3)', background: 'white', minHeight: 0, display: 'flex', flexDirection: 'column' }}
    >
      <FormFor {...props} />
    </Box>
  );
}
