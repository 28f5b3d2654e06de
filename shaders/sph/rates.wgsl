// Rates of the fluid particles (the GPU form of src/solver/physics/rates.ts, same equations): momentum
// with pressure, laminar and artificial viscosity, gravity and the rotating frame's forces, continuity
// with δ-SPH density diffusion, Riemann or mirrored wall forces (walls at rest or moving), and the
// shifting vector with free-surface treatment; with heat transfer, dT/dt by conduction (physics/heat.ts)
// with the pressure terms; the surface tension force; several fluids (per-phase constants, the interface
// pressure, continuity and viscosity of unlike pairs, tangential shifting at the interface).

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
// Heat transfer: (k, c_p, η², smallest fluid distance to a temperature wall), (Δx, Δx², wall volume, 0),
// then per body (thermoKind, T_w, q, h) and (T_ref, 0, 0, 0) (src/solver/physics/heat.ts).
// The last VISC_ROWS rows hold the viscosity table (x, ν, 0, 0) per row, x ascending
// (physics/viscosity.ts), of which P.viscRows are used; with several fluids each fluid's table in turn,
// where the phase table says (common.wgsl).
@group(0) @binding(28) var<uniform> heat: array<vec4<f32>, 2048>;
const VISC_ROWS: u32 = 128u;
const VISC_BASE: u32 = 2048u - VISC_ROWS;
// Several fluids: each phase's constants and the unlike pairs' (common.wgsl); a fluid particle's phase is
// its tag, nrm.w.
@group(0) @binding(29) var<uniform> phaseTable: array<vec4<f32>, PHASE_ROWS>;

var<workgroup> wgMax: array<f32, 64>;

// Coefficient of the laminar viscosity's pair form: 2 (d + 2) = 10 in the continuum, its value on the
// particle lattice at h = 1.3 Δx here (laminarShearCoefficient in src/solver/kernel.ts, which a unit test
// holds this constant to).
const VISC_COEFF: f32 = 10.962938;

