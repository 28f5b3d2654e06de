// Tait equation of state of weakly-compressible SPH (Monaghan 1994; Batchelor 1967):
// p = B ((ρ/ρ0)^γ - 1), B = ρ0 c0² / γ, and its inverse used for boundary states.

export interface TaitConstants {
  rho0: number;
  gamma: number;
  c0: number;
  /** Stiffness B = ρ0 c0² / γ. */
  b: number;
}

export function taitConstants(rho0: number, gamma: number, c0: number): TaitConstants {
  return { rho0, gamma, c0, b: (rho0 * c0 * c0) / gamma };
}

export function taitPressure(rho: number, t: TaitConstants): number {
  return t.b * (Math.pow(rho / t.rho0, t.gamma) - 1);
}

/** Density of pressure p; pressures at or below -B (a vacuum in the Tait model) are held just above it. */
export function taitDensity(p: number, t: TaitConstants): number {
  const ratio = Math.max(1 + p / t.b, 1e-6);
  return t.rho0 * Math.pow(ratio, 1 / t.gamma);
}

/** Local speed of sound c = c0 (ρ/ρ0)^((γ-1)/2). */
export function taitSoundSpeed(rho: number, t: TaitConstants): number {
  return t.c0 * Math.pow(rho / t.rho0, 0.5 * (t.gamma - 1));
}
