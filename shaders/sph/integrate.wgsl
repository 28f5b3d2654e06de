// RK4 stage updates on the GPU (src/solver/physics/integrate.ts): accumulate the stage rates, set the
// next stage state, and at the last stage apply shifting, the density limiter and the deletion boundary.
// With heat transfer the fluid's temperature takes the same stages; buffers keep theirs. With several
// fluids each particle's pressure follows its phase's equation of state.

@group(0) @binding(1) var<storage, read_write> pos: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read_write> vel: array<vec4<f32>>;
@group(0) @binding(3) var<storage, read_write> aux: array<vec4<f32>>;
@group(0) @binding(4) var<storage, read_write> nrm: array<vec4<f32>>;
@group(0) @binding(6) var<storage, read_write> rk: array<vec4<f32>>;
@group(0) @binding(7) var<storage, read_write> rates: array<vec4<f32>>;
@group(0) @binding(8) var<storage, read_write> extra: array<vec4<f32>>;
@group(0) @binding(13) var<storage, read_write> globals: array<atomic<u32>>;
// Several fluids: each phase's equation of state in the phase table (common.wgsl).
@group(0) @binding(29) var<uniform> phaseTable: array<vec4<f32>, PHASE_ROWS>;

var<workgroup> wgMax: array<f32, 64>;

// Tait pressure of fluid particle i: with several fluids, of its phase (its tag, common.wgsl).
fn particlePressure(i: u32, rho: f32) -> f32 {
  if (P.nPhases <= 1u) {
    return taitPressure(rho);
  }
  let e = phaseTable[PHASE_EOS + phaseOf(nrm[i].w)];
  return e.z * (pow(rho / e.x, e.w) - 1.0);
}

fn loadF(slot: u32) -> f32 {
  return bitcast<f32>(atomicLoad(&globals[slot]));
}

@compute @workgroup_size(64)
fn stageUpdate(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_id) lid: vec3<u32>) {
  let i = D.base + gid.x;
  let stage = D.stage;
  let last = stage == 3u;
  let dt = loadF(G_DT);
  var v2 = 0.0;
  if (i < atomicLoad(&globals[G_COUNT]) && dt > 0.0) {
    let p4 = pos[i];
    let k = kindOf(p4.w);
    if (k == KIND_FLUID || k == KIND_BUFFER) {
      let v4 = vel[i];
      if (stage == 0u) {
        rk[4u * i] = vec4<f32>(p4.xyz, v4.w);
        rk[4u * i + 1u] = vec4<f32>(v4.xyz, aux[i].w);
        rk[4u * i + 2u] = vec4<f32>(0.0);
        rk[4u * i + 3u] = vec4<f32>(0.0);
      }
      // RK4 weights 1, 2, 2, 1 and stage fractions 1/2, 1/2, 1 of dt.
      let w = select(2.0, 1.0, stage == 0u || stage == 3u);
      var cdt = dt / 6.0;
      if (!last) {
        cdt = select(dt, 0.5 * dt, stage < 2u);
      }
      let y0 = rk[4u * i];
      var kx = rk[4u * i + 2u];
      kx = vec4<f32>(kx.xyz + w * v4.xyz, kx.w);
      if (k == KIND_BUFFER) {
        rk[4u * i + 2u] = kx;
        if (last) {
          pos[i] = vec4<f32>(y0.xyz + cdt * kx.xyz, p4.w);
        } else {
          pos[i] = vec4<f32>(y0.xyz + cdt * v4.xyz, p4.w);
        }
      } else {
        let a = rates[i];
        kx.w += w * a.w;
        rk[4u * i + 2u] = kx;
        var kv = rk[4u * i + 3u];
        var dT = 0.0;
        if (P.heatOn != 0u) {
          dT = extra[3u * i + 2u].w;
        }
        kv = vec4<f32>(kv.xyz + w * a.xyz, kv.w + w * dT);
        rk[4u * i + 3u] = kv;
        let v04 = rk[4u * i + 1u];
        let v0 = v04.xyz;
        var temperature = aux[i].w;
        if (P.heatOn != 0u) {
          temperature = v04.w + cdt * select(dT, kv.w, last);
        }
        var x = vec3<f32>(0.0);
        var v = vec3<f32>(0.0);
        var r = 0.0;
        var kind = p4.w;
        var fs = aux[i].z;
        if (last) {
          x = y0.xyz + cdt * kx.xyz;
          v = v0 + cdt * kv.xyz;
          r = y0.w + cdt * kx.w;
          var apply = D.extra != 0u;
          if (P.dual != 0u) {
            apply = apply && atomicLoad(&globals[G_ADV_LEFT]) == 1u;
          }
          if (apply) {
            let s0 = extra[3u * i];
            let s1 = extra[3u * i + 1u];
            fs = s1.w;
            var f = loadF(G_SHIFT_SCALE);
            let len = length(s0.xyz) * f;
            if (len > P.shiftMax) {
              f *= P.shiftMax / len;
            }
            x += f * s0.xyz;
            r += f * s0.w;
            v += f * s1.xyz;
          }
          // Periodic axes: leaving at dmax re-enters at dmin and vice versa (the grid starts at dmin there).
          x = wrapPosition(x);
          var dead = false;
          if (P.domainActive != 0u) {
            dead = x.x < P.dminx || x.y < P.dminy || x.z < P.dminz || x.x > P.dmaxx || x.y > P.dmaxy || x.z > P.dmaxz;
          }
          if (dead) {
            kind = f32(KIND_DEAD);
          } else {
            v2 = dot(v, v);
          }
        } else {
          x = y0.xyz + cdt * v4.xyz;
          v = v0 + cdt * a.xyz;
          r = y0.w + cdt * a.w;
        }
        if (P.densityLimiter != 0u) {
          r = clamp(r, P.rhoMin, P.rhoMax);
        }
        pos[i] = vec4<f32>(x, kind);
        vel[i] = vec4<f32>(v, r);
        let au = aux[i];
        aux[i] = vec4<f32>(particlePressure(i, r), au.y, fs, temperature);
      }
    }
  }
  if (last) {
    wgMax[lid.x] = v2;
    workgroupBarrier();
    for (var off = 32u; off > 0u; off /= 2u) {
      if (lid.x < off) {
        wgMax[lid.x] = max(wgMax[lid.x], wgMax[lid.x + off]);
      }
      workgroupBarrier();
    }
    if (lid.x == 0u) {
      atomicMax(&globals[G_MAXV2], bitcast<u32>(wgMax[0]));
    }
  }
}

