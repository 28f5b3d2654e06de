// Boundary particle states before each rate evaluation (GPU form of src/solver/physics/boundaries.ts):
// mirrored wall pressure and ghost velocity (Adami, Hu & Adams 2012), and open-boundary buffer states
// from the Riemann invariant J = v·n - p / (ρ0 c0) arriving from the fluid.

struct OpenBoundary {
  origin: vec4<f32>,
  normal: vec4<f32>,
  axisU: vec4<f32>,
  axisV: vec4<f32>,
  // depth, velocity, pressure, unused
  values: vec4<f32>,
  // body, direction (0 inflow), type (0 riemann_velocity), first polygon vertex
  codes: vec4<u32>,
  // polygon vertex count, unused
  sizes: vec4<u32>,
}

@group(0) @binding(1) var<storage, read_write> pos: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read_write> vel: array<vec4<f32>>;
@group(0) @binding(3) var<storage, read_write> aux: array<vec4<f32>>;
@group(0) @binding(4) var<storage, read_write> nrm: array<vec4<f32>>;
@group(0) @binding(7) var<storage, read_write> rates: array<vec4<f32>>;
@group(0) @binding(9) var<storage, read_write> cellStart: array<u32>;
@group(0) @binding(13) var<storage, read_write> globals: array<atomic<u32>>;
@group(0) @binding(15) var<storage, read> boundaries: array<OpenBoundary>;

struct Shepard {
  sumW: f32,
  p: f32,
  v: vec3<f32>,
  rr: vec3<f32>,
}

fn shepardAt(q: vec3<f32>) -> Shepard {
  var s: Shepard;
  s.sumW = 0.0;
  s.p = 0.0;
  s.v = vec3<f32>(0.0);
  s.rr = vec3<f32>(0.0);
  let invH = 1.0 / P.h;
  let c = cellCoord(q);
  let x0c = max(c.x - 1, 0);
  let x1c = min(c.x + 1, i32(P.gnx) - 1);
  for (var dz = -1; dz <= 1; dz++) {
    let zz = c.z + dz;
    if (zz < 0 || zz >= i32(P.gnz)) {
      continue;
    }
    for (var dy = -1; dy <= 1; dy++) {
      let yy = c.y + dy;
      if (yy < 0 || yy >= i32(P.gny)) {
        continue;
      }
      let row = (u32(zz) * P.gny + u32(yy)) * P.gnx;
      let jEnd = cellStart[row + u32(x1c) + 1u];
      for (var j = cellStart[row + u32(x0c)]; j < jEnd; j++) {
        let pj = pos[j];
        if (kindOf(pj.w) != KIND_FLUID) {
          continue;
        }
        let rv = q - pj.xyz;
        let r2 = dot(rv, rv);
        if (r2 >= P.support2) {
          continue;
        }
        let qq = sqrt(r2) * invH;
        let t = 1.0 - 0.5 * qq;
        let w = P.kernelAlpha * t * t * t * t * (2.0 * qq + 1.0);
        let vj = vel[j];
        s.sumW += w;
        s.p += aux[j].x * w;
        s.v += vj.xyz * w;
        s.rr += (vj.w * w) * rv;
      }
    }
  }
  return s;
}

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
  if (P.timeGravity != 0u) {
    b = vec3<f32>(bitcast<f32>(atomicLoad(&globals[G_GRAV_X])), bitcast<f32>(atomicLoad(&globals[G_GRAV_Y])),
      bitcast<f32>(atomicLoad(&globals[G_GRAV_Z])));
  }
  if (P.rotating != 0u) {
    b += centrifugal(p.xyz);
  }
  var vw = vec3<f32>(0.0);
  if (P.wallsMove != 0u) {
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

@compute @workgroup_size(64)
fn bufferStates(@builtin(global_invocation_id) gid: vec3<u32>) {
  let i = D.base + gid.x;
  if (i >= atomicLoad(&globals[G_COUNT])) {
    return;
  }
  let p = pos[i];
  if (kindOf(p.w) != KIND_BUFFER) {
    return;
  }
  let b = boundaries[u32(nrm[i].w + 0.5)];
  let n = b.normal.xyz;
  let sd = dot(p.xyz - b.origin.xyz, n);
  let s = shepardAt(p.xyz - 2.0 * sd * n);
  var un = b.values.y;
  if (b.codes.y != 0u) {
    un = -b.values.y;
  }
  var pf = 0.0;
  var uf = un * n;
  if (s.sumW > 0.0) {
    pf = s.p / s.sumW;
    uf = s.v / s.sumW;
  } else if (b.codes.z != 0u) {
    pf = b.values.z;
  }
  let impedance = P.rho0 * P.c0;
  let ufn = dot(uf, n);
  var pb = 0.0;
  var ub = vec3<f32>(0.0);
  if (b.codes.z == 0u) {
    pb = pf + impedance * (un - ufn);
    ub = un * n;
  } else {
    pb = b.values.z;
    ub = (uf - ufn * n) + (ufn + (pb - pf) / impedance) * n;
  }
  vel[i] = vec4<f32>(ub, taitDensity(pb));
  aux[i].x = pb;
}
