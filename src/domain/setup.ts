// The setup document: everything that defines one simulation case, as ONE JSON document. The server
// stores it, the solver runs it, and exports contain it. Bulk geometry is referenced by file id;
// generated shapes are parametric or inline.
import { z } from 'zod';
import { SETUP_SCHEMA_VERSION } from './setupDefaults.ts';
import { simulationSettingsSchema } from './settings.ts';
import { materialSchema, type Material } from './material.ts';
import { partSchema, type Part } from './part.ts';
import { movementSchema, type Movement } from './movement.ts';
import { refinementSchema } from './refinement.ts';
import { sensorSchema } from './sensor.ts';
import { volumeClipSchema } from './volumeClip.ts';
import { periodicBoundarySchema } from './periodicBoundary.ts';
import { airDragDomainSchema } from './airDrag.ts';
import { simulationConditionSchema } from './condition.ts';
import { dataTableSchema, type DataTable } from './dataTable.ts';

// The document's version, named here too: setupDefaults.ts holds it without zod.
export { SETUP_SCHEMA_VERSION } from './setupDefaults.ts';

function duplicates(values: readonly (string | number)[]): (string | number)[] {
  const seen = new Set<string | number>();
  const dup = new Set<string | number>();
  for (const v of values) (seen.has(v) ? dup : seen).add(v);
  return [...dup];
}

/**
 * Structural schema: types, enums and unique ids. Ranges and cross-references are checked by
 * `validateSetup` (validation/validateSetup.ts) so that a case being edited can hold values that are
 * still out of range while the Input Validation panel lists them.
 */
export const setupDocumentSchema = z
  .object({
    schemaVersion: z.literal(SETUP_SCHEMA_VERSION),
    settings: simulationSettingsSchema,
    materials: z.array(materialSchema).min(1),
    parts: z.array(partSchema),
    movements: z.array(movementSchema),
    refinements: z.array(refinementSchema),
    sensors: z.array(sensorSchema),
    volumeClips: z.array(volumeClipSchema),
    /** At most one; null when none was added. */
    periodicBoundary: periodicBoundarySchema.nullable(),
    /** Present once added; it acts only while `settings.airDrag` is on. */
    airDragDomain: airDragDomainSchema.nullable(),
    conditions: z.array(simulationConditionSchema),
    /** Tables referenced by id from materials, components and the air drag domain. */
    dataTables: z.array(dataTableSchema),
  })
  .superRefine((doc, ctx) => {
    const collections = [
      ['materials', doc.materials.map((m) => m.id)],
      ['parts', doc.parts.map((p) => p.id)],
      ['movements', doc.movements.map((m) => m.id)],
      ['refinements', doc.refinements.map((r) => r.id)],
      ['sensors', doc.sensors.map((s) => s.id)],
      ['volumeClips', doc.volumeClips.map((v) => v.id)],
      ['conditions', doc.conditions.map((c) => c.id)],
      ['dataTables', doc.dataTables.map((t) => t.id)],
    ] as const;
    for (const [key, ids] of collections) {
      for (const id of duplicates(ids)) {
        ctx.addIssue({ code: 'custom', path: [key], message: `duplicate id ${String(id)}` });
      }
    }
  });
export type SetupDocument = z.infer<typeof setupDocumentSchema>;

// Named here too: setupDefaults.ts holds them without zod, for the engine's cases and benchmarks.
export { emptySetup } from './setupDefaults.ts';

export class UnsupportedSetupVersionError extends Error {
  readonly version: unknown;
  constructor(version: unknown) {
    super(`Setup document version ${String(version)} is not supported (expected ${SETUP_SCHEMA_VERSION})`);
    this.name = 'UnsupportedSetupVersionError';
    this.version = version;
  }
}

/** Parses a stored or uploaded document; throws UnsupportedSetupVersionError or a ZodError. */
export function parseSetupDocument(raw: unknown): SetupDocument {
  if (typeof raw === 'object' && raw !== null && 'schemaVersion' in raw && raw.schemaVersion !== SETUP_SCHEMA_VERSION) {
    throw new UnsupportedSetupVersionError(raw.schemaVersion);
  }
  return setupDocumentSchema.parse(raw);
}

export function findMaterial(setup: Pick<SetupDocument, 'materials'>, id: number | null): Material | undefined {
  return id === null ? undefined : setup.materials.find((m) => m.id === id);
}

export function findPart(setup: Pick<SetupDocument, 'parts'>, id: string | null): Part | undefined {
  return id === null ? undefined : setup.parts.find((p) => p.id === id);
}

export function findMovement(setup: Pick<SetupDocument, 'movements'>, id: string | null): Movement | undefined {
  return id === null ? undefined : setup.movements.find((m) => m.id === id);
}

export function findDataTable(setup: Pick<SetupDocument, 'dataTables'>, id: string | null): DataTable | undefined {
  return id === null ? undefined : setup.dataTables.find((t) => t.id === id);
}

/** Movements attached to a part. */
export function movementsOfPart(setup: Pick<SetupDocument, 'movements'>, partId: string): Movement[] {
  return setup.movements.filter((m) => m.partId === partId);
}
