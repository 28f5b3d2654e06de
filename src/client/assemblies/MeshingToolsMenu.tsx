// The meshing tools menu of Setup and Results (spec 2 §2): Open CAD opens the assembly import modal on the
// simulation's assemblies; on Setup it also switches Mesh Check Mode.
import { Button, Menu } from '@mantine/core';
import { Icon } from '../ui/Icon.tsx';
import { useAssemblyImportStore } from './assemblyImportStore.ts';

interface Props {
  meshCheck?: { active: boolean; toggle: () => void };
}

export function MeshingToolsMenu({ meshCheck }: Props) {
  const open = useAssemblyImportStore((s) => s.open);
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <Button size="compact-xs" variant="light" color="gray" rightSection={<Icon name="chevronDown" size={12} />} data-testid="meshing-tools">
          Meshing tools
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<Icon name="upload" size={14} />} onClick={open} data-testid="open-cad">
          Open CAD
        </Menu.Item>
        {meshCheck && (
          <Menu.Item leftSection={<Icon name={meshCheck.active ? 'check' : 'search'} size={14} />} onClick={meshCheck.toggle} data-testid="meshing-tools-mesh-check">
            Mesh Check Mode
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