// Gravity of the current evaluation: less the frame acceleration when an acceleration file gives one.
fn gravityNow() -> vec3<f32> {
  if (featureOn(FEATURE_TIME_GRAVITY, P.timeGravity)) {
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

// ν at x of the table of n rows from row `first`: linear between the rows around x, the end rows' ν
// outside the table.
fn viscosityAt(first: u32, n: u32, x: f32) -> f32 {
  if (!(x > heat[first].x)) {
    return heat[first].y;
  }
  if (x >= heat[first + n - 1u].x) {
    return heat[first + n - 1u].y;
  }
  var lo = 0u;
  var hi = n - 1u;
  while (hi - lo > 1u) {
    let mid = (lo + hi) / 2u;
    if (heat[first + mid].x <= x) {
      lo = mid;
    } else {
      hi = mid;
    }
  }
  let a = heat[first + lo];
  let b = heat[first + hi];
  let span = b.x - a.x;
  if (!(span > 0.0)) {
    return b.y;
  }
  return a.y + (x - a.x) / span * (b.y - a.y);
}

// ν of each fluid particle for the step from its temperature, or from its shear rate √(2 D:D), D the symmetric part of
// Σ_j (v_j − v_i) ⊗ ∇_i W_ij V_j over fluid and buffer neighbours and no-slip walls with their ghost
// velocity (Riemann walls 2 v_w − v_i, mirrored walls the extrapolated ghost in vel.xyz); into nrm.x,
// beside the interface normal of surface tension in nrm.yz (common.wgsl).
// The same as physics/viscosity.ts. Run after the sort and the boundary states, before the first rates.
@compute @workgroup_size(64)
fn particleViscosity(@builtin(global_invocation_id) gid: vec3<u32>) {
  let i = D.base + gid.x;
  if (i >= atomicLoad(&globals[G_COUNT]) || kindOf(pos[i].w) != KIND_FLUID) {
    return;
  }
  // The table of i's fluid: the case's, or with several fluids its phase's; a fluid without one keeps
  // its constant ν.
  var kind = P.viscKind;
  var first = VISC_BASE;
  var rows = P.viscRows;
  if (P.nPhases > 1u) {
    let phase = phaseOf(nrm[i].w);
    let table = phaseTable[PHASE_VISC + phase];
    kind = u32(table.x + 0.5);
    if (kind == 0u) {
      nrm[i].x = phaseTable[PHASE_COEFF + phase].x;
      return;
    }
    first = VISC_BASE + u32(table.y + 0.5);
    rows = u32(table.z + 0.5);
  }
  // A temperature table: ν of the particle's temperature (aux.w with heat transfer).
  if (kind == 2u) {
    nrm[i].x = viscosityAt(first, rows, aux[i].w);
    return;
  }
  let xi = pos[i].xyz;
  let vi = vel[i].xyz;
  let invH = 1.0 / P.h;
  var gx = vec3<f32>(0.0);
  var gy = vec3<f32>(0.0);
  var gz = vec3<f32>(0.0);
  var m = mat3x3<f32>(vec3<f32>(0.0), vec3<f32>(0.0), vec3<f32>(0.0));
  let cells = neighbourCells(xi);
  for (var k = 0u; k < neighbourSpanCount(); k++) {
    let span = neighbourSpan(cells, k);
    for (var j = firstInSpan(span); j < span.w; j = nextInSpan(j, span)) {
      if (j == i) {
        continue;
      }
      let pj4 = pos[j];
      let rv = minImage(xi - pj4.xyz);
      let r2 = dot(rv, rv);
      if (r2 >= P.support2) {
        continue;
      }
      let t = 1.0 - 0.5 * sqrt(r2) * invH;
      var dv: vec3<f32>;
      var vj: f32;
      if (kindOf(pj4.w) != KIND_WALL) {
        let vj4 = vel[j];
        vj = aux[j].y / vj4.w;
        dv = vj4.xyz - vi;
      } else {
        if ((u32(nrm[j].w + 0.5) & 1u) == 0u) {
          continue;
        }
        vj = P.wallVolume;
        if (P.wallMode == 0u) {
          dv = 2.0 * (vel[j].xyz - vi);
        } else {
          dv = vel[j].xyz - vi;
        }
      }
      let fv = P.kernelGrad * t * t * t * vj;
      gx += (dv.x * fv) * rv;
      gy += (dv.y * fv) * rv;
      gz += (dv.z * fv) * rv;
      m -= fv * mat3x3<f32>(rv.x * rv, rv.y * rv, rv.z * rv);
    }
  }
  // First-order correction ∇v = G M⁻¹ (see physics/viscosity.ts); M is symmetric.
  let det = determinant(m);
  let tr = (m[0].x + m[1].y + m[2].z) / 3.0;
  if (det > 0.05 * tr * tr * tr) {
    let mi = transpose(m);
    let inv = (1.0 / det) * mat3x3<f32>(cross(mi[1], mi[2]), cross(mi[2], mi[0]), cross(mi[0], mi[1]));
    // Rows of G times M⁻¹ (symmetric): each row g becomes M⁻¹ g.
    gx = inv * gx;
    gy = inv * gy;
    gz = inv * gz;
  }
  let dxy = 0.5 * (gx.y + gy.x);
  let dxz = 0.5 * (gx.z + gz.x);
  let dyz = 0.5 * (gy.z + gz.y);
  let dd = gx.x * gx.x + gy.y * gy.y + gz.z * gz.z + 2.0 * (dxy * dxy + dxz * dxz + dyz * dyz);
  nrm[i].x = viscosityAt(first, rows, sqrt(2.0 * dd));
}

@compute @workgroup_size(64)
fn fluidRates(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_id) lid: vec3<u32>) {
  let i = D.base + gid.x;
  var a2 = 0.0;
  let count = atomicLoad(&globals[G_COUNT]);
  let flags = dispatchFlags();
  if (i < count && kindOf(pos[i].w) == KIND_FLUID) {
    let pi4 = pos[i];
    let xi = pi4.xyz;
    let vi4 = vel[i];
    let vi = vi4.xyz;
    let rhoi = vi4.w;
    let auxi = aux[i];
    let pi = auxi.x;
    let invRhoi = 1.0 / rhoi;
    // Laminar viscosity: the constant, or this particle's ν of the step paired with a fluid neighbour's
    // by the harmonic mean (physics/rates.ts); walls and buffers take ν_i.
    let tableViscosity = featureOn(FEATURE_VISCOSITY_TABLE, P.viscKind);
    var nui = P.nu;
    let doPressure = (flags & RATE_PRESSURE) != 0u;
    let doViscous = (flags & RATE_VISCOUS) != 0u;
    let doShift = (flags & RATE_SHIFT) != 0u && P.shifting != 0u;
    let lyu = P.shifting == 2u;
    let riemannWall = P.wallMode == 0u;
    let wallsMove = featureOn(FEATURE_WALLS_MOVE, P.wallsMove);
    // Body force at i: the potential part b (gravity less the frame acceleration, centrifugal), which the
    // hydrostatic terms use too, and the rest f (Coriolis −2 ω × v, Euler −ω̇ × r).
    var g = gravityNow();
    var f = vec3<f32>(0.0);
    if (featureOn(FEATURE_ROTATING, P.rotating)) {
      let w = vec3<f32>(P.wx, P.wy, P.wz);
      g += centrifugal(xi);
      f = -cross(vec3<f32>(P.wdx, P.wdy, P.wdz), xi - vec3<f32>(P.fcx, P.fcy, P.fcz)) - 2.0 * cross(w, vi);
    }
    var c0i = P.c0;
    var deltaCoeff = 2.0 * P.delta * P.h * P.c0;
    var hydroCoeff = P.rho0 / (P.c0 * P.c0);
    var artCoeff = P.alphaVisc * P.h * P.c0 * P.rho0;
    // Several fluids (physics/rates.ts): the constants of i's phase; the interface normal Σ ∇W_ij V_j over
    // the other phases' neighbours, pointing towards them, for the shifting.
    let multi = multiphase();
    var phi = 0u;
    var rho0i = P.rho0;
    if (multi) {
      phi = phaseOf(nrm[i].w);
      let e = phaseTable[PHASE_EOS + phi];
      let k = phaseTable[PHASE_COEFF + phi];
      rho0i = e.x;
      c0i = e.y;
      nui = k.x;
      deltaCoeff = k.y;
      hydroCoeff = k.z;
      artCoeff = k.w;
    }
    // With several fluids too: ν of the step of i's phase, its table's or its constant.
    if (tableViscosity) {
      nui = nrm[i].x;
    }
    var inrm = vec3<f32>(0.0);
    let eta2 = 0.01 * P.h * P.h;
    let invH = 1.0 / P.h;
    let heatOn = featureOn(FEATURE_HEAT, P.heatOn) && doPressure;
    let ti = aux[i].w;
    let h0 = heat[0];
    let h1 = heat[1];
    // 2 k / (ρ_i c_p): the pair term of one material, 4 k k / (2 k) = 2 k; with several fluids k and c_p
    // of i's phase (a temperature wall conducts with them too), an unlike pair's factor from the table.
    var cpi = h0.y;
    var condi = 2.0 * h0.x * invRhoi / cpi;
    if (multi) {
      let own = phaseTable[PHASE_PAIR + (MAX_PHASES + 1u) * phi];
      cpi = own.w;
      condi = own.z * invRhoi / cpi;
    }
    var dT = 0.0;
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
    // Surface tension: curvature from the neighbours' interface normals (packed in nrm.yz,
    // surfaceTension.wgsl), and the colour gradient of the normals' pass summed again for the surface delta
    // (walls filled, with two fluids the other fluid empty: i carries σ where it has a normal).
    var ni = vec3<f32>(0.0);
    if (featureOn(FEATURE_SURFACE_TENSION, P.surfaceTension) && doPressure) {
      ni = unpackNormal(nrm[i].yz);
    }
    let iface = any(ni != vec3<f32>(0.0));
    var curvNum = 0.0;
    var curvDen = 0.0;
    var colourGrad = vec3<f32>(0.0);
    let cells = neighbourCells(xi);
    for (var k = 0u; k < neighbourSpanCount(); k++) {
      let span = neighbourSpan(cells, k);
      for (var j = firstInSpan(span); j < span.w; j = nextInSpan(j, span)) {
        if (j == i) {
          continue;
        }
        let pj4 = pos[j];
        let rv = minImage(xi - pj4.xyz);
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
          // Several fluids: j's phase (its tag, as for i).
          var phj = phi;
          if (multi) {
            phj = phaseOf(nrm[j].w);
          }
          let same = phj == phi;
          if (heatOn) {
            var condij = condi;
            if (!same) {
              condij = phaseTable[PHASE_PAIR + MAX_PHASES * phi + phj].z * invRhoi / cpi;
            }
            dT += condij * (ti - auxj.w) * F * (r2 / (r2 + h0.z)) * vj;
          }
          if (iface && same) {
            colourGrad += (F * vj) * rv;
          }
          if (iface && kj == KIND_FLUID) {
            let nj = unpackNormal(nrm[j].yz);
            if (any(nj != vec3<f32>(0.0))) {
              let rn = dot(rv, ni);
              curvNum += dot(nj - ni, rv) * F * vj;
              curvDen -= F * (r2 - rn * rn) * vj;
            }
          }
          // Unlike phases: no density diffusion, no density gradient, the interface's viscosity.
          if (doPressure) {
            // Pressure sum of the pair and weight of the relative velocity in the continuity equation.
            var pij = pi + auxj.x;
            var cont = 1.0;
            if (!same) {
              let rho0j = phaseTable[PHASE_EOS + phj].x;
              if (rho0i < rho0j) {
                // A lighter fluid meets the heavier one as a moving wall: its own pressure carried to
                // j by its own hydrostatic gradient in place of p_j (see physics/rates.ts).
                var pw = pi - rhoi * dot(g, rv);
                if (featureOn(FEATURE_ROTATING, P.rotating)) {
                  pw += rhoi * centrifugalCurvature(rv);
                }
                pij = pi + pw;
              } else if (rho0i > rho0j) {
                // A heavier fluid meets the lighter one as a free surface under twice the light
                // pressure carried to the pair's midpoint; the light velocity does not compress it.
                var pl = auxj.x + 0.5 * rhoj * dot(g, rv);
                if (featureOn(FEATURE_ROTATING, P.rotating)) {
                  pl -= 0.75 * rhoj * centrifugalCurvature(rv);
                }
                pij = 2.0 * pl;
                cont = 0.0;
              }
            }
            acc += (-pij * invRhoi * vj * F) * rv;
            dr += cont * rhoi * vdotr * F * vj;
            if (same) {
              var bdotr = dot(g, rv);
              if (featureOn(FEATURE_ROTATING, P.rotating)) {
                bdotr -= centrifugalCurvature(rv);
              }
              let rhoH = -hydroCoeff * bdotr;
              dr -= deltaCoeff * (rhoj - rhoi - rhoH) * F * vj;
            }
          }
          if (doViscous) {
            var lam = 0.0;
            var art = 0.0;
            if (same) {
              var nuij = nui;
              if (tableViscosity && kj == KIND_FLUID) {
                let nuj = nrm[j].x;
                nuij = select(0.0, 2.0 * nui * nuj / (nui + nuj), nui + nuj > 0.0);
              }
              lam = (0.5 * VISC_COEFF * nuij * (rhoi + rhoj) * invRhoi * vj * F * vdotr) / (r2 + eta2);
              art = (artCoeff * invRhoi * vdotr * F * vj) / (r2 + eta2);
            } else {
              // The pair's harmonic mean dynamic viscosity and mean artificial viscosity, over i's
              // own density (physics/rates.ts).
              let m = phaseTable[PHASE_PAIR + MAX_PHASES * phi + phj];
              var mu = m.x;
              if (tableViscosity) {
                // Each side's ν of the step as dynamic viscosities ρ0 ν.
                let muI = rho0i * nui;
                let muJ = phaseTable[PHASE_EOS + phj].x * nrm[j].x;
                mu = select(0.0, 2.0 * muI * muJ / (muI + muJ), muI + muJ > 0.0);
              }
              lam = (VISC_COEFF * mu * invRhoi * vj * F * vdotr) / (r2 + eta2);
              art = (m.y * invRhoi * vdotr * F * vj) / (r2 + eta2);
            }
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
            if (!same) {
              inrm += fv * rv;
            }
            if (lyu) {
              if (same) {
                gr += ((rhoj - rhoi) * fv) * rv;
              }
              gvx -= (vij.x * fv) * rv;
              gvy -= (vij.y * fv) * rv;
              gvz -= (vij.z * fv) * rv;
            }
          }
        } else {
          let vj = P.wallVolume;
          if (iface) {
            colourGrad += (F * vj) * rv;
          }
          let tag = nrm[j];
          let tagBits = u32(tag.w + 0.5);
          let slip = (tagBits & 1u) == 0u;
          if (heatOn) {
            // r points from the wall particle to the fluid particle.
            let hw = heat[2u + 2u * (tagBits >> 1u)];
            let thermo = u32(hw.x + 0.5);
            if (thermo == 1u) {
              // Temperature continued linearly through the surface (temperatureWallRate).
              let dj = aux[j].z;
              let ratio = 1.0 + dj / max(dot(tag.xyz, rv) - dj, h0.w);
              dT += condi * (ti - hw.y) * ratio * F * (r2 / (r2 + h0.z)) * h1.z;
            } else if (thermo >= 2u) {
              let norm = rates[j].w;
              if (norm > 0.0) {
                var q = hw.z;
                if (thermo == 3u) {
                  q = hw.w * (heat[3u + 2u * (tagBits >> 1u)].x - ti);
                }
                let qq = r * invH;
                let wk = P.kernelAlpha * t * t * t * t * (2.0 * qq + 1.0);
                dT += q * h1.y * wk / (norm * rhoi * cpi);
              }
            }
          }
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
              if (featureOn(FEATURE_ROTATING, P.rotating)) {
                pR += rhoi * centrifugalCurvature(rv);
              }
              let dU = 2.0 * uL;
              var beta = c0i;
              if (P.lowDissipation != 0u) {
                beta = min(3.0 * max(dU, 0.0), c0i);
              }
              let rn = dot(rv, n);
              let pd = select(0.0, -beta * dU * vj * F * rn, rn > 0.0);
              acc += (-(pi + pR) * invRhoi * vj * F) * rv + pd * n;
              dr += rhoi * dot(rvel, rv) * F * vj;
            }
            if (doViscous && !slip) {
              // Ghost velocity 2 v_wall − v_i: v_i − v_ghost = 2 (v_i − v_wall).
              let lam = (2.0 * VISC_COEFF * nui * vj * F * dot(rvel, rv)) / (r2 + eta2);
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
              let lam = (0.5 * VISC_COEFF * nui * (rhoi + rhoj) * invRhoi * vj * F * dot(vi - vw4.xyz, rv)) / (r2 + eta2);
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
    if ((flags & RATE_STORE_VISCOUS) != 0u) {
      extra[3u * i + 2u] = vec4<f32>(va, extra[3u * i + 2u].w);
    }
    if (heatOn) {
      extra[3u * i + 2u].w = dT;
    }
    if (iface && curvDen > 0.0) {
      // a = −σ κ δ n / ρ, κ taken half a spacing out to the interface (physics/rates.ts), δ = |g| / C.
      let kappa = 2.0 * curvNum / curvDen;
      let delta = length(colourGrad) * P.stDeltaScale;
      acc += (-P.stSigma * kappa / (1.0 + 0.25 * kappa * P.dx) * delta * invRhoi) * ni;
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
        let il = length(inrm);
        if (il > 0.0) {
          // Within the kernel support of another phase: tangential shifting only (physics/rates.ts).
          let ni2 = inrm / il;
          d -= dot(d, ni2) * ni2;
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
