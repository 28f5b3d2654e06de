// A react-hook-form form over a domain form schema that writes its values back as the user types, but
// only changes that add no new validation error: bad input shows its message and is never saved, while
// problems the case already had do not block unrelated edits. A value held back is reported to the Setup
// store, so that the save indicator does not say saved while the field shows it; the server's messages for
// the form's part of the document show next to their fields.
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef } from 'react';
import { useForm, type DefaultValues, type FieldPath, type FieldValues, type Resolver, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { serverErrorsUnder, useSetupStore } from '../setupStore.ts';

/** "path|message" of every issue the schema reports for `value`. */
export function issueKeys(schema: z.ZodType, value: unknown): Set<string> {
  const result = schema.safeParse(value);
  if (result.success) return new Set();
  return new Set(result.error.issues.map((i) => `${i.path.join('.')}|${i.message}`));
}

/** Whether `next` may be written: it changed, and every issue it has was already there before. */
export function mayApply(schema: z.ZodType, before: unknown, next: unknown): boolean {
  return applyDecision(schema, before, next).kind === 'apply';
}

export type ApplyDecision = { kind: 'unchanged' } | { kind: 'apply' } | { kind: 'refuse'; message: string };

/** What to do with `next`: nothing (same as written), write it, or hold it back with the first new issue's message. */
export function applyDecision(schema: z.ZodType, before: unknown, next: unknown): ApplyDecision {
  if (sameValue(before, next)) return { kind: 'unchanged' };
  const existing = issueKeys(schema, before);
  for (const key of issueKeys(schema, next)) {
    if (!existing.has(key)) return { kind: 'refuse', message: key.slice(key.indexOf('|') + 1) };
  }
  return { kind: 'apply' };
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
  /** Where the values live in the setup document (`settings`, `materials.0`), for the server's field messages. */
  documentPath?: string;
}

export function useAutoApplyForm<T extends FieldValues>({ schema, value, apply, documentPath }: Options<T>): UseFormReturn<T> {
  const refusalKey = useId();
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
    useSetupStore.getState().setRefused(refusalKey, null);
    void form.trigger();
  }, [value, form, refusalKey]);

  // Existing problems show as soon as the form opens.
  useEffect(() => {
    void form.trigger();
  }, [form]);

  useEffect(() => {
    const { setRefused } = useSetupStore.getState();
    const subscription = form.watch(() => {
      const next = structuredClone(form.getValues());
      const decision = applyDecision(latest.current.schema, applied.current, next);
      // A rule across fields (a deletion boundary's minimum below its maximum) may put its message on a
      // field other than the one typed in; validating the whole form shows it there, and clears it again.
      if (decision.kind !== 'unchanged' || Object.keys(form.formState.errors).length > 0) void form.trigger();
      if (decision.kind === 'refuse') {
        setRefused(refusalKey, decision.message);
        return;
      }
      setRefused(refusalKey, null);
      if (decision.kind === 'unchanged') return;
      applied.current = next;
      latest.current.apply(next);
    });
    return () => {
      subscription.unsubscribe();
      // A closed form shows nothing any more, so nothing it held back is on screen.
      setRefused(refusalKey, null);
    };
  }, [form, refusalKey]);

  // A save the server refused: its messages for this form's fields show next to them.
  const serverFieldErrors = useSetupStore((s) => s.serverFieldErrors);
  useEffect(() => {
    if (documentPath === undefined) return;
    const messages = Object.entries(serverErrorsUnder(serverFieldErrors, documentPath));
    if (messages.length === 0) return;
    // After the form's own validation, which would otherwise replace them when the form has just opened.
    void form.trigger().then(() => {
      for (const [path, message] of messages) form.setError(path as FieldPath<T>, { type: 'server', message });
    });
  }, [serverFieldErrors, documentPath, form]);

  return form;
}
