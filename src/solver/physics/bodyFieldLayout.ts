// Layout of the per-body pose and velocity fields shared with the solver threads (filled by
// physics/motion.ts). Kept apart from motion.ts so that the threads' code does not load the domain's
// schemas.

/**
 * Per body, at one time: pose R (row by row), T; velocity field W, u (v = W x + u); acceleration field
 * A, b (a = A x + b). W and u include the surface velocities of the body's velocity conditions; A, b are
 * those of the geometry alone (a surface velocity does not move the wall).
 */
export const BODY_FIELDS = 36;
export const FIELD_R = 0;
export const FIELD_T = 9;
export const FIELD_W = 12;
export const FIELD_U = 21;
export const FIELD_A = 24;
export const FIELD_B = 33;
