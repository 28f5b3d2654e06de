// The form of an add form: a new part validated with the domain's part schema, previewed in the
// viewport while it is valid, and added to the setup on submit.
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo } from 'react';
import { useForm, type DefaultValues, type Resolver } from 'react-hook-form';
import type { Part } from '../../../../domain/part.ts';
import type { SetupDocument } from '../../../../domain/setup.ts';
import { partFormSchema } from '../../../../domain/validation/forms.ts';
import { tableLookupOf } from '../../../../domain/validation/tables.ts';
import { SETUP_VALIDATION_PROFILE } from '../../setupParts.ts';
import { useSetupStore } from '../../setupStore.ts';

export function useDraftPartForm(document: SetupDocument, draft: Part) {
  const { settings, materials, movements, dataTables } = document;
  const schema = useMemo(
    () =>
      partFormSchema(SETUP_VALIDATION_PROFILE, {
        settings,
        materialIds: new Set(materials.map((m) => m.id)),
        movementIds: new Set(movements.map((m) => m.id)),
        tables: tableLookupOf(dataTables),
      }),
    [settings, materials, movements, dataTables],
  );
  const form = useForm<Part>({
    resolver: zodResolver(schema as never) as unknown as Resolver<Part>,
    mode: 'onChange',
    defaultValues: draft as DefaultValues<Part>,
  });
  const setDraft = useSetupStore((s) => s.setDraft);

  useEffect(() => {
    const show = () => {
      const values = structuredClone(form.getValues());
      setDraft(schema.safeParse(values).success ? values : null);
    };
    show();
    // The fill height and the seed point are checked together: typing in one shows the rule on the other.
    const subscription = form.watch(() => {
      show();
      void form.trigger();
    });
    return () => {
      subscription.unsubscribe();
      setDraft(null);
    };
  }, [form, schema, setDraft]);

  return form;
}
