// Rates of the fluid particles (the GPU form of src/solver/physics/rates.ts, same equations): momentum
// with pressure, laminar and artificial viscosity and gravity, continuity with δ-SPH density diffusion,
// Riemann or mirrored wall forces, and the shifting vector with free-surface treatment.

@group(0) @binding(1) var<storage, read_write> pos: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read_write> vel: array<vec4<f32>>;
@group(0) @binding(3) var<storage, read_write> aux: array<vec4<f32>>;
@group(0) @binding(4) var<storage, read_write> nrm: array<vec4<f32>>;
@group(0) @binding(7) var<storage, read_write> rates: array<vec4<f32>>;
@group(0) @binding(8) var<storage, read_write> extra: array<vec4<f32>>;
@group(0) @binding(9) var<storage, read_write> cellStart: array<u32>;
@group(0) @binding(13) var<storage, read_write> globals: array<atomic<u32>>;

var<workgroup> wgMax: array<f32, 64>;

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
    let g = vec3<f32>(P.gx, P.gy, P.gz);
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
                let rhoH = -hydroCoeff * dot(g, rv);
                dr -= deltaCoeff * (rhoj - rhoi - rhoH) * F * vj;
              }
              if (doViscous) {
                let morris = (P.nu * (rhoi + rhoj) * invRhoi * vj * r2 * F) / (r2 + eta2);
                let art = (artCoeff * invRhoi * vdotr * F * vj) / (r2 + eta2);
                va += morris * vij + art * rv;
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
              let slip = tag.w == 0.0;
              if (riemannWall) {
                if (doPressure) {
                  // One-sided Riemann problem with the mirrored state: the central pressure along the
                  // pair, the dissipative part β ρ u_L along the wall normal (see physics/rates.ts).
                  let n = tag.xyz;
                  let uL = -dot(vi, n);
                  let pR = pi - rhoi * dot(g, rv);
                  let dU = 2.0 * uL;
                  var beta = P.c0;
                  if (P.lowDissipation != 0u) {
                    beta = min(3.0 * max(dU, 0.0), P.c0);
                  }
                  let rn = dot(rv, n);
                  let pd = select(0.0, -beta * dU * vj * F * rn, rn > 0.0);
                  acc += (-(pi + pR) * invRhoi * vj * F) * rv + pd * n;
                  dr += rhoi * dot(vi, rv) * F * vj;
                }
                if (doViscous && !slip) {
                  let morris = (4.0 * P.nu * vj * r2 * F) / (r2 + eta2);
                  va += morris * vi;
                }
              } else {
                let vw4 = vel[j];
                let rhoj = vw4.w;
                if (doPressure) {
                  acc += (-(pi + aux[j].x) * invRhoi * vj * F) * rv;
                  dr += rhoi * dot(vi, rv) * F * vj;
                }
                if (doViscous && !slip) {
                  let morris = (P.nu * (rhoi + rhoj) * invRhoi * vj * r2 * F) / (r2 + eta2);
                  va += morris * (vi - vw4.xyz);
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
      var total = acc + g;
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
