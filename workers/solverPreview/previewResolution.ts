// How coarse a Setup preview runs: the particle diameter that brings a case down to a particle budget the
// user's own GPU draws and advances at interactive speed, estimated from the counts of one discretization.

/** Particles a preview aims for at most (fluid, wall and buffer together). */
export const PREVIEW_MAX_PARTICLES = 100_000;

/** Lattice points in the bounding box of the geometry at the first, probing discretization. */
export const PROBE_LATTICE_POINTS = 1_000_000;

export interface CountsAtDiameter {
  /** The particle diameter (lattice spacing) the counts were taken at, in m. */
  diameterM: number;
  /** Particles that fill volumes: their number grows with 1/Δx³. */
  fluid: number;
  /** Particles in layers along surfaces (walls, open-boundary buffers): their number grows with 1/Δx². */
  surface: number;
}

/** Particles expected at `diameterM` from counts taken at another diameter. */
export function estimateParticles(counts: CountsAtDiameter, diameterM: number): number {
  const s = counts.diameterM / diameterM;
  return counts.fluid * s ** 3 + counts.surface * s ** 2;
}

/**
 * The particle diameter for a preview: the user's diameter when the case fits `maxParticles`, otherwise the
 * diameter raised until fluid (volume, cube-root factor) plus walls (surface layers, square-root factor)
 * are expected to fit. Never finer than the user's diameter.
 */
export function previewParticleDiameter(userDiameterM: number, counts: CountsAtDiameter, maxParticles = PREVIEW_MAX_PARTICLES): number {
  if (!(userDiameterM > 0) || !(counts.diameterM > 0)) throw new RangeError('particle diameters must be positive');
  if (!(maxParticles >= 1)) throw new RangeError('the particle budget must be at least one particle');
  if (counts.fluid + counts.surface === 0) return Math.max(userDiameterM, counts.diameterM);
  if (estimateParticles(counts, userDiameterM) <= maxParticles) return userDiameterM;
  // The estimate falls monotonically with the diameter: bisect between the user's diameter and one that
  // certainly fits (the cube-root factor of the whole count treated as volume, and its square-root twin).
  const total = counts.fluid + counts.surface;
  let lo = userDiameterM;
  let hi = counts.diameterM * Math.max(Math.cbrt(total / maxParticles), Math.sqrt(total / maxParticles), 1) * 1.01;
  while (estimateParticles(counts, hi) > maxParticles) hi *= 2;
  for (let i = 0; i < 60 && hi - lo > 1e-9 * hi; i++) {
    const mid = (lo + hi) / 2;
    if (estimateParticles(counts, mid) > maxParticles) lo = mid;
    else hi = mid;
  }
  return hi;
}

/**
 * Diameter of the first discretization: the user's, unless the geometry's bounding box would then hold
 * more than `latticePoints` lattice points, so that a case of millions of particles is never discretized
 * in full in the browser just to be coarsened.
 */
export function probeParticleDiameter(userDiameterM: number, boundsSizeM: readonly [number, number, number], latticePoints = PROBE_LATTICE_POINTS): number {
  const volume = boundsSizeM.reduce((v, side) => v * Math.max(side, userDiameterM), 1);
  return Math.max(userDiameterM, Math.cbrt(volume / latticePoints));
}
