// Puts the field errors of a validation answer ({errors: [{path, message}]}) on the form's fields, so
// that 'Name is already used' shows under the name and not in a toast.
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiRequestError } from '../../domain/errors.ts';

/** Returns whether at least one error could be put on a field. */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields?: readonly Path<T>[],
): boolean {
  if (!(error instanceof ApiRequestError) || error.fieldErrors.length === 0) return false;
  let applied = false;
  for (const fieldError of error.fieldErrors) {
    const path = fieldError.path.replace(/^body\./, '') as Path<T>;
    if (fields && !fields.includes(path)) continue;
    setError(path, { type: 'server', message: fieldError.message }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}
