// Volume clips on the GPU: up to MAX_VOLUME_CUTS closed shapes (box, cylinder, sphere), each a matrix
// that takes world coordinates into its unit shape, that hide the particles outside them (inside when
// inverted). Every particle layer carries a bit mask of the cuts that apply to it (a clip may apply to
// one fluid only), so the test is a few uniform reads per particle in the vertex stage, never a pass on
// the CPU. Several cuts intersect: a particle stays only where every cut that applies keeps it.
import { Matrix4 } from 'three/webgpu';
import { abs, dot, float, max, select, uint, uniform, vec4 } from 'three/tsl';
import type { FloatNode, UintNode, Vec3Node } from './nodeTypes.ts';

/** Cuts the shaders test at most; further clips are reported and not drawn (see Viewer.setVolumeCuts). */
export const MAX_VOLUME_CUTS = 8;

/** Shape codes as the shaders read them; 0 marks an empty slot. */
export const VOLUME_CUT_SHAPE = { box: 1, cylinder: 2, sphere: 3 } as const;
export type VolumeCutShape = keyof typeof VOLUME_CUT_SHAPE;

/**
 * One cut: `worldToUnit` (16 numbers, row-major) maps world coordinates (m) into the unit shape, that is
 * the box |x|, |y|, |z| <= 1/2, the cylinder x² + y² <= 1 with |z| <= 1/2, or the ball |p| <= 1.
 */
export interface VolumeCut {
  id: string;
  shape: VolumeCutShape;
  worldToUnit: readonly number[];
  inverted: boolean;
  /** The fluid (material id) it applies to; null: every fluid. Other objects are never cut. */
  materialId: number | null;
}

class CutSlot {
  readonly worldToUnit = uniform(new Matrix4());
  readonly shape = uniform(0);
  readonly inverted = uniform(0);
}

export class VolumeCutUniforms {
  readonly slots: readonly CutSlot[] = Array.from({ length: MAX_VOLUME_CUTS }, () => new CutSlot());

  /** Writes the cuts into the slots (uniform writes only) and empties the others. */
  set(cuts: readonly VolumeCut[]): void {
    this.slots.forEach((slot, i) => {
      const cut = cuts[i];
      slot.shape.value = cut ? VOLUME_CUT_SHAPE[cut.shape] : 0;
      slot.inverted.value = cut?.inverted ? 1 : 0;
      if (cut) slot.worldToUnit.value.set(...(cut.worldToUnit.slice(0, 16) as Parameters<Matrix4['set']>));
      else slot.worldToUnit.value.identity();
    });
  }
}

/** Bit mask of the cuts (by slot) that apply to an object of this kind and material. */
export function volumeCutMask(cuts: readonly VolumeCut[], fluid: boolean, materialId: number | null): number {
  if (!fluid) return 0;
  let mask = 0;
  cuts.slice(0, MAX_VOLUME_CUTS).forEach((cut, i) => {
    if (cut.materialId === null || cut.materialId === materialId) mask |= 1 << i;
  });
  return mask;
}

/** Whether a world point is inside a cut's shape (the CPU twin of the shader test, for picking). */
export function insideVolumeCut(cut: VolumeCut, x: number, y: number, z: number): boolean {
  const m = cut.worldToUnit;
  const ux = m[0] * x + m[1] * y + m[2] * z + m[3];
  const uy = m[4] * x + m[5] * y + m[6] * z + m[7];
  const uz = m[8] * x + m[9] * y + m[10] * z + m[11];
  if (cut.shape === 'box') return Math.max(Math.abs(ux), Math.abs(uy), Math.abs(uz)) <= 0.5;
  if (cut.shape === 'cylinder') return ux * ux + uy * uy <= 1 && Math.abs(uz) <= 0.5;
  return ux * ux + uy * uy + uz * uz <= 1;
}

/** Whether the cuts in `mask` remove a world point (CPU twin of isVolumeCutNode). */
export function removedByVolumeCuts(cuts: readonly VolumeCut[], mask: number, x: number, y: number, z: number): boolean {
  for (let i = 0; i < Math.min(cuts.length, MAX_VOLUME_CUTS); i++) {
    if (!(mask & (1 << i))) continue;
    if (insideVolumeCut(cuts[i], x, y, z) === cuts[i].inverted) return true;
  }
  return false;
}

/** 1 where one of the cuts in the layer's `mask` removes the world point, else 0. */
export function isVolumeCutNode(world: Vec3Node, cuts: VolumeCutUniforms, mask: UintNode): FloatNode {
  let removed = float(0) as unknown as FloatNode;
  cuts.slots.forEach((slot, i) => {
    const applies = mask.shiftRight(uint(i)).bitAnd(uint(1)).equal(uint(1)).and(slot.shape.greaterThan(0.5));
    const p = slot.worldToUnit.mul(vec4(world, 1)).xyz;
    const inBox = max(abs(p.x), max(abs(p.y), abs(p.z))).lessThanEqual(0.5);
    const inCylinder = dot(p.xy, p.xy).lessThanEqual(1).and(abs(p.z).lessThanEqual(0.5));
    const inBall = dot(p, p).lessThanEqual(1);
    const inside = select(slot.shape.lessThan(1.5), inBox, select(slot.shape.lessThan(2.5), inCylinder, inBall));
    const insideF = select(inside, float(1), float(0));
    // Kept inside, or outside when inverted: removed = |inside + inverted - 1|.
    const cut = abs(insideF.add(slot.inverted).sub(1));
    removed = max(removed, select(applies, cut, float(0))) as unknown as FloatNode;
  });
  return removed;
}
