// Rates of the fluid particles (the GPU form of src/solver/physics/rates.ts, same equations): momentum
// with pressure, laminar and artificial viscosity, gravity and the rotating frame's forces, continuity
// with δ-SPH density diffusion, Riemann or mirrored wall forces (walls at rest or moving), and the
// shifting vector with free-surface treatment.

@group(0) @binding(1) var<storage, read_write> pos: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read_write> vel: array<vec4<f32>>;
@group(0) @binding(3) var<storage, read_write> aux: array<vec4<f32>>;
@group(0) @binding(4) var<storage, read_write> nrm: array<vec4<f32>>;
@group(0) @binding(7) var<storage, read_write> rates: array<vec4<f32>>;
@group(0) @binding(8) var<storage, read_write> extra: array<vec4<f32>>;
@group(0) @binding(9) var<storage, read_write> cellStart: array<u32>;
@group(0) @binding(13) var<storage, read_write> globals: array<atomic<u32>>;
// Velocity fields of the bodies (W row k | u_k, k = 0..2), written by motion.wgsl before each evaluation.
@group(0) @binding(27) var<uniform> bodyVelocity: array<vec4<f32>, 3072>;

var<workgroup> wgMax: array<f32, 64>;

// 2 (d + 2) of the laminar viscosity's pair form in three dimensions (physics/rates.ts).
const VISC_COEFF: f32 = 10.0;

// Gravity of the current evaluation: less the frame acceleration when an acceleration file gives one.
fn gravityNow() -> vec3<f32> {
  if (P.timeGravity != 0u) {
    return vec3<f32>(bitcast<f32>(atomicLoad(&globals[G_GRAV_X])), bitcast<f32>(atomicLoad(&globals[G_GRAV_Y])),
      bitcast<f32>(atomicLoad(&globals[G_GRAV_Z])));
  }
  return vec3<f32>(P.gx, P.gy, P.gz);
}

// Curvature of the centrifugal potential along a pair: ½ (ω² r² − (ω·r)²), so that the body force at the
// pair's midpoint is b_i·r minus it (exact for the quadratic potential; zero without rotation).
fn centrifugalCurvature(rv: vec3<f32>) -> f32 {
  let w = vec3<f32>(P.wx, P.wy, P.wz);
  let wr = dot(w, rv);
  return 0.5 * (dot(w, w) * dot(rv, rv) - wr * wr);
}

