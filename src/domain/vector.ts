// Three-component vectors as used on the wire, by the solver and by the setup document: plain
// [x, y, z] tuples of finite numbers, plus the small amount of vector and angle arithmetic shared by all.
import { z } from 'zod';
import { MESSAGES } from './messages.ts';

/** Each component: 'This field requires a valid number.'; a missing vector: 'is required' (spec 1 §5). */
const componentSchema = z.number({ error: MESSAGES.vectorComponent });
export const vec3Schema = z.tuple([componentSchema, componentSchema, componentSchema], {
  error: (iss) => (iss.input === undefined || iss.input === null ? MESSAGES.required : MESSAGES.vectorComponent),
});
// The arithmetic and the Vec3 type, named here too: vec3.ts holds them without zod, for the engine.
export * from './vec3.ts';
