// Multiphase cases of the validation and the benchmark: two fluids layered at rest in a closed tank, and
// the Martin & Moyce dam break with the tank's air as a second fluid. Both are thin slabs between slip
// walls (2D-like), and the measures the validation prints: interface flatness, layered hydrostatic
// pressure and particles of one fluid inside the other.
import type { SetupDocument } from '../../domain/setup.ts';
import { createPart } from '../../domain/part.ts';
import { cubeShape } from '../../domain/shape.ts';
import { defaultFlowComponent } from '../../domain/component.ts';
import type { Material } from '../../domain/material.ts';
import { emptySetup } from '../../domain/setup.ts';
import { defaultRigidComponent } from '../../domain/component.ts';
import type { SimulationSettings } from '../../domain/settings.ts';
import type { EngineSnapshot } from '../engine.ts';
import { ParticleKind } from '../particles.ts';
import { COLUMN_WIDTH, martinMoyceSetup } from './martinMoyce.ts';

const G = 9.81;

/** What multiphase requires of the settings (spec 1 §4): no density limiter, static step, Riemann walls. */
export const MULTIPHASE_SETTINGS: Partial<SimulationSettings> = {
  multiphase: true, densityLimiter: false, dynamicTimeStep: false, noRiemannWall: false,
};

export interface FluidSpec {
  name: string;
  density: number;
  kinematicViscosity: number;
}

export const WATER: FluidSpec = { name: 'Water', density: 1000, kinematicViscosity: 1e-6 };
export const AIR: FluidSpec = { name: 'Air', density: 1.2, kinematicViscosity: 1.5e-5 };
/** A light oil, 0.6 of water's density. */
export const LIGHT_OIL: FluidSpec = { name: 'Light oil', density: 600, kinematicViscosity: 5e-6 };

function materialOf(base: Material, id: number, f: FluidSpec, c0: number): Material {
  return { ...base, id, name: f.name, density: f.density, kinematicViscosity: f.kinematicViscosity, speedOfSound: c0, gamma: 7 };
}

export interface LayeredTank {
  /** Width (x), slab thickness (y) and height (z) of the tank; the lower fluid is `lowerDepth` deep. */
  size: [number, number, number];
  lowerDepth: number;
  /** Depth of the upper fluid over the lower one; its free surface lies below the tank's top. */
  upperDepth: number;
  dx: number;
  lower: FluidSpec;
  upper: FluidSpec;
}

/**
 * An open tank with two fluids at rest: the heavy one below `lowerDepth`, the light one above it with a
 * free surface. Both start hydrostatic (the lower one under the upper one's weight). One sound speed c0
 * for both. The free surface pins the pressure level, as it does in a real tank.
 */
export function layeredTankSetup(t: LayeredTank, c0: number, settings?: Partial<SimulationSettings>): SetupDocument {
  const [w, d, hgt] = t.size;
  const s = emptySetup();
  s.settings = {
    ...s.settings, particleDiameter: t.dx, endTime: 1, outputTimeInterval: 0.1, gravity: [0, 0, -G],
    ...MULTIPHASE_SETTINGS, ...settings,
  };
  s.materials = [materialOf(s.materials[0], 0, t.lower, c0), materialOf(s.materials[0], 1, t.upper, c0)];
  const tank = cubeShape([w, d, hgt], [w / 2, d / 2, hgt / 2]);
  tank.flipNormals = true;
  const walls = defaultRigidComponent();
  walls.velocityKind = 'slip';
  const upperHeight = t.upperDepth;
  const lower = defaultFlowComponent();
  lower.initialPreset = 'hydrostatic';
  lower.initialPressure = t.upper.density * G * upperHeight;
  const upper = defaultFlowComponent();
  upper.initialPreset = 'hydrostatic';
  s.parts = [
    createPart({ id: 'tank', name: 'Tank', component: walls, shape: tank }),
    createPart({ id: 'lower', name: t.lower.name, component: lower, materialId: 0, shape: cubeShape([w, d, t.lowerDepth], [w / 2, d / 2, t.lowerDepth / 2]) }),
    createPart({ id: 'upper', name: t.upper.name, component: upper, materialId: 1, shape: cubeShape([w, d, upperHeight], [w / 2, d / 2, t.lowerDepth + upperHeight / 2]) }),
  ];
  return s;
}

