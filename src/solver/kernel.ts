// Wendland C2 smoothing kernel in 3D (support radius 2h) and the constants the physics derives from it.
// W(q) = αd (1 - q/2)^4 (2q + 1), q = r/h, αd = 21 / (16 π h³)  (Wendland 1995; Dehnen & Aly 2012).

/** Smoothing length over particle spacing: support 2h = 2.6 Δx, about 74 neighbours on a cubic lattice. */
export const SMOOTHING_RATIO = 1.3;

export interface KernelConstants {
  h: number;
  /** Support radius 2h and its square. */
  support: number;
  support2: number;
  /** Normalisation αd = 21 / (16 π h³). */
  alpha: number;
  /** Gradient factor: ∇_i W_ij = r_ij · gradFactor · (1 - q/2)³ with r_ij = r_i - r_j (negative). */
  gradFactor: number;
}

export function kernelConstants(h: number): KernelConstants {
  const alpha = 21 / (16 * Math.PI * h * h * h);
  return { h, support: 2 * h, support2: 4 * h * h, alpha, gradFactor: (-5 * alpha) / (h * h) };
}

export function wendlandW(r: number, k: KernelConstants): number {
  const q = r / k.h;
  if (q >= 2) return 0;
  const t = 1 - 0.5 * q;
  return k.alpha * t * t * t * t * (2 * q + 1);
}

/** dW/dr (≤ 0). */
export function wendlandDwDr(r: number, k: KernelConstants): number {
  const q = r / k.h;
  if (q >= 2) return 0;
  const t = 1 - 0.5 * q;
  return k.gradFactor * t * t * t * r;
}

/** F(r) with ∇_i W_ij = F · (r_i - r_j). */
export function wendlandGradFactor(r: number, k: KernelConstants): number {
  const q = r / k.h;
  if (q >= 2) return 0;
  const t = 1 - 0.5 * q;
  return k.gradFactor * t * t * t;
}