@compute @workgroup_size(64)
fn fluidRates(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_id) lid: vec3<u32>) {
  let i = D.base + gid.x;
  var a2 = 0.0;
  let count = atomicLoad(&globals[G_COUNT]);
  let flags = D.flags;
  if (i < count && kindOf(pos[i].w) == KIND_FLUID) {
    let pi4 = pos[i];
    let xi = pi4.xyz;
    let vi4 = vel[i];
    let vi = vi4.xyz;
    let rhoi = vi4.w;
    let pi = aux[i].x;
    let invRhoi = 1.0 / rhoi;
    let doPressure = (flags & RATE_PRESSURE) != 0u;
    let doViscous = (flags & RATE_VISCOUS) != 0u;
    let doShift = (flags & RATE_SHIFT) != 0u && P.shifting != 0u;
    let lyu = P.shifting == 2u;
    let riemannWall = P.wallMode == 0u;
    let wallsMove = P.wallsMove != 0u;
    // Body force at i: the potential part b (gravity less the frame acceleration, centrifugal), which the
    // hydrostatic terms use too, and the rest f (Coriolis −2 ω × v, Euler −ω̇ × r).
    var g = gravityNow();
    var f = vec3<f32>(0.0);
    if (P.rotating != 0u) {
      let w = vec3<f32>(P.wx, P.wy, P.wz);
      g += centrifugal(xi);
      f = -cross(vec3<f32>(P.wdx, P.wdy, P.wdz), xi - vec3<f32>(P.fcx, P.fcy, P.fcz)) - 2.0 * cross(w, vi);
    }
    let deltaCoeff = 2.0 * P.delta * P.h * P.c0;
    let hydroCoeff = P.rho0 / (P.c0 * P.c0);
    let artCoeff = P.alphaVisc * P.h * P.c0 * P.rho0;
    let eta2 = 0.01 * P.h * P.h;
    let invH = 1.0 / P.h;
    var acc = vec3<f32>(0.0);
    var dr = 0.0;
    var va = vec3<f32>(0.0);
    var gc = vec3<f32>(0.0);
    var divr = 0.0;
    var sh = vec3<f32>(0.0);
    var gr = vec3<f32>(0.0);
    var gvx = vec3<f32>(0.0);
    var gvy = vec3<f32>(0.0);
    var gvz = vec3<f32>(0.0);
    var surf2 = P.support2;
    var sdir = vec3<f32>(0.0);
    let c = cellCoord(xi);
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
        // Moving particles of the row, then the walls of the row (bins offset by nCells).
        for (var part = 0u; part < 2u; part++) {
          let row = (u32(zz) * P.gny + u32(yy)) * P.gnx + part * P.nCells;
          let jEnd = cellStart[row + u32(x1c) + 1u];
          for (var j = cellStart[row + u32(x0c)]; j < jEnd; j++) {
            if (j == i) {
              continue;
            }
            let pj4 = pos[j];
            let rv = xi - pj4.xyz;
            let r2 = dot(rv, rv);
            if (r2 >= P.support2) {
              continue;
            }
            let r = sqrt(r2);
            let t = 1.0 - 0.5 * r * invH;
            let F = P.kernelGrad * t * t * t;
            let kj = kindOf(pj4.w);
            if (kj != KIND_WALL) {
              let vj4 = vel[j];
              let rhoj = vj4.w;
              let auxj = aux[j];
              let vj = auxj.y / rhoj;
              let vij = vi - vj4.xyz;
              let vdotr = dot(vij, rv);
              if (doPressure) {
                acc += (-(pi + auxj.x) * invRhoi * vj * F) * rv;
                dr += rhoi * vdotr * F * vj;
                var bdotr = dot(g, rv);
                if (P.rotating != 0u) {
                  bdotr -= centrifugalCurvature(rv);
                }
                let rhoH = -hydroCoeff * bdotr;
                dr -= deltaCoeff * (rhoj - rhoi - rhoH) * F * vj;
              }
              if (doViscous) {
                let lam = (0.5 * VISC_COEFF * P.nu * (rhoi + rhoj) * invRhoi * vj * F * vdotr) / (r2 + eta2);
                let art = (artCoeff * invRhoi * vdotr * F * vj) / (r2 + eta2);
                va += (lam + art) * rv;
              }
              if (doShift) {
                let fv = F * vj;
                gc += fv * rv;
                divr -= r2 * fv;
                let q = r * invH;
                let wr = P.kernelAlpha * t * t * t * t * (2.0 * q + 1.0) / P.wDx;
                let wr2 = wr * wr;
                sh += (fv * (1.0 + 0.2 * wr2 * wr2)) * rv;
                if (auxj.z != 0.0 && r2 < surf2) {
                  surf2 = r2;
                  sdir = -rv;
                }
                if (lyu) {
                  gr += ((rhoj - rhoi) * fv) * rv;
                  gvx -= (vij.x * fv) * rv;
                  gvy -= (vij.y * fv) * rv;
                  gvz -= (vij.z * fv) * rv;
                }
              }
            } else {
              let vj = P.wallVolume;
              let tag = nrm[j];
              let tagBits = u32(tag.w + 0.5);
              let slip = (tagBits & 1u) == 0u;
              // Velocity relative to the wall, its body's field taken at x_i (see physics/rates.ts), and
              // the wall's acceleration (zero for walls at rest).
              var rvel = vi;
              var aw = vec3<f32>(0.0);
              if (wallsMove) {
                let o = 3u * (tagBits >> 1u);
                let w0 = bodyVelocity[o];
                let w1 = bodyVelocity[o + 1u];
                let w2 = bodyVelocity[o + 2u];
                var vw = vec3<f32>(dot(w0.xyz, xi) + w0.w, dot(w1.xyz, xi) + w1.w, dot(w2.xyz, xi) + w2.w);
                if (slip) {
                  // A slip wall moves the fluid only through its normal velocity.
                  vw = dot(vw, tag.xyz) * tag.xyz;
                }
                rvel -= vw;
                aw = rates[j].xyz;
              }
              if (riemannWall) {
                if (doPressure) {
                  // One-sided Riemann problem with the mirrored state: the central pressure along the
                  // pair, the dissipative part β ρ u_L along the wall normal (see physics/rates.ts).
                  let n = tag.xyz;
                  let uL = -dot(rvel, n);
                  var pR = pi - rhoi * dot(g - aw, rv);
                  if (P.rotating != 0u) {
                    pR += rhoi * centrifugalCurvature(rv);
                  }
                  let dU = 2.0 * uL;
                  var beta = P.c0;
                  if (P.lowDissipation != 0u) {
                    beta = min(3.0 * max(dU, 0.0), P.c0);
                  }
                  let rn = dot(rv, n);
                  let pd = select(0.0, -beta * dU * vj * F * rn, rn > 0.0);
                  acc += (-(pi + pR) * invRhoi * vj * F) * rv + pd * n;
                  dr += rhoi * dot(rvel, rv) * F * vj;
                }
                if (doViscous && !slip) {
                  // Ghost velocity 2 v_wall − v_i: v_i − v_ghost = 2 (v_i − v_wall).
                  let lam = (2.0 * VISC_COEFF * P.nu * vj * F * dot(rvel, rv)) / (r2 + eta2);
                  va += lam * rv;
                }
              } else {
                let vw4 = vel[j];
                let rhoj = vw4.w;
                if (doPressure) {
                  acc += (-(pi + aux[j].x) * invRhoi * vj * F) * rv;
                  dr += rhoi * dot(rvel, rv) * F * vj;
                }
                if (doViscous && !slip) {
                  let lam = (0.5 * VISC_COEFF * P.nu * (rhoi + rhoj) * invRhoi * vj * F * dot(vi - vw4.xyz, rv)) / (r2 + eta2);
                  va += lam * rv;
                }
              }
              if (doShift) {
                let fv = F * vj;
                gc += fv * rv;
                divr -= r2 * fv;
                let q = r * invH;
                let wr = P.kernelAlpha * t * t * t * t * (2.0 * q + 1.0) / P.wDx;
                let wr2 = wr * wr;
                sh += (fv * (1.0 + 0.2 * wr2 * wr2)) * rv;
              }
            }
          }
        }
      }
    }
    if ((flags & RATE_STORE_VISCOUS) != 0u) {
      extra[3u * i + 2u] = vec4<f32>(va, 0.0);
    }
    if (doPressure) {
      var total = acc + g + f;
      if (doViscous && (flags & RATE_STORE_VISCOUS) == 0u) {
        total += va;
      }
      if ((flags & RATE_FROZEN_VISCOUS) != 0u) {
        total += extra[3u * i + 2u].xyz;
      }
      rates[i] = vec4<f32>(total, dr);
      a2 = dot(total, total);
    }
    if ((flags & RATE_SHIFT) != 0u) {
      var d = vec3<f32>(0.0);
      var dRho = 0.0;
      var dv = vec3<f32>(0.0);
      if (doShift && divr >= P.isolatedDivr) {
        d = -P.shiftCoeff * sh;
        let gl = length(gc);
        let surface = divr < P.surfaceDivr;
        var n = vec3<f32>(0.0);
        var fade = 0.0;
        if (surface && gl > 0.0) {
          n = -gc / gl;
        } else if (surf2 < P.support2) {
          let sl = sqrt(surf2);
          n = sdir / sl;
          fade = sl / P.h * 0.5;
        }
        if (any(n != vec3<f32>(0.0))) {
          let dn = dot(d, n);
          var remove = dn;
          if (lyu && !surface) {
            if (dn <= 0.0) {
              remove = (1.0 - fade) * dn;
            }
          }
          d -= remove * n;
        }
        if (lyu) {
          dRho = dot(gr, d);
          dv = vec3<f32>(dot(gvx, d), dot(gvy, d), dot(gvz, d));
        }
      }
      var fsn = 0.0;
      if (doShift && divr < P.surfaceDivr) {
        fsn = 1.0;
      }
      extra[3u * i] = vec4<f32>(d, dRho);
      extra[3u * i + 1u] = vec4<f32>(dv, fsn);
    }
  }
  // Workgroup maximum of |a|², then one atomic per workgroup (bits of non-negative floats order as u32).
  wgMax[lid.x] = a2;
  workgroupBarrier();
  for (var off = 32u; off > 0u; off /= 2u) {
    if (lid.x < off) {
      wgMax[lid.x] = max(wgMax[lid.x], wgMax[lid.x + off]);
    }
    workgroupBarrier();
  }
  if (lid.x == 0u && (flags & RATE_PRESSURE) != 0u) {
    atomicMax(&globals[G_MAXA2], bitcast<u32>(wgMax[0]));
  }
}
