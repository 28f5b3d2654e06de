// The simulation settings as one form shared by the Settings, Physics and Deletion Boundary forms, each
// showing its own fields; validated with the domain's settings schema and its dependency rules.
import { useMemo } from 'react';
import type { SetupDocument } from '../../../domain/setup.ts';
import type { SimulationSettings } from '../../../domain/settings.ts';
import { settingsFormSchema } from '../../../domain/validation/forms.ts';
import { SETUP_VALIDATION_PROFILE } from '../setupParts.ts';
import { useSetupStore } from '../setupStore.ts';
import { useAutoApplyForm } from './useAutoApplyForm.ts';

export function useSettingsForm(document: SetupDocument) {
  const update = useSetupStore((s) => s.update);
  const materialCount = document.materials.length;
  const schema = useMemo(() => settingsFormSchema(SETUP_VALIDATION_PROFILE, { materialCount }), [materialCount]);
  return useAutoApplyForm<SimulationSettings>({
    schema,
    value: document.settings,
    apply: (settings) => update((doc) => ({ ...doc, settings })),
    documentPath: 'settings',
  });
}
