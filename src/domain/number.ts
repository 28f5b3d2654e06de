// Number schemas carrying the spec's messages, used for every numeric field so that forms, the API and
// the setup validation all say 'must be a valid number' for empty, NaN or infinite input.
import { z } from 'zod';
import { MESSAGES } from './messages.ts';

/** Any finite number. */
export const numberSchema = z.number({ error: (iss) => (iss.code === 'invalid_type' ? MESSAGES.validNumber : undefined) });

/** A finite whole number (safe integer range). */
export const intSchema = z.int({
  error: (iss) => {
    if (iss.code !== 'invalid_type') return undefined;
    return typeof iss.input === 'number' && Number.isFinite(iss.input) ? MESSAGES.wholeNumber : MESSAGES.validNumber;
  },
});

/** Counts, indices and output numbers. */
export const nonNegativeIntSchema = intSchema.min(0, { error: 'must be at least 0' });
