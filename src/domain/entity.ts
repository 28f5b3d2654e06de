// Identifier and timestamp schemas shared by every entity of the setup document and the API.
import { z } from 'zod';

/** Opaque string identifier (UUIDs in practice); bounded so that ids cannot be abused as payload. */
export const entityIdSchema = z.string().min(1).max(64);
export type EntityId = z.infer<typeof entityIdSchema>;

/** ISO-8601 timestamp with offset, as written by the server. */
export const timestampSchema = z.iso.datetime({ offset: true });

// Named here too: entityId.ts holds it without zod.
export { createEntityId } from './entityId.ts';
