// Name and description rules (spec 1 §5 'Names', spec 2 §5): trimmed, 1..100 characters, unique
// where the spec says so; descriptions up to 500 characters.
import { z } from 'zod';
import { DESCRIPTION_MAX_LENGTH, NAME_MAX_LENGTH, NAME_MIN_LENGTH } from '../constants.ts';
import { MESSAGES } from '../messages.ts';

/** Text the database can store: PostgreSQL text and jsonb cannot hold U+0000, and no name needs it. */
export function containsNul(text: string): boolean {
  return text.includes('\u0000');
}

/** A string without NUL characters; the base of every name and description. */
export const textSchema = z.string({ error: MESSAGES.required }).refine((text) => !containsNul(text), { error: MESSAGES.nulCharacter });

/** Null when valid; `existing` are the names already taken (the entity's own current name excluded). */
export function nameIssue(name: unknown, existing?: readonly string[], usedMessage: string = MESSAGES.nameUsed): string | null {
  if (typeof name !== 'string' || name.trim().length < NAME_MIN_LENGTH) return MESSAGES.required;
  const trimmed = name.trim();
  if (trimmed.length > NAME_MAX_LENGTH) return MESSAGES.nameTooLong;
  if (containsNul(trimmed)) return MESSAGES.nulCharacter;
  if (existing && existing.some((n) => n.trim() === trimmed)) return usedMessage;
  return null;
}

export function descriptionIssue(description: unknown): string | null {
  if (description === undefined || description === null) return null;
  if (typeof description !== 'string') return MESSAGES.required;
  if (containsNul(description)) return MESSAGES.nulCharacter;
  return description.trim().length > DESCRIPTION_MAX_LENGTH ? MESSAGES.descriptionTooLong : null;
}

/** Trimmed name of 1..100 characters. */
export const nameSchema = textSchema
  .trim()
  .min(NAME_MIN_LENGTH, { error: MESSAGES.required })
  .max(NAME_MAX_LENGTH, { error: MESSAGES.nameTooLong });

export const descriptionSchema = textSchema.trim().max(DESCRIPTION_MAX_LENGTH, { error: MESSAGES.descriptionTooLong });

/** Name that must also differ from every name in `existing` (compared after trimming). */
export function uniqueNameSchema(existing: readonly string[], usedMessage: string = MESSAGES.nameUsed) {
  const taken = new Set(existing.map((n) => n.trim()));
  return nameSchema.refine((n) => !taken.has(n), { error: usedMessage });
}

/** Dashboard views: required, max 100, unique ('View with entered name already exists'). */
export function viewNameSchema(existing: readonly string[]) {
  return uniqueNameSchema(existing, MESSAGES.viewNameExists);
}

/** Dashboard templates: required, max 100, unique ('Template with entered name already exists.'). */
export function templateNameSchema(existing: readonly string[]) {
  return uniqueNameSchema(existing, MESSAGES.templateNameExists);
}

export type RenameDecision = { kind: 'ignore' } | { kind: 'error'; message: string } | { kind: 'rename'; name: string };

/**
 * Inline rename of a simulation (spec 2 §5): an empty trimmed name is rejected with
 * 'Simulation name cannot be empty.', an unchanged name is ignored.
 */
export function simulationRename(input: string, currentName: string): RenameDecision {
  const name = input.trim();
  if (name.length === 0) return { kind: 'error', message: MESSAGES.simulationNameEmpty };
  if (name === currentName.trim()) return { kind: 'ignore' };
  if (name.length > NAME_MAX_LENGTH) return { kind: 'error', message: MESSAGES.nameTooLong };
  return { kind: 'rename', name };
}

/** Typed-name confirmation of destructive actions (delete simulation, project or user). */
export function confirmationMatches(typed: string, expected: string): boolean {
  return typed === expected;
}
