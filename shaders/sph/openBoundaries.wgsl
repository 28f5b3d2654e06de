// Open-boundary buffer states before each rate evaluation (GPU form of openBoundaryStates in
// src/solver/physics/boundaries.ts): the state arriving from the fluid through the Riemann invariant
// J = v·n - p / (ρ0 c0), and the prescribed normal velocity or pressure, constant or from the boundary's
// field profile (src/solver/physics/ioProfile.ts: samples on a (u, v) grid after the polygons in binding 16,
// header u0, v0, du, dv, nu, nv, then the values row by row; interpolated bilinearly, clamped to the grid).

@group(0) @binding(1) var<storage, read_write> pos: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read_write> vel: array<vec4<f32>>;
@group(0) @binding(3) var<storage, read_write> aux: array<vec4<f32>>;
@group(0) @binding(4) var<storage, read_write> nrm: array<vec4<f32>>;
@group(0) @binding(9) var<storage, read_write> cellStart: array<u32>;
@group(0) @binding(13) var<storage, read_write> globals: array<atomic<u32>>;
@group(0) @binding(15) var<storage, read> boundaries: array<OpenBoundary>;
@group(0) @binding(16) var<storage, read> polygons: array<f32>;

// The prescribed value of boundary b at x: v·n (m/s, into the domain) or p (Pa).
fn prescribedValue(b: OpenBoundary, x: vec3<f32>) -> f32 {
  if (b.sizes.y == 0u) {
    if (b.codes.z != 0u) {
      return b.values.z;
    }
    if (b.codes.y != 0u) {
      return -b.values.y;
    }
    return b.values.y;
  }
  let o = b.sizes.z;
  let d = x - b.origin.xyz;
  let u = dot(d, b.axisU.xyz);
  let v = dot(d, b.axisV.xyz);
  let nu = u32(polygons[o + 4u] + 0.5);
  let nv = u32(polygons[o + 5u] + 0.5);
  let fu = clamp((u - polygons[o]) / polygons[o + 2u], 0.0, f32(nu - 1u));
  let fv = clamp((v - polygons[o + 1u]) / polygons[o + 3u], 0.0, f32(nv - 1u));
  let iu = min(nu - 2u, u32(floor(fu)));
  let iv = min(nv - 2u, u32(floor(fv)));
  let su = fu - f32(iu);
  let sv = fv - f32(iv);
  let r0 = o + 6u + iv * nu + iu;
  let r1 = r0 + nu;
  let a = mix(polygons[r0], polygons[r0 + 1u], su);
  let c = mix(polygons[r1], polygons[r1 + 1u], su);
  return mix(a, c, sv);
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
  let prescribed = prescribedValue(b, p.xyz);
  var un = b.values.y;
  if (b.codes.y != 0u) {
    un = -b.values.y;
  }
  if (b.codes.z == 0u) {
    un = prescribed;
  }
  var pf = 0.0;
  var uf = un * n;
  if (s.sumW > 0.0) {
    pf = s.p / s.sumW;
    uf = s.v / s.sumW;
  } else if (b.codes.z != 0u) {
    pf = prescribed;
  }
  let impedance = P.rho0 * P.c0;
  let ufn = dot(uf, n);
  var pb = 0.0;
  var ub = vec3<f32>(0.0);
  if (b.codes.z == 0u) {
    pb = pf + impedance * (un - ufn);
    ub = un * n;
  } else {
    pb = prescribed;
    ub = (uf - ufn * n) + (ufn + (pb - pf) / impedance) * n;
  }
  vel[i] = vec4<f32>(ub, taitDensity(pb));
  aux[i].x = pb;
}
