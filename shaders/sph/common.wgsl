// Shared declarations of the SPH compute kernels: run parameters (uniform), per-dispatch arguments,
// the slots of the global atomics buffer and small helpers. Prepended to every kernel file.
//
// Particle buffers (struct of arrays, vec4 packed), the same binding numbers in every kernel:
//   pos  (x, y, z, kind)     vel (vx, vy, vz, rho)     aux (p, mass, fs, T)
//   (T the temperature with heat transfer; walls keep their depth behind the surface in aux.z there)
//   nrm  (nx, ny, nz, tag)   tag: walls 2 body + (1 no-slip / 0 slip); buffers: open boundary index;
//   fluid: its phase with several fluids (P.nPhases > 1, set on upload from its body: a particle keeps its
//   phase, and several fluids have no open boundaries that turn buffers into fluid), else 0; nrm.x its
//   kinematic viscosity ν of the step with a viscosity table (rates.wgsl, particleViscosity), nrm.yz its
//   interface normal with surface tension (surfaceTension.wgsl, packed by packNormal below)
//   ids (id, body)          rk 4 vec4 per particle: (x0, y0, z0, rho0) (v0, T0) (kx, ky, kz, krho) (kv, kT)
//   rates (ax, ay, az, drho) extra 3 vec4 per particle: (sx, sy, sz, srho) (svx, svy, svz, fsn) (fv, dT/dt)
// Walls of heat-flux and heat-transfer-coefficient parts keep their kernel sum over the fluid in rates.w
// (heat.wgsl).
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
  dminx: f32, dminy: f32, dminz: f32, stSigma: f32,
  dmaxx: f32, dmaxy: f32, dmaxz: f32, stDeltaScale: f32,
  gox: f32, goy: f32, goz: f32, cellSize: f32,
  gnx: u32, gny: u32, gnz: u32, nCells: u32,
  capacity: u32, dual: u32, dynamicDt: u32, staticDt: f32,
  staticAdvDt: f32, cflAc: f32, thermalDt: f32, cflVisc: f32,
  cflAdv: f32, maxSub: u32, chunkSize: u32, nChunks: u32,
  // Moving machinery (src/solver/physics/motion.ts): walls move, gravity varies in time (acceleration
  // file: g − a(t) in the global slots G_GRAV_*), bodies, first particle id of the wall reference table;
  // the rotating frame's flag, ω, ω̇ and centre. Surface tension (surfaceTension.wgsl): its flag, σ, the
  // delta's scale 1/C, the normal's threshold on |g|, the capillary step bound and Δx. Viscosity from a
  // table (rates.wgsl): its kind (0 constant, 1 shear rate, 2 temperature) and rows, the table in the
  // last rows of binding 28; several fluids: viscKind 1 where any fluid has a table, each fluid's table
  // in the phase table.
  wallsMove: u32, timeGravity: u32, nBodies: u32, refBase: u32,
  // periodic: translational periodic axes (src/solver/periodic.ts), bit 0 x, bit 1 y, bit 2 z; the grid's
  // cells tile each period from its origin, so the period along an axis is its cell count × cellSize.
  // heatOn: heat transfer (src/solver/physics/heat.ts), its parameters in heat.wgsl's binding 28.
  // surfaceTension: surface tension (physics/surfaceTension.ts), stCapillaryDt its time-step bound.
  rotating: u32, heatOn: u32, surfaceTension: u32, stCapillaryDt: f32,
  wx: f32, wy: f32, wz: f32, stThreshold: f32,
  wdx: f32, wdy: f32, wdz: f32, dx: f32,
  fcx: f32, fcy: f32, fcz: f32, viscKind: u32,
  // nPhases: fluids of a multiphase case (0 or 1: one fluid), their constants in the phase table;
  // stPhase: with surface tension the phase that carries σ (the heavier fluid).
  viscRows: u32, periodic: u32, nPhases: u32, stPhase: u32,
  // reach: the cells on either side of a particle's cell that its neighbour walk spans (neighbours.wgsl):
  // 1 where the cells are the kernel support, 2 where they are half of it.
  reach: u32, pad0: u32, pad1: u32, pad2: u32,
}

