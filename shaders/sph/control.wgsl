// Time-step control kept on the GPU (src/solver/timeStep.ts): single-invocation kernels over the
// global atomics buffer; time is an f32 pair (hi + lo) so that long runs keep their output times.

@group(0) @binding(13) var<storage, read_write> globals: array<atomic<u32>>;
@group(0) @binding(23) var<storage, read_write> indirect: array<u32>;

fn loadF(slot: u32) -> f32 {
  return bitcast<f32>(atomicLoad(&globals[slot]));
}

fn storeF(slot: u32, v: f32) {
  atomicStore(&globals[slot], bitcast<u32>(v));
}

// Error-free sum of two floats (Knuth): time is kept as hi + lo.
fn twoSum(a: f32, b: f32) -> vec2<f32> {
  let s = a + b;
  let bb = s - a;
  let e = (a - (s - bb)) + (b - bb);
  return vec2<f32>(s, e);
}

fn addTime(hi: f32, lo: f32, dt: f32) -> vec2<f32> {
  let s = twoSum(hi, dt);
  return twoSum(s.x, s.y + lo);
}

fn timeLeft() -> f32 {
  return (loadF(G_TARGET_HI) - loadF(G_T_HI)) + (loadF(G_TARGET_LO) - loadF(G_T_LO));
}

// Sound speed plus the largest speed, and the conduction bound with heat transfer; no force criterion
// (see timeStep.ts).
fn acousticDt(v2: f32) -> f32 {
  var dt = P.cflAc * P.h / (P.c0 + sqrt(v2));
  if (P.nu > 0.0) {
    dt = min(dt, P.cflVisc * P.h * P.h / P.nu);
  }
  if (P.thermalDt > 0.0) {
    dt = min(dt, P.thermalDt);
  }
  if (P.surfaceTension != 0u) {
    dt = min(dt, P.stCapillaryDt);
  }
  return dt;
}

fn advectionDt(v2: f32) -> f32 {
  let u = max(sqrt(v2), 0.1 * P.c0);
  var dt = P.cflAdv * P.h / u;
  if (P.nu > 0.0) {
    dt = min(dt, P.cflVisc * P.h * P.h / P.nu);
  }
  return dt;
}

// RK4 scheme, after the stage-1 rates: the step, shortened to land on the target time.
@compute @workgroup_size(1)
fn chooseStep() {
  let a2 = loadF(G_MAXA2);
  storeF(G_PREV_A2, a2);
  storeF(G_MAXV2, 0.0);
  if (atomicLoad(&globals[G_REACHED]) != 0u) {
    storeF(G_DT, 0.0);
    return;
  }
  let v2 = loadF(G_PREV_V2);
  var dt = P.staticDt;
  if (P.dynamicDt != 0u) {
    dt = acousticDt(v2);
  }
  let left = timeLeft();
  var reaches = 0u;
  if (dt >= left) {
    dt = left;
    reaches = 1u;
  } else if (2.0 * dt > left) {
    dt = 0.5 * left;
  }
  storeF(G_DT, max(dt, 0.0));
  storeF(G_SHIFT_SCALE, sqrt(v2) * dt);
  atomicStore(&globals[G_ADV_REACHES], reaches);
}

// Before the rates of the RK4 stage 1: fresh maximum of |a|².
@compute @workgroup_size(1)
fn beginStep() {
  storeF(G_MAXA2, 0.0);
}

// Dual scheme, before every acoustic sub-step: starts a new advection step when the last one is done
// (and then enables the viscous/shifting pass through the indirect dispatch arguments).
@compute @workgroup_size(1)
fn decideAdvection() {
  storeF(G_MAXV2, 0.0);
  let chunks = P.nChunks;
  var start = false;
  if (atomicLoad(&globals[G_REACHED]) != 0u) {
    storeF(G_DT, 0.0);
  } else if (atomicLoad(&globals[G_ADV_LEFT]) == 0u) {
    start = true;
    let v2 = loadF(G_PREV_V2);
    var ac = P.staticDt;
    var adv = P.staticAdvDt;
    if (P.dynamicDt != 0u) {
      ac = acousticDt(v2);
      adv = advectionDt(v2);
    }
    adv = min(adv, f32(P.maxSub) * ac);
    // A whole number of acoustic steps (timeStep.ts, wholeAcousticSteps).
    if (adv >= ac) {
      adv = floor(adv / ac + 1e-6) * ac;
    }
    let left = timeLeft();
    var reaches = 0u;
    if (adv >= left) {
      adv = left;
      reaches = 1u;
    } else if (2.0 * adv > left) {
      adv = 0.5 * left;
    }
    let m = clamp(u32(ceil(adv / ac - 1e-6)), 1u, P.maxSub);
    atomicStore(&globals[G_ADV_LEFT], m);
    atomicStore(&globals[G_ADV_REACHES], reaches);
    var end = addTime(loadF(G_T_HI), loadF(G_T_LO), adv);
    if (reaches != 0u) {
      end = vec2<f32>(loadF(G_TARGET_HI), loadF(G_TARGET_LO));
    }
    storeF(G_ADV_END_HI, end.x);
    storeF(G_ADV_END_LO, end.y);
    storeF(G_DT, adv / f32(m));
    storeF(G_SHIFT_SCALE, sqrt(v2) * adv);
  }
  for (var c = 0u; c < chunks; c++) {
    var groups = 0u;
    if (start) {
      let first = c * P.chunkSize;
      groups = (min(P.chunkSize, P.capacity - first) + 63u) / 64u;
    }
    indirect[3u * c] = groups;
    indirect[3u * c + 1u] = 1u;
    indirect[3u * c + 2u] = 1u;
  }
  storeF(G_MAXA2, 0.0);
}

// Dual scheme, after the stage-1 rates of a sub-step.
@compute @workgroup_size(1)
fn afterRates() {
  storeF(G_PREV_A2, loadF(G_MAXA2));
}

@compute @workgroup_size(1)
fn endStep() {
  let dt = loadF(G_DT);
  if (dt <= 0.0) {
    return;
  }
  atomicAdd(&globals[G_STEPS], 1u);
  storeF(G_PREV_V2, loadF(G_MAXV2));
  var t = addTime(loadF(G_T_HI), loadF(G_T_LO), dt);
  var done = atomicLoad(&globals[G_ADV_REACHES]) != 0u;
  if (P.dual != 0u) {
    let left = atomicLoad(&globals[G_ADV_LEFT]) - 1u;
    atomicStore(&globals[G_ADV_LEFT], left);
    if (left == 0u) {
      t = vec2<f32>(loadF(G_ADV_END_HI), loadF(G_ADV_END_LO));
    } else {
      done = false;
    }
  } else if (done) {
    t = vec2<f32>(loadF(G_TARGET_HI), loadF(G_TARGET_LO));
  }
  if (done) {
    atomicStore(&globals[G_REACHED], 1u);
  }
  storeF(G_T_HI, t.x);
  storeF(G_T_LO, t.y);
}