/**
 * The Martin & Moyce column (martinMoyce.ts) with the rest of its tank full of air: water material 0,
 * air material 1, one sound speed for both.
 */
export function damBreakInAirSetup(across: number, settings?: Partial<SimulationSettings>): SetupDocument {
  const s = martinMoyceSetup(across, { ...MULTIPHASE_SETTINGS, ...settings });
  const a = COLUMN_WIDTH;
  const water = s.materials[0];
  s.materials = [water, materialOf(water, 1, AIR, water.speedOfSound)];
  const tank = s.parts.find((p) => p.id === 'tank');
  const column = s.parts.find((p) => p.id === 'column');
  if (tank === undefined || column === undefined || tank.shape.type !== 'stl_cube') throw new Error('unexpected dam break setup');
  const [tw, slab, th] = tank.shape.dimensions;
  const air = defaultFlowComponent();
  air.initialPreset = 'hydrostatic';
  // The air: above the column, and beside it over the whole height (the two boxes share no lattice point).
  s.parts.push(
    createPart({ id: 'air-above', name: 'Air above the column', component: air, materialId: 1, shape: cubeShape([a, slab, th - 2 * a], [a / 2, slab / 2, 2 * a + (th - 2 * a) / 2]) }),
    createPart({ id: 'air-beside', name: 'Air beside the column', component: structuredClone(air), materialId: 1, shape: cubeShape([tw - a, slab, th], [a + (tw - a) / 2, slab / 2, th / 2]) }),
  );
  // The column carries the air above it.
  if (column.component.type === 'flow') column.component.initialPressure = AIR.density * G * (th - 2 * a);
  return s;
}

/** Fluid particles of each phase (by material id of their part). */
export function particlesByMaterial(s: EngineSnapshot, bodyMaterial: readonly (number | null)[]): Map<number, number[]> {
  const out = new Map<number, number[]>();
  for (let i = 0; i < s.count; i++) {
    if (s.kind[i] !== ParticleKind.fluid) continue;
    const m = bodyMaterial[s.body[i]];
    if (m === null || m === undefined) continue;
    const list = out.get(m);
    if (list === undefined) out.set(m, [i]);
    else list.push(i);
  }
  return out;
}

export interface InterfaceMeasure {
  /** Mean interface height (m): halfway between the top lower particle and the bottom upper one, per column. */
  mean: number;
  /** Largest minus smallest column interface height (m). */
  spread: number;
  /** Lower-fluid particles more than `margin` above the initial interface, upper ones more than it below. */
  intruders: number;
}

/** The interface of a layered tank, over columns of width dx across x (the slab's y all in one column). */
export function measureInterface(s: EngineSnapshot, lower: readonly number[], upper: readonly number[], t: LayeredTank, margin: number): InterfaceMeasure {
  const columns = Math.round(t.size[0] / t.dx);
  const top = new Array<number>(columns).fill(-Infinity);
  const bottom = new Array<number>(columns).fill(Infinity);
  const col = (x: number) => Math.min(columns - 1, Math.max(0, Math.floor(x / t.dx)));
  let intruders = 0;
  for (const i of lower) {
    const c = col(s.x[i]);
    top[c] = Math.max(top[c], s.z[i]);
    if (s.z[i] > t.lowerDepth + margin) intruders++;
  }
  for (const i of upper) {
    const c = col(s.x[i]);
    bottom[c] = Math.min(bottom[c], s.z[i]);
    if (s.z[i] < t.lowerDepth - margin) intruders++;
  }
  const heights = top.map((z, c) => 0.5 * (z + bottom[c])).filter((z) => Number.isFinite(z));
  return {
    mean: heights.reduce((a, b) => a + b, 0) / heights.length,
    spread: Math.max(...heights) - Math.min(...heights),
    intruders,
  };
}
