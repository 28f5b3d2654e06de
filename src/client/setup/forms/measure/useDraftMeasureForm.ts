// The form of an Add Sensor or Add Volume Clip form: the new object validated with its domain form schema,
// previewed in the viewport while it is valid, and handed to the caller's submit.
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import type { RefObject } from 'react';
import { useSetupStore, type DraftMeasure } from '../../setupStore.ts';

/** Where a draft's form leaves its submit for the add form's footer. */
export type SubmitRef = RefObject<(() => void) | null>;

export function useDraftMeasureForm<T extends FieldValues>(schema: z.ZodType<T>, draft: T, asDraft: (value: T) => DraftMeasure) {
  const form = useForm<T>({
    resolver: zodResolver(schema as never) as unknown as Resolver<T>,
    mode: 'onChange',
    defaultValues: draft as DefaultValues<T>,
  });
  const setDraftMeasure = useSetupStore((s) => s.setDraftMeasure);
  useEffect(() => {
    const show = () => {
      const values = structuredClone(form.getValues());
      const parsed = schema.safeParse(values);
      setDraftMeasure(parsed.success ? asDraft(parsed.data) : null);
    };
    show();
    const subscription = form.watch(() => {
      show();
      void form.trigger();
    });
    return () => {
      subscription.unsubscribe();
      setDraftMeasure(null);
    };
    // The schema and the draft wrapper are fixed for the form's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [form, setDraftMeasure]);
  return form;
}