struct Dispatch {
  base: u32,
  flags: u32,
  stage: u32,
  extra: u32,
}

@group(0) @binding(0) var<uniform> P: Params;
@group(1) @binding(0) var<uniform> D: Dispatch;

// Pipeline constants (GpuBackend sets them when it builds the pipelines): CASE_FEATURES, the features the
// case has at all (FEATURE_*), so that the compiler drops the code of the others and the registers it would
// hold; FIXED_FLAGS, where not 0, the rate flags (RATE_*) of the one dispatch set a fluidRates pipeline is
// built for, in place of D.flags. The defaults (every feature, the flags of the dispatch) run any case.
override CASE_FEATURES: u32 = 0xffffffffu;
override FIXED_FLAGS: u32 = 0u;
const FEATURE_MULTIPHASE: u32 = 1u;
const FEATURE_HEAT: u32 = 2u;
const FEATURE_SURFACE_TENSION: u32 = 4u;
const FEATURE_ROTATING: u32 = 8u;
const FEATURE_WALLS_MOVE: u32 = 16u;
const FEATURE_VISCOSITY_TABLE: u32 = 32u;
const FEATURE_PERIODIC: u32 = 64u;
const FEATURE_TIME_GRAVITY: u32 = 128u;

fn hasFeature(f: u32) -> bool {
  return (CASE_FEATURES & f) != 0u;
}

// A feature the case has (f) and its parameter switches on (param ≠ 0).
fn featureOn(f: u32, param: u32) -> bool {
  return hasFeature(f) && param != 0u;
}

fn dispatchFlags() -> u32 {
  return select(D.flags, FIXED_FLAGS, FIXED_FLAGS != 0u);
}

fn multiphase() -> bool {
  return hasFeature(FEATURE_MULTIPHASE) && P.nPhases > 1u;
}

// The periodic axes' bits (P.periodic), 0 in a case without any.
fn periodicAxes() -> u32 {
  return select(0u, P.periodic, hasFeature(FEATURE_PERIODIC));
}

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

// Cell coordinate c + d along an axis of n cells: wrapped around a periodic axis (its bit of
// P.periodic), −1 beyond the edge of any other.
fn neighbourCoord(c: i32, d: i32, n: u32, bit: u32) -> i32 {
  let k = c + d;
  if (k >= 0 && k < i32(n)) {
    return k;
  }
  if ((periodicAxes() & bit) == 0u) {
    return -1;
  }
  return select(k - i32(n), k + i32(n), k < 0);
}

// Walking the particle span (start0, end0, start1, end1) of the two runs: the first index, and the next.
fn firstInSpan(s: vec4<u32>) -> u32 {
  return select(s.x, s.z, s.x == s.y);
}

fn nextInSpan(j: u32, s: vec4<u32>) -> u32 {
  return select(j + 1u, s.z, j + 1u == s.y);
}

// Minimum-image difference of two positions along the periodic axes (the difference itself elsewhere).
fn minImage(d: vec3<f32>) -> vec3<f32> {
  if (periodicAxes() == 0u) {
    return d;
  }
  let period = vec3<f32>(f32(P.gnx), f32(P.gny), f32(P.gnz)) * P.cellSize;
  let on = vec3<bool>((P.periodic & 1u) != 0u, (P.periodic & 2u) != 0u, (P.periodic & 4u) != 0u);
  return select(d, d - period * round(d / period), on);
}

