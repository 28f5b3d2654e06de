// Shared declarations of the SPH compute kernels: run parameters (uniform), per-dispatch arguments,
// the slots of the global atomics buffer and small helpers. Prepended to every kernel file.
//
// Particle buffers (struct of arrays, vec4 packed), the same binding numbers in every kernel:
//   pos  (x, y, z, kind)     vel (vx, vy, vz, rho)     aux (p, mass, fs, 0)
//   nrm  (nx, ny, nz, tag)   tag: walls 2 body + (1 no-slip / 0 slip); buffers: open boundary index
//   ids (id, body)          rk 4 vec4 per particle: (x0, y0, z0, rho0) (v0, 0) (kx, ky, kz, krho) (kv, 0)
//   rates (ax, ay, az, drho) extra 3 vec4 per particle: (sx, sy, sz, srho) (svx, svy, svz, fsn) (fv, 0)
// Walls when some wall moves (P.wallsMove): vel.xyz the wall's velocity and rates.xyz its acceleration,
// set by moveWalls.wgsl before each rate evaluation; with mirrored walls wallStates then puts the ghost
// velocity into vel.xyz.

struct Params {
  h: f32, support2: f32, kernelAlpha: f32, kernelGrad: f32,
  wDx: f32, rho0: f32, c0: f32, gamma: f32,
  b: f32, nu: f32, delta: f32, alphaVisc: f32,
  gx: f32, gy: f32, gz: f32, wallVolume: f32,
  shiftCoeff: f32, shiftMax: f32, surfaceDivr: f32, isolatedDivr: f32,
  rhoMin: f32, rhoMax: f32, densityLimiter: u32, wallMode: u32,
  lowDissipation: u32, shifting: u32, domainActive: u32, nBoundaries: u32,
  dminx: f32, dminy: f32, dminz: f32, pad0: f32,
  dmaxx: f32, dmaxy: f32, dmaxz: f32, pad1: f32,
  gox: f32, goy: f32, goz: f32, cellSize: f32,
  gnx: u32, gny: u32, gnz: u32, nCells: u32,
  capacity: u32, dual: u32, dynamicDt: u32, staticDt: f32,
  staticAdvDt: f32, cflAc: f32, reserved0: f32, cflVisc: f32,
  cflAdv: f32, maxSub: u32, chunkSize: u32, nChunks: u32,
  // Moving machinery (src/solver/physics/motion.ts): walls move, gravity varies in time (acceleration
  // file: g − a(t) in the global slots G_GRAV_*), bodies, first particle id of the wall reference table;
  // the rotating frame's flag, ω, ω̇ and centre.
  wallsMove: u32, timeGravity: u32, nBodies: u32, refBase: u32,
  rotating: u32, pad2: u32, pad3: u32, pad4: u32,
  wx: f32, wy: f32, wz: f32, pad5: f32,
  wdx: f32, wdy: f32, wdz: f32, pad6: f32,
  fcx: f32, fcy: f32, fcz: f32, pad7: f32,
}

struct Dispatch {
  base: u32,
  flags: u32,
  stage: u32,
  extra: u32,
}

@group(0) @binding(0) var<uniform> P: Params;
@group(1) @binding(0) var<uniform> D: Dispatch;

const KIND_FLUID: u32 = 0u;
const KIND_WALL: u32 = 1u;
const KIND_BUFFER: u32 = 2u;
const KIND_DEAD: u32 = 255u;
const INVALID: u32 = 0xffffffffu;

const RATE_PRESSURE: u32 = 1u;
const RATE_VISCOUS: u32 = 2u;
const RATE_SHIFT: u32 = 4u;
const RATE_FROZEN_VISCOUS: u32 = 8u;
const RATE_STORE_VISCOUS: u32 = 16u;

// Slots of the global atomics buffer (f32 values stored as bits).
const G_COUNT: u32 = 0u;
const G_MAXV2: u32 = 1u;
const G_MAXA2: u32 = 2u;
const G_PREV_V2: u32 = 3u;
const G_PREV_A2: u32 = 4u;
const G_T_HI: u32 = 5u;
const G_T_LO: u32 = 6u;
const G_DT: u32 = 7u;
const G_STEPS: u32 = 8u;
const G_REACHED: u32 = 9u;
const G_TARGET_HI: u32 = 10u;
const G_TARGET_LO: u32 = 11u;
const G_ADV_LEFT: u32 = 12u;
const G_ADV_END_HI: u32 = 13u;
const G_ADV_END_LO: u32 = 14u;
const G_SHIFT_SCALE: u32 = 15u;
const G_OVERFLOW: u32 = 16u;
const G_NEXT_ID: u32 = 17u;
const G_LIVE: u32 = 18u;
const G_ADV_REACHES: u32 = 19u;
const G_GRAV_X: u32 = 20u;
const G_GRAV_Y: u32 = 21u;
const G_GRAV_Z: u32 = 22u;

fn kindOf(w: f32) -> u32 {
  return u32(w + 0.5);
}

fn cellCoord(p: vec3<f32>) -> vec3<i32> {
  let inv = 1.0 / P.cellSize;
  let c = vec3<i32>(floor((p - vec3<f32>(P.gox, P.goy, P.goz)) * inv));
  return clamp(c, vec3<i32>(0), vec3<i32>(i32(P.gnx) - 1, i32(P.gny) - 1, i32(P.gnz) - 1));
}

fn cellIndex(c: vec3<i32>) -> u32 {
  return u32(c.x) + P.gnx * (u32(c.y) + P.gny * u32(c.z));
}

// Centrifugal force −ω × (ω × r) of the rotating frame at x (zero without one).
fn centrifugal(x: vec3<f32>) -> vec3<f32> {
  let w = vec3<f32>(P.wx, P.wy, P.wz);
  let r = x - vec3<f32>(P.fcx, P.fcy, P.fcz);
  return dot(w, w) * r - dot(w, r) * w;
}

fn taitPressure(rho: f32) -> f32 {
  return P.b * (pow(rho / P.rho0, P.gamma) - 1.0);
}

fn taitDensity(p: f32) -> f32 {
  return P.rho0 * pow(max(1.0 + p / P.b, 1e-6), 1.0 / P.gamma);
}
