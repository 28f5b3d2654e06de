// Air drag domain (spec 1 §3 'Air drag domain'): a box of air velocity acting on the fluid, either a
// constant velocity, a table, or the flow field of another simulation's outputs on a voxel grid.
import { z } from 'zod';
import { numberSchema, nonNegativeIntSchema } from './number.ts';
import { vec3Schema, type Vec3 } from './vector.ts';
import { entityIdSchema, createEntityId } from './entity.ts';

export const airDragKinds = ['constant', 'table', 'simulation'] as const;
export const airDragKindSchema = z.enum(airDragKinds);
export type AirDragKind = z.infer<typeof airDragKindSchema>;

/**
 * `size` (m) is the edge lengths of the box centred at `center`; `cellSize` (m) the voxel edge of the
 * background grid. With kind 'simulation' the field comes from run `refSimulationRunId` of simulation
 * `refSimulationId`, one output (`outputSingle`) or a range (`outputStart`..`outputEnd`) per `outputRange`.
 */
export const airDragDomainSchema = z.object({
  id: entityIdSchema,
  kind: airDragKindSchema,
  center: vec3Schema,
  size: vec3Schema,
  cellSize: numberSchema,
  velocity: vec3Schema.nullable(),
  tableId: entityIdSchema.nullable(),
  refSimulationId: entityIdSchema.nullable(),
  refSimulationRunId: entityIdSchema.nullable(),
  outputRange: z.boolean(),
  outputSingle: nonNegativeIntSchema.nullable(),
  outputStart: nonNegativeIntSchema.nullable(),
  outputEnd: nonNegativeIntSchema.nullable(),
  visibility: z.boolean(),
  gridVisibility: z.boolean(),
  /** Whether the box follows the deletion boundary when that is resized. */
  resize: z.boolean(),
});
export type AirDragDomain = z.infer<typeof airDragDomainSchema>;

export function createAirDragDomain(center: Vec3 = [0, 0, 0], id: string = createEntityId()): AirDragDomain {
  return {
    id, kind: 'constant', center, size: [2, 2, 2], cellSize: 0.1, velocity: [0, 0, 0], tableId: null,
    refSimulationId: null, refSimulationRunId: null, outputRange: false, outputSingle: null, outputStart: null,
    outputEnd: null, visibility: true, gridVisibility: false, resize: false,
  };
}

/** Voxels of the background grid: product over axes of ceil(size / cellSize). */
export function airDragCellCount(domain: Pick<AirDragDomain, 'size' | 'cellSize'>): number {
  if (!(domain.cellSize > 0)) return Number.POSITIVE_INFINITY;
  return domain.size.reduce((n, s) => n * Math.max(1, Math.ceil(s / domain.cellSize - 1e-9)), 1);
}
