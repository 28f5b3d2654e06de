// Poses and velocity fields of the bodies at the time of a rate evaluation (GPU form of
// src/solver/physics/motion.ts and the domain's kinematics): one invocation per body composes the own
// motions of its movement chains with their time derivatives; invocation 0 also interpolates the
// acceleration file and stores the frame's gravity g − a(t) in the global slots.
//
// Motion table (binding 24), vec4 rows: header (movements, bodies row, conditions row, chain row),
// (samples row, samples, bodies, end time); per movement 3 rows: (rotatory, start, end, vel),
// (acc, unit axis or direction), (centre, 0); per body (geometry chain start, length, first condition,
// conditions); per condition (chain start, length, 0, 0); chain entries (movement index, 0, 0, 0);
// samples (t, ax, ay, az). Indices are stored as floats (exact below 2^24).
// Body fields (binding 25), 10 rows per body: (R row k | T_k) k = 0..2, (W row k | u_k), (A row k | b_k),
// (moves, 0, 0, 0); the velocity field is v = W x + u, the acceleration field a = A x + b. The rows
// (W row k | u_k) again in binding 27, which the rates read as a uniform array.

@group(0) @binding(13) var<storage, read_write> globals: array<atomic<u32>>;
@group(0) @binding(24) var<storage, read> table: array<vec4<f32>>;
@group(0) @binding(25) var<storage, read_write> fields: array<vec4<f32>>;
@group(0) @binding(27) var<storage, read_write> bodyVelocity: array<vec4<f32>>;

struct Motion {
  r: mat3x3<f32>,
  t: vec3<f32>,
  dr: mat3x3<f32>,
  dt: vec3<f32>,
  ddr: mat3x3<f32>,
  ddt: vec3<f32>,
}

fn loadF(slot: u32) -> f32 {
  return bitcast<f32>(atomicLoad(&globals[slot]));
}

fn storeF(slot: u32, v: f32) {
  atomicStore(&globals[slot], bitcast<u32>(v));
}

fn rest() -> Motion {
  var m: Motion;
  m.r = mat3x3<f32>(vec3<f32>(1.0, 0.0, 0.0), vec3<f32>(0.0, 1.0, 0.0), vec3<f32>(0.0, 0.0, 1.0));
  m.t = vec3<f32>(0.0);
  m.dr = mat3x3<f32>(vec3<f32>(0.0), vec3<f32>(0.0), vec3<f32>(0.0));
  m.dt = vec3<f32>(0.0);
  m.ddr = m.dr;
  m.ddt = vec3<f32>(0.0);
  return m;
}

// Cross-product matrix of k (columns, as WGSL stores matrices): K v = k × v.
fn crossMatrix(k: vec3<f32>) -> mat3x3<f32> {
  return mat3x3<f32>(vec3<f32>(0.0, k.z, -k.y), vec3<f32>(-k.z, 0.0, k.x), vec3<f32>(k.y, -k.x, 0.0));
}

// sin and cos of an angle to float precision. WGSL's built-ins may be off by 2^-11 (SwiftShader's are by
// 1e-4), which turned a paddle's walls 1e-4 rad off the CPU's: the angle is reduced to a quadrant with 2π
// and π/2 split into two floats, then Taylor series (truncation below 1e-9 within ±π/4).
fn sinCos(angle: f32) -> vec2<f32> {
  let turns = round(angle * 0.15915494);
  var r = (angle - turns * 6.2831855) + turns * 1.7484555e-7;
  let q = round(r * 0.63661977);
  r = (r - q * 1.5707964) + q * 4.3711388e-8;
  let r2 = r * r;
  let s = r * (1.0 - r2 / 6.0 * (1.0 - r2 / 20.0 * (1.0 - r2 / 42.0 * (1.0 - r2 / 72.0))));
  let c = 1.0 - r2 / 2.0 * (1.0 - r2 / 12.0 * (1.0 - r2 / 30.0 * (1.0 - r2 / 56.0 * (1.0 - r2 / 90.0))));
  let quadrant = i32(q) & 3;
  if (quadrant == 0) {
    return vec2<f32>(s, c);
  }
  if (quadrant == 1) {
    return vec2<f32>(c, -s);
  }
  if (quadrant == 2) {
    return vec2<f32>(-s, -c);
  }
  return vec2<f32>(-c, s);
}

// Own motion of movement `m` at the time given as hi + lo (kinematics.ts ownMotionAt).
fn ownMotion(m: u32, hi: f32, lo: f32) -> Motion {
  let a = table[2u + 3u * m];
  let b = table[3u + 3u * m];
  let c = table[4u + 3u * m].xyz;
  let start = a.y;
  let end = a.z;
  let since = (hi - start) + lo;
  var distance = 0.0;
  var speed = 0.0;
  var acc = 0.0;
  if (since > 0.0) {
    let running = since < end - start;
    let tau = min(since, end - start);
    distance = a.w * tau + 0.5 * b.x * tau * tau;
    if (running) {
      speed = a.w + b.x * tau;
      acc = b.x;
    }
  }
  var o = rest();
  let k = b.yzw;
  if (a.x < 0.5) {
    o.t = distance * k;
    o.dt = speed * k;
    o.ddt = acc * k;
    return o;
  }
  let K = crossMatrix(k);
  let K2 = K * K;
  let sc = sinCos(distance);
  o.r = o.r + sc.x * K + (1.0 - sc.y) * K2;
  let KR = K * o.r;
  o.dr = speed * KR;
  o.ddr = acc * KR + (speed * speed) * (K * KR);
  o.t = c - o.r * c;
  o.dt = -(o.dr * c);
  o.ddt = -(o.ddr * c);
  return o;
}

