// How the Setup screen names, colours, groups and creates parts: the tree's Solids and Fluids, unique
// default names, material colours, and the parts the Add-objects menu creates.
import type { Part } from '../../domain/part.ts';
import { createPart } from '../../domain/part.ts';
import type { SetupDocument } from '../../domain/setup.ts';
import type { ValidationProfile } from '../../domain/limits.ts';
import { defaultFillingComponent, defaultFlowComponent, defaultOpenBoundaryComponent, defaultRigidComponent } from '../../domain/component.ts';
import { cubeShape, stlFileShape, type FileReference, type ShapeInfo } from '../../domain/shape.ts';
import { uniqueName } from '../../domain/simulation.ts';
import { MATERIAL_COLOR_PALETTE } from '../../domain/constants.ts';
import type { Vec3 } from '../../domain/vector.ts';

/** The product validates setups with the default profile (spec 1 §5); the strict one is for audits. */
export const SETUP_VALIDATION_PROFILE: ValidationProfile = 'default';

export const SOLID_COLOR = '#8C9AA8';
export const INLET_OUTLET_COLOR = '#25C189';

export type PartCategory = 'solid' | 'fluid' | 'inletOutlet' | 'refinement';

export function partCategory(part: Pick<Part, 'component'>): PartCategory {
  switch (part.component.type) {
    case 'rigid':
      return 'solid';
    case 'filling':
    case 'flow':
      return 'fluid';
    case 'openboundary':
      return 'inletOutlet';
    case 'refinement':
      return 'refinement';
  }
}

export const PART_KIND_LABEL: Record<Part['component']['type'], string> = {
  rigid: 'Solid',
  flow: 'Fluid (filled volume)',
  filling: 'Fluid level',
  openboundary: 'Inlet / outlet',
  refinement: 'Refinement',
};

/** Colour of fluids of a material: the material palette in material order. */
export function materialColor(setup: Pick<SetupDocument, 'materials'>, materialId: number | null): string {
  const index = Math.max(0, setup.materials.findIndex((m) => m.id === materialId));
  return MATERIAL_COLOR_PALETTE[index % MATERIAL_COLOR_PALETTE.length];
}

export function newPartName(setup: Pick<SetupDocument, 'parts'>, base: string): string {
  return uniqueName(base, new Set(setup.parts.map((p) => p.name)));
}

function firstMaterialId(setup: Pick<SetupDocument, 'materials'>): number {
  return Math.min(...setup.materials.map((m) => m.id));
}

export function draftSolidCube(setup: SetupDocument): Part {
  return createPart({
    name: newPartName(setup, 'Cube'),
    component: defaultRigidComponent(),
    shape: cubeShape([1, 1, 1], [0, 0, 0.5]),
    color: SOLID_COLOR,
  });
}

export function draftFluidCube(setup: SetupDocument): Part {
  const materialId = firstMaterialId(setup);
  return createPart({
    name: newPartName(setup, 'Fluid'),
    component: defaultFlowComponent(),
    shape: cubeShape([0.5, 0.5, 0.5], [0, 0, 0.25]),
    materialId,
    color: materialColor(setup, materialId),
  });
}

/**
 * A fluid level fills its container from the seed point up to `height`: the part carries the
 * container's geometry so that the fill stops at its walls.
 */
export function draftFluidLevel(setup: SetupDocument, container: Part | undefined, bounds: { min: Vec3; max: Vec3 } | null): Part {
  const materialId = firstMaterialId(setup);
  const height = bounds ? Number((bounds.min[2] + (bounds.max[2] - bounds.min[2]) / 2).toPrecision(6)) : 0.5;
  const seed: Vec3 = bounds ? seedPointFor(bounds, height) : [0, 0, 0.25];
  return createPart({
    name: newPartName(setup, 'Fluid level'),
    component: defaultFillingComponent(height),
    shape: container ? structuredClone(container.shape) : cubeShape(),
    materialId,
    seedPoint: seed,
    color: materialColor(setup, materialId),
  });
}

/**
 * A solid from an uploaded STL, carrying the server's mesh-health warnings (or, when it sent none, what the
 * hole and non-manifold counts say).
 */
export function stlPart(
  setup: SetupDocument,
  input: { name: string; fileId: string; file: FileReference; info: ShapeInfo | null; warnings?: readonly string[] },
): Part {
  const shape = { ...stlFileShape(input.fileId, input.file), info: input.info };
  const part = createPart({ name: newPartName(setup, input.name), component: defaultRigidComponent(), shape, color: SOLID_COLOR });
  if (input.warnings && input.warnings.length > 0) {
    const warnings = input.warnings.map((message) => ({ errorCode: 'mesh_health', message }));
    return { ...part, hasWarnings: true, warnings };
  }
  const holes = input.info?.holes ?? 0;
  const nonManifold = input.info?.nonManifold ?? 0;
  const warnings = [
    ...(holes > 0 ? [{ errorCode: 'holes', message: `The mesh has ${holes} hole${holes === 1 ? '' : 's'}.` }] : []),
    ...(nonManifold > 0 ? [{ errorCode: 'non_manifold', message: `The mesh has ${nonManifold} non-manifold edge${nonManifold === 1 ? '' : 's'}.` }] : []),
  ];
  return { ...part, hasWarnings: warnings.length > 0, warnings };
}

/** Middle of the box, and a seed point low in it, below `height`. */
export function seedPointFor(bounds: { min: Vec3; max: Vec3 }, height: number | null): Vec3 {
  const top = height === null ? bounds.max[2] : Math.min(bounds.max[2], height);
  const round = (v: number) => Number(v.toPrecision(6));
  return [
    round((bounds.min[0] + bounds.max[0]) / 2),
    round((bounds.min[1] + bounds.max[1]) / 2),
    round(bounds.min[2] + (top - bounds.min[2]) / 2),
  ];
}

/**
 * An inlet or outlet from an uploaded surface: inflow at the default velocity until the Boundary
 * conditions tab says otherwise, in the first material. Open edges are what a surface has, so the hole
 * count of the mesh check is no warning here; a surface that is not planar is one (the solver refuses it).
 */
export function inletOutletPart(
  setup: SetupDocument,
  input: { name: string; fileId: string; file: FileReference; info: ShapeInfo | null },
): Part {
  const shape = { ...stlFileShape(input.fileId, input.file), info: input.info };
  const part = createPart({
    name: newPartName(setup, input.name),
    component: defaultOpenBoundaryComponent('inflow'),
    shape,
    materialId: firstMaterialId(setup),
    color: INLET_OUTLET_COLOR,
  });
  if (input.info && !input.info.isPlanar) {
    return { ...part, hasWarnings: true, warnings: [{ errorCode: 'not_planar', message: INLET_NOT_PLANAR }] };
  }
  return part;
}

export const INLET_NOT_PLANAR = 'The surface is not planar: an inlet or outlet must be a flat surface.';

/** The part an upload form adds for its target. */
export function uploadedPart(
  target: 'solid' | 'inletOutlet',
  setup: SetupDocument,
  input: { name: string; fileId: string; file: FileReference; info: ShapeInfo | null; warnings?: readonly string[] },
): Part {
  return target === 'solid' ? stlPart(setup, input) : inletOutletPart(setup, input);
}
