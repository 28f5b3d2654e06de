// Impact cases of the wall and stability checks, built from the domain's constructors so that every one
// is a valid SetupDocument: water from a dam break hitting a column standing on the floor (the geometry
// of DualSPHysics' example 01_DamBreak), a box obstacle, a thin plate, and a concave corner.
import type { SetupDocument } from '../../domain/setup.ts';
import { createPart, cubeShape, defaultFlowComponent, defaultRigidComponent, emptySetup } from '../../domain/setupDefaults.ts';
import type { SimulationSettings } from '../../domain/settings.ts';
import type { Vec3 } from '../../domain/vector.ts';

/** An axis-aligned box by its lower corner and size (m). */
export interface Box {
  min: Vec3;
  size: Vec3;
}

export interface ImpactCase {
  setup: SetupDocument;
  /** Interior of the tank: fluid must stay inside. */
  tank: Box;
  /** Solid obstacles: fluid must stay outside. */
  solids: Box[];
  /** Initial water column: height H of √(2 g H). */
  water: Box;
}

function boxCenter(b: Box): Vec3 {
  return [b.min[0] + b.size[0] / 2, b.min[1] + b.size[1] / 2, b.min[2] + b.size[2] / 2];
}

export interface ImpactCaseOptions {
  dx: number;
  tank: Box;
  water: Box;
  solids: Box[];
  settings?: Partial<SimulationSettings>;
  speedOfSound?: number;
}

/** A closed tank (container), a block of water at rest (hydrostatic) and solid boxes standing in it. */
export function impactCase(o: ImpactCaseOptions): ImpactCase {
  const s = emptySetup();
  s.settings = { ...s.settings, particleDiameter: o.dx, endTime: 0.5, outputTimeInterval: 0.05, gravity: [0, 0, -9.81], ...o.settings };
  s.materials[0] = {
    ...s.materials[0], name: 'Water', density: 1000, gamma: 7, speedOfSound: o.speedOfSound ?? 33.68, kinematicViscosity: 1e-6,
  };
  const tankShape = cubeShape(o.tank.size, boxCenter(o.tank));
  tankShape.flipNormals = true;
  const water = defaultFlowComponent();
  water.initialPreset = 'hydrostatic';
  s.parts = [
    createPart({ id: 'tank', name: 'Tank', component: defaultRigidComponent(), shape: tankShape }),
    ...o.solids.map((b, k) => createPart({
      id: `solid-${k}`, name: `Obstacle ${k + 1}`, component: defaultRigidComponent(), shape: cubeShape(b.size, boxCenter(b)),
    })),
    createPart({ id: 'water', name: 'Water', component: water, materialId: 0, shape: cubeShape(o.water.size, boxCenter(o.water)) }),
  ];
  return { setup: s, tank: o.tank, solids: o.solids, water: o.water };
}

/**
 * DualSPHysics' 01_DamBreak: tank 1.6 × 0.67 × 0.4 m, water 0.4 × 0.67 × 0.3 m in its corner, a column
 * 0.12 × 0.12 × 0.45 m standing on the floor at (0.9, 0.24, 0); ρ0 1000, γ 7, c0 33.68 m/s.
 */
export function columnImpactCase(dx: number, settings?: Partial<SimulationSettings>): ImpactCase {
  return impactCase({
    dx, settings,
    tank: { min: [0, 0, 0], size: [1.6, 0.67, 0.4] },
    water: { min: [0, 0, 0], size: [0.4, 0.67, 0.3] },
    solids: [{ min: [0.9, 0.24, 0], size: [0.12, 0.12, 0.45] }],
  });
}

/** A low box obstacle on the floor of a narrow tank, hit by a dam break. */
export function boxObstacleCase(dx: number, settings?: Partial<SimulationSettings>): ImpactCase {
  return impactCase({
    dx, settings,
    tank: { min: [0, 0, 0], size: [0.8, 0.16, 0.3] },
    water: { min: [0, 0, 0], size: [0.2, 0.16, 0.2] },
    solids: [{ min: [0.45, 0.04, 0], size: [0.08, 0.08, 0.06] }],
  });
}

/** A thin vertical plate (one particle diameter thick) across the path of a dam break, with a gap below. */
export function thinPlateCase(dx: number, settings?: Partial<SimulationSettings>): ImpactCase {
  return impactCase({
    dx, settings,
    tank: { min: [0, 0, 0], size: [0.6, 0.1, 0.3] },
    water: { min: [0, 0, 0], size: [0.15, 0.1, 0.2] },
    solids: [{ min: [0.35, 0, 0.04], size: [dx, 0.1, 0.2] }],
  });
}

/**
 * Fluid flowing into a concave corner: a dam break runs along the floor into the corner formed by the
 * tank's end wall and a shelf that stands out from it at mid-height.
 */
export function concaveCornerCase(dx: number, settings?: Partial<SimulationSettings>): ImpactCase {
  return impactCase({
    dx, settings,
    tank: { min: [0, 0, 0], size: [0.5, 0.1, 0.3] },
    water: { min: [0, 0, 0], size: [0.15, 0.1, 0.2] },
    solids: [{ min: [0.4, 0, 0.08], size: [0.1, 0.1, 0.04] }],
  });
}