// x ∘ y (first y, then x) with derivatives by the product rule.
fn compose(x: Motion, y: Motion) -> Motion {
  var o: Motion;
  o.r = x.r * y.r;
  o.dr = x.dr * y.r + x.r * y.dr;
  o.ddr = x.ddr * y.r + 2.0 * (x.dr * y.dr) + x.r * y.ddr;
  o.t = x.r * y.t + x.t;
  o.dt = x.dr * y.t + x.r * y.dt + x.dt;
  o.ddt = x.ddr * y.t + 2.0 * (x.dr * y.dt) + x.r * y.ddt + x.ddt;
  return o;
}

// F_1 ∘ … ∘ F_n of the chain entries [first, first + n).
fn chainMotion(first: u32, n: u32, hi: f32, lo: f32) -> Motion {
  var m = rest();
  let chainRow = u32(table[0].w);
  for (var k = 0u; k < n; k++) {
    let entry = u32(table[chainRow + first + n - 1u - k].x);
    m = compose(ownMotion(entry, hi, lo), m);
  }
  return m;
}

// Row k of a matrix (WGSL matrices are stored by column).
fn row(m: mat3x3<f32>, k: u32) -> vec3<f32> {
  return vec3<f32>(m[0][k], m[1][k], m[2][k]);
}

fn frameGravity(hi: f32, lo: f32) -> vec3<f32> {
  let g = vec3<f32>(P.gx, P.gy, P.gz);
  let first = u32(table[1].x);
  let n = u32(table[1].y);
  if (n == 0u) {
    return g;
  }
  let t = hi + lo;
  var a = table[first].yzw;
  if (t >= table[first + n - 1u].x) {
    a = table[first + n - 1u].yzw;
  } else if (t > table[first].x) {
    var l = 0u;
    var h = n - 1u;
    while (h - l > 1u) {
      let mid = (l + h) / 2u;
      if (table[first + mid].x <= t) {
        l = mid;
      } else {
        h = mid;
      }
    }
    let s0 = table[first + l];
    let s1 = table[first + h];
    let f = (t - s0.x) / (s1.x - s0.x);
    a = s0.yzw + f * (s1.yzw - s0.yzw);
  }
  return g - a;
}

// Stage fractions of the RK4 evaluations: 0, 1/2, 1/2, 1 of the step.
fn stageFraction(stage: u32) -> f32 {
  if (stage == 0u) {
    return 0.0;
  }
  if (stage == 3u) {
    return 1.0;
  }
  return 0.5;
}

@compute @workgroup_size(64)
fn bodyMotion(@builtin(global_invocation_id) gid: vec3<u32>) {
  let body = gid.x;
  var lo = loadF(G_T_LO);
  let hi = loadF(G_T_HI);
  if (D.stage > 0u) {
    lo += stageFraction(D.stage) * loadF(G_DT);
  }
  if (body == 0u) {
    let g = frameGravity(hi, lo);
    storeF(G_GRAV_X, g.x);
    storeF(G_GRAV_Y, g.y);
    storeF(G_GRAV_Z, g.z);
  }
  if (body >= P.nBodies) {
    return;
  }
  let bodyRow = u32(table[0].y);
  let condRow = u32(table[0].z);
  let info = table[bodyRow + body];
  let geo = chainMotion(u32(info.x), u32(info.y), hi, lo);
  let rt = transpose(geo.r);
  var w = geo.dr * rt;
  var u = geo.dt - w * geo.t;
  let acc = geo.ddr * rt;
  let b = geo.ddt - acc * geo.t;
  let nc = u32(info.w);
  for (var k = 0u; k < nc; k++) {
    let cond = table[condRow + u32(info.z) + k];
    let first = u32(cond.x);
    let n = u32(cond.y);
    // The condition's own motion seen from its leaders: the whole chain's field less the leaders'.
    let whole = chainMotion(first, n, hi, lo);
    let lead = chainMotion(first, n - 1u, hi, lo);
    let ww = whole.dr * transpose(whole.r);
    let wl = lead.dr * transpose(lead.r);
    w = w + (ww - wl);
    u = u + ((whole.dt - ww * whole.t) - (lead.dt - wl * lead.t));
  }
  let o = 10u * body;
  for (var k = 0u; k < 3u; k++) {
    fields[o + k] = vec4<f32>(row(geo.r, k), geo.t[k]);
    fields[o + 3u + k] = vec4<f32>(row(w, k), u[k]);
    bodyVelocity[3u * body + k] = vec4<f32>(row(w, k), u[k]);
    fields[o + 6u + k] = vec4<f32>(row(acc, k), b[k]);
  }
  var moves = 0.0;
  if (info.y > 0.0 || info.w > 0.0) {
    moves = 1.0;
  }
  fields[o + 9u] = vec4<f32>(moves, 0.0, 0.0, 0.0);
}
