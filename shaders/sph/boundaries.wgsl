// Wall particle states before each rate evaluation (GPU form of src/solver/physics/boundaries.ts):
// mirrored wall pressure and ghost velocity (Adami, Hu & Adams 2012). Open-boundary buffer states are in
// openBoundaries.wgsl.

@group(0) @binding(1) var<storage, read_write> pos: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read_write> vel: array<vec4<f32>>;
@group(0) @binding(3) var<storage, read_write> aux: array<vec4<f32>>;
@group(0) @binding(4) var<storage, read_write> nrm: array<vec4<f32>>;
@group(0) @binding(7) var<storage, read_write> rates: array<vec4<f32>>;
@group(0) @binding(9) var<storage, read_write> cellStart: array<u32>;
@group(0) @binding(13) var<storage, read_write> globals: array<atomic<u32>>;

// Mirrored wall state: p_w = (Σ p_f W + (b − a_w)·Σ ρ_f r_wf W) / Σ W with b the body force at the wall
// (gravity less the frame acceleration, centrifugal) and ghost velocity 2 v_w − Shepard(v_f). A moving
// wall's velocity and acceleration come in vel.xyz and rates.xyz (moveWalls.wgsl); the ghost velocity
// replaces the former.
@compute @workgroup_size(64)
fn wallStates(@builtin(global_invocation_id) gid: vec3<u32>) {
  let i = D.base + gid.x;
  if (i >= atomicLoad(&globals[G_COUNT])) {
    return;
  }
  let p = pos[i];
  if (kindOf(p.w) != KIND_WALL) {
    return;
  }
  var b = vec3<f32>(P.gx, P.gy, P.gz);
  if (featureOn(FEATURE_TIME_GRAVITY, P.timeGravity)) {
    b = vec3<f32>(bitcast<f32>(atomicLoad(&globals[G_GRAV_X])), bitcast<f32>(atomicLoad(&globals[G_GRAV_Y])),
      bitcast<f32>(atomicLoad(&globals[G_GRAV_Z])));
  }
  if (featureOn(FEATURE_ROTATING, P.rotating)) {
    b += centrifugal(p.xyz);
  }
  var vw = vec3<f32>(0.0);
  if (featureOn(FEATURE_WALLS_MOVE, P.wallsMove)) {
    vw = vel[i].xyz;
    b -= rates[i].xyz;
  }
  let s = shepardAt(p.xyz);
  if (s.sumW > 0.0) {
    let inv = 1.0 / s.sumW;
    let pw = (s.p + dot(b, s.rr)) * inv;
    vel[i] = vec4<f32>(2.0 * vw - s.v * inv, taitDensity(pw));
    aux[i].x = pw;
  } else {
    vel[i] = vec4<f32>(2.0 * vw, P.rho0);
    aux[i].x = 0.0;
  }
}
