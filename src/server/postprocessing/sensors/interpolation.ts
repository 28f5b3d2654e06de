// SPH interpolation of particle fields at arbitrary points, the way sensors sample results: the solver's
// Wendland C2 kernel with smoothing length h = SMOOTHING_RATIO Δx over the particles within its support
// 2h, Shepard-normalised, A(x) = Σ_j A_j V_j W(|x - x_j|) / Σ_j V_j W(|x - x_j|), so that a constant field
// is reproduced exactly also where the support is cut by a wall or the free surface.
import { SMOOTHING_RATIO, kernelConstants, wendlandW, type KernelConstants } from '../../../solver/kernel.ts';

/** Counting sort needs one slot per cell; grids sparser than this per particle are sorted by comparison. */
const MAX_CELLS_PER_PARTICLE = 8;

/** Particles near a set of query points, bucketed in cells of the kernel support for neighbour search. */
export class ParticleNeighbourhood {
  readonly kernel: KernelConstants;
  private readonly x: Float32Array;
  /** Indices of the kept particles (those near the queries), ordered by cell. */
  private readonly order: Uint32Array;
  private readonly cellKeys: Float64Array;
  private readonly min: [number, number, number];
  private readonly dims: [number, number, number];
  private readonly cellStart: Uint32Array | null;
  private readonly support: number;

  /**
   * `positions` xyz of all particles; `bounds` the box around every point that will be queried; only
   * particles within the support of it are kept.
   */
  constructor(positions: Float32Array, particleSpacing: number, bounds: { min: [number, number, number]; max: [number, number, number] }) {
    this.kernel = kernelConstants(SMOOTHING_RATIO * particleSpacing);
    this.support = this.kernel.support;
    this.x = positions;
    const s = this.support;
    this.min = [bounds.min[0] - s, bounds.min[1] - s, bounds.min[2] - s];
    const max = [bounds.max[0] + s, bounds.max[1] + s, bounds.max[2] + s];
    this.dims = [0, 1, 2].map((a) => Math.max(1, Math.floor((max[a] - this.min[a]) / s) + 1)) as [number, number, number];
    const n = positions.length / 3;
    const kept: number[] = [];
    const keys: number[] = [];
    for (let i = 0; i < n; i++) {
      const px = positions[3 * i], py = positions[3 * i + 1], pz = positions[3 * i + 2];
      if (px < this.min[0] || py < this.min[1] || pz < this.min[2] || px > max[0] || py > max[1] || pz > max[2]) continue;
      kept.push(i);
      keys.push(this.key(px, py, pz));
    }
    const cells = this.dims[0] * this.dims[1] * this.dims[2];
    if (cells <= MAX_CELLS_PER_PARTICLE * kept.length + 1024) {
      const start = new Uint32Array(cells + 1);
      for (const k of keys) start[k + 1] += 1;
      for (let c = 0; c < cells; c++) start[c + 1] += start[c];
      const fill = start.slice(0, cells);
      const order = new Uint32Array(kept.length);
      for (let j = 0; j < kept.length; j++) order[fill[keys[j]]++] = kept[j];
      this.order = order;
      this.cellStart = start;
      this.cellKeys = new Float64Array(0);
    } else {
      const byCell = kept.map((_, j) => j).sort((a, b) => keys[a] - keys[b]);
      this.order = Uint32Array.from(byCell, (j) => kept[j]);
      this.cellKeys = Float64Array.from(byCell, (j) => keys[j]);
      this.cellStart = null;
    }
  }

  private cellOf(value: number, axis: number): number {
    return Math.min(this.dims[axis] - 1, Math.max(0, Math.floor((value - this.min[axis]) / this.support)));
  }

  private key(x: number, y: number, z: number): number {
    return this.cellOf(x, 0) + this.dims[0] * (this.cellOf(y, 1) + this.dims[1] * this.cellOf(z, 2));
  }

  /** The slice of `order` holding cell `key`. */
  private range(key: number): [number, number] {
    if (this.cellStart) return [this.cellStart[key], this.cellStart[key + 1]];
    let lo = 0;
    let hi = this.cellKeys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.cellKeys[mid] < key) lo = mid + 1;
      else hi = mid;
    }
    let end = lo;
    while (end < this.cellKeys.length && this.cellKeys[end] === key) end++;
    return [lo, end];
  }

  /** Calls `visit(i, r)` for every particle i within the support of (x, y, z). */
  forEachNeighbour(x: number, y: number, z: number, visit: (i: number, r: number) => void): void {
    const s2 = this.kernel.support2;
    const cx = this.cellOf(x, 0), cy = this.cellOf(y, 1), cz = this.cellOf(z, 2);
    for (let k = Math.max(0, cz - 1); k <= Math.min(this.dims[2] - 1, cz + 1); k++) {
      for (let j = Math.max(0, cy - 1); j <= Math.min(this.dims[1] - 1, cy + 1); j++) {
        for (let i = Math.max(0, cx - 1); i <= Math.min(this.dims[0] - 1, cx + 1); i++) {
          const [from, to] = this.range(i + this.dims[0] * (j + this.dims[1] * k));
          for (let m = from; m < to; m++) {
            const p = this.order[m];
            const dx = x - this.x[3 * p], dy = y - this.x[3 * p + 1], dz = z - this.x[3 * p + 2];
            const r2 = dx * dx + dy * dy + dz * dz;
            if (r2 < s2) visit(p, Math.sqrt(r2));
          }
        }
      }
    }
  }
}

export interface SampledField {
  name: string;
  components: number;
  values: Float32Array | Uint32Array;
}

/**
 * Shepard-normalised SPH interpolation of `fields` at (x, y, z); `volumes` are the particles' V_j = m_j/ρ_j.
 * Returns null when no particle lies within the support, else the interpolated components per field.
 */
export function interpolateAt(
  hood: ParticleNeighbourhood,
  volumes: Float32Array,
  fields: readonly SampledField[],
  x: number,
  y: number,
  z: number,
): Float64Array[] | null {
  const sums = fields.map((f) => new Float64Array(f.components));
  let weight = 0;
  hood.forEachNeighbour(x, y, z, (i, r) => {
    const w = volumes[i] * wendlandW(r, hood.kernel);
    if (!(w > 0)) return;
    weight += w;
    fields.forEach((f, k) => {
      for (let c = 0; c < f.components; c++) sums[k][c] += w * f.values[f.components * i + c];
    });
  });
  if (!(weight > 0)) return null;
  for (const s of sums) for (let c = 0; c < s.length; c++) s[c] /= weight;
  return sums;
}
