// A react-hook-form form over a domain form schema that writes its values back as the user types, but
// only changes that add no new validation error: bad input shows its message and is never saved, while
// problems the case already had do not block unrelated edits.
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Resolver, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';

/** "path|message" of every issue the schema reports for `value`. */
export function issueKeys(schema: z.ZodType, value: unknown): Set<string> {
  const result = schema.safeParse(value);
  if (result.success) return new Set();
  return new Set(result.error.issues.map((i) => `${i.path.join('.')}|${i.message}`));
}

/** Whether `next` may be written: it changed, and every issue it has was already there before. */
export function mayApply(schema: z.ZodType, before: unknown, next: unknown): boolean {
  if (sameValue(before, next)) return false;
  const existing = issueKeys(schema, before);
  for (const key of issueKeys(schema, next)) if (!existing.has(key)) return false;
  return true;
}

/** JSON with object keys sorted, so that equal values compare equal whatever order their keys were set in. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

export function sameValue(a: unknown, b: unknown): boolean {
  return stableJson(a) === stableJson(b);
}

interface Options<T extends FieldValues> {
  schema: z.ZodType<T>;
  /** The values as the document holds them now. */
  value: T;
  apply: (next: T) => void;
}

export function useAutoApplyForm<T extends FieldValues>({ schema, value, apply }: Options<T>): UseFormReturn<T> {
  const form = useForm<T>({
    resolver: zodResolver(schema as never) as unknown as Resolver<T>,
    mode: 'onChange',
    defaultValues: value as DefaultValues<T>,
  });
  const applied = useRef<T>(value);
  const latest = useRef({ schema, apply });
  useEffect(() => {
    latest.current = { schema, apply };
  });

  // A change made elsewhere (another form, a dependency rule, the canvas) replaces what the form shows.
  useEffect(() => {
    if (sameValue(value, applied.current)) return;
    applied.current = value;
    form.reset(value);
    void form.trigger();
  }, [value, form]);

  // Existing problems show as soon as the form opens.
  useEffect(() => {
    void form.trigger();
  }, [form]);

  useEffect(() => {
    const subscription = form.watch(() => {
      const next = structuredClone(form.getValues());
      if (!mayApply(latest.current.schema, applied.current, next)) return;
      applied.current = next;
      latest.current.apply(next);
    });
    return () => subscription.unsubscribe();
  }, [form]);

  return form;
}