// A position put back into the period [origin, origin + period) along each periodic axis.
fn wrapPosition(x: vec3<f32>) -> vec3<f32> {
  if (periodicAxes() == 0u) {
    return x;
  }
  let origin = vec3<f32>(P.gox, P.goy, P.goz);
  let period = vec3<f32>(f32(P.gnx), f32(P.gny), f32(P.gnz)) * P.cellSize;
  let on = vec3<bool>((P.periodic & 1u) != 0u, (P.periodic & 2u) != 0u, (P.periodic & 4u) != 0u);
  let below = x < origin;
  let above = x >= origin + period;
  let wrapped = select(select(x, x - period, above), x + period, below);
  return select(x, wrapped, on);
}

// Centrifugal force −ω × (ω × r) of the rotating frame at x (zero without one).
fn centrifugal(x: vec3<f32>) -> vec3<f32> {
  let w = vec3<f32>(P.wx, P.wy, P.wz);
  let r = x - vec3<f32>(P.fcx, P.fcy, P.fcz);
  return dot(w, w) * r - dot(w, r) * w;
}

// Phase table (uniform binding 29, declared by the kernels that read it; src/solver/physics/rates.ts,
// multiphasePairConstants), rows of vec4: per phase k (ρ0, c0, B, γ) at PHASE_EOS + k and
// (ν, 2 δ h c0, ρ0/c0², α h c0 ρ0) at PHASE_COEFF + k; per ordered pair a·MAX_PHASES + b (μ̄, α h c̄ ρ̄,
// 4 k_a k_b / (k_a + k_b), c_p of a) at PHASE_PAIR, the last two with heat transfer (physics/heat.ts, its
// pairConductivity: 2 k_a for a = b); per phase k its viscosity table (kind, first row after VISC_BASE,
// rows, 0) at PHASE_VISC + k (rates.wgsl; kind 0: its constant ν). A particle's phase is in its tag (above).
const MAX_PHASES: u32 = 5u;
const PHASE_EOS: u32 = 0u;
const PHASE_COEFF: u32 = 5u;
const PHASE_PAIR: u32 = 10u;
const PHASE_VISC: u32 = 35u;
const PHASE_ROWS: u32 = 40u;

// Phase of a fluid particle with several fluids, from its tag nrm.w (above).
fn phaseOf(tag: f32) -> u32 {
  return u32(tag + 0.5);
}

// A fluid particle's interface normal (unit, or zero for none) in the two lanes nrm.yz, so that nrm.x keeps
// the viscosity of a table: the octahedral map (the unit sphere onto the octahedron |x| + |y| + |z| = 1, its
// lower half folded out over the corners of the square [−1, 1]²), exact to float32 rounding everywhere on
// the sphere; no normal is NO_NORMAL, outside the square.
const NO_NORMAL: vec2<f32> = vec2<f32>(2.0, 2.0);

// ±1 by the sign of each component, +1 for zero (a fold at z = 0 must land on the square's edge).
fn signNotZero(v: vec2<f32>) -> vec2<f32> {
  return select(vec2<f32>(-1.0), vec2<f32>(1.0), v >= vec2<f32>(0.0));
}

fn packNormal(n: vec3<f32>) -> vec2<f32> {
  let p = n.xy / (abs(n.x) + abs(n.y) + abs(n.z));
  if (n.z >= 0.0) {
    return p;
  }
  return (vec2<f32>(1.0) - abs(p.yx)) * signNotZero(p);
}

fn unpackNormal(e: vec2<f32>) -> vec3<f32> {
  if (e.x > 1.5) {
    return vec3<f32>(0.0);
  }
  let z = 1.0 - abs(e.x) - abs(e.y);
  var xy = e;
  if (z < 0.0) {
    xy = (vec2<f32>(1.0) - abs(e.yx)) * signNotZero(e);
  }
  return normalize(vec3<f32>(xy, z));
}

fn taitPressure(rho: f32) -> f32 {
  return P.b * (pow(rho / P.rho0, P.gamma) - 1.0);
}

fn taitDensity(p: f32) -> f32 {
  return P.rho0 * pow(max(1.0 + p / P.b, 1e-6), 1.0 / P.gamma);
}
