// Tessellation (meshing) parameters of STEP parts (spec 1 §3, spec 2 §5): the angle is stored in
// radians on the wire and edited in degrees; the form schema works in degrees.
import { z } from 'zod';
import { numberSchema } from './number.ts';
import { degToRad, radToDeg } from './vector.ts';
import { limitsFor } from './limits.ts';
import { checkRange } from './validation/issues.ts';
import { MESSAGES } from './messages.ts';

/** Wire format: `angularDeflection` in radians. */
export const meshingParametersSchema = z.object({
  linearDeflectionFactor: numberSchema,
  angularDeflection: numberSchema,
  useDelabellaAlgorithm: z.boolean(),
});
export type MeshingParameters = z.infer<typeof meshingParametersSchema>;

export const DEFAULT_LINEAR_DEFLECTION_FACTOR = 1;
export const DEFAULT_ANGULAR_DEFLECTION_DEG = 15;

/** What Reset restores: factor 1, 15°, Delabella off. */
export function defaultMeshingParameters(): MeshingParameters {
  return {
    linearDeflectionFactor: DEFAULT_LINEAR_DEFLECTION_FACTOR,
    angularDeflection: degToRad(DEFAULT_ANGULAR_DEFLECTION_DEG),
    useDelabellaAlgorithm: false,
  };
}

/** The form's values: 'Max Deviation Factor' and 'Max Angle between Triangles' in degrees. */
export interface MeshingForm {
  linearDeflectionFactor: number;
  angularDeflectionDeg: number;
  useDelabellaAlgorithm: boolean;
}

export function meshingParametersToForm(p: MeshingParameters): MeshingForm {
  return {
    linearDeflectionFactor: p.linearDeflectionFactor,
    // Rounded so that 15° survives a round trip through radians exactly.
    angularDeflectionDeg: Math.round(radToDeg(p.angularDeflection) * 1e9) / 1e9,
    useDelabellaAlgorithm: p.useDelabellaAlgorithm,
  };
}

export function meshingFormToParameters(f: MeshingForm): MeshingParameters {
  return {
    linearDeflectionFactor: f.linearDeflectionFactor,
    angularDeflection: degToRad(f.angularDeflectionDeg),
    useDelabellaAlgorithm: f.useDelabellaAlgorithm,
  };
}

const L = limitsFor('default');

/** Factor 0.1..10; angle 1..90 degrees in steps of 1. */
export const meshingFormSchema = z
  .object({ linearDeflectionFactor: numberSchema, angularDeflectionDeg: numberSchema, useDelabellaAlgorithm: z.boolean() })
  .superRefine((f, ctx) => {
    const factor = checkRange(f.linearDeflectionFactor, L.linearDeflectionFactor);
    if (factor) ctx.addIssue({ code: 'custom', path: ['linearDeflectionFactor'], message: factor });
    const angle = checkRange(f.angularDeflectionDeg, L.angularDeflectionDeg);
    if (angle) ctx.addIssue({ code: 'custom', path: ['angularDeflectionDeg'], message: angle });
  });

/** Multi-selected parts with differing values show a combined (mixed) value. */
export function combinedMeshingValue<K extends keyof MeshingParameters>(
  params: readonly MeshingParameters[], key: K,
): MeshingParameters[K] | 'mixed' | null {
  if (params.length === 0) return null;
  const first = params[0][key];
  return params.every((p) => p[key] === first) ? first : 'mixed';
}

/** Wire-format parameters within the spec's ranges (the angle is checked in degrees, as the form shows it),
 * for every write the server accepts. */
export const checkedMeshingParametersSchema = meshingParametersSchema.superRefine((p, ctx) => {
  const factor = checkRange(p.linearDeflectionFactor, L.linearDeflectionFactor);
  if (factor) ctx.addIssue({ code: 'custom', path: ['linearDeflectionFactor'], message: factor });
  const angle = checkRange(meshingParametersToForm(p).angularDeflectionDeg, L.angularDeflectionDeg);
  if (angle) ctx.addIssue({ code: 'custom', path: ['angularDeflection'], message: angle === MESSAGES.validNumber ? angle : `${angle} degrees (sent in radians)` });
});

/** Whether two parameter sets mesh alike. */
export function sameMeshingParameters(a: MeshingParameters, b: MeshingParameters): boolean {
  return a.linearDeflectionFactor === b.linearDeflectionFactor && a.angularDeflection === b.angularDeflection && a.useDelabellaAlgorithm === b.useDelabellaAlgorithm;
}
