// The simulation settings as one form shared by the Settings, Physics, Coordinate system and Deletion
// Boundary forms, each showing its own fields; validated with the domain's settings schema and its
// dependency rules, and the end time against the movements' starts.
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
  // The end time must stay after every movement's start; the key keeps the schema while starts are unchanged.
  const startsKey = document.movements.map((m) => m.start).join(',');
  const schema = useMemo(
    () => settingsFormSchema(SETUP_VALIDATION_PROFILE, { materialCount, movementStarts: startsKey === '' ? [] : startsKey.split(',').map(Number) }),
    [materialCount, startsKey],
  );
  return useAutoApplyForm<SimulationSettings>({
    schema,
    value: document.settings,
    apply: (settings) => update((doc) => ({ ...doc, settings })),
    documentPath: 'settings',
  });
}
