// End-of-step open-boundary bookkeeping on the GPU (src/solver/physics/openBoundary.ts).

@group(0) @binding(1) var<storage, read_write> pos: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read_write> vel: array<vec4<f32>>;
@group(0) @binding(3) var<storage, read_write> aux: array<vec4<f32>>;
@group(0) @binding(4) var<storage, read_write> nrm: array<vec4<f32>>;
@group(0) @binding(5) var<storage, read_write> ids: array<vec2<u32>>;
@group(0) @binding(13) var<storage, read_write> globals: array<atomic<u32>>;
@group(0) @binding(15) var<storage, read> boundaries: array<OpenBoundary>;
@group(0) @binding(16) var<storage, read> polygons: array<vec2<f32>>;

fn loadF(slot: u32) -> f32 {
  return bitcast<f32>(atomicLoad(&globals[slot]));
}

fn insidePolygon(b: OpenBoundary, q: vec3<f32>) -> bool {
  let r = q - b.origin.xyz;
  let u = dot(r, b.axisU.xyz);
  let v = dot(r, b.axisV.xyz);
  for (var t = 0u; t < b.sizes.x; t += 3u) {
    let a = polygons[b.codes.w + t];
    let bb = polygons[b.codes.w + t + 1u];
    let c = polygons[b.codes.w + t + 2u];
    let d1 = (bb.x - a.x) * (v - a.y) - (bb.y - a.y) * (u - a.x);
    let d2 = (c.x - bb.x) * (v - bb.y) - (c.y - bb.y) * (u - bb.x);
    let d3 = (a.x - c.x) * (v - c.y) - (a.y - c.y) * (u - c.x);
    let neg = d1 < 0.0 || d2 < 0.0 || d3 < 0.0;
    let posi = d1 > 0.0 || d2 > 0.0 || d3 > 0.0;
    if (!(neg && posi)) {
      return true;
    }
  }
  return false;
}

// After endStep: fluid entering a buffer zone turns into buffer, buffer leaving into the fluid turns
// into fluid (inlets spawn a replacement one buffer depth upstream), buffer leaving the zone is removed.
@compute @workgroup_size(64)
fn housekeeping(@builtin(global_invocation_id) gid: vec3<u32>) {
  let i = D.base + gid.x;
  if (i >= atomicLoad(&globals[G_LIVE]) || loadF(G_DT) <= 0.0) {
    return;
  }
  let p4 = pos[i];
  let k = kindOf(p4.w);
  if (k == KIND_FLUID) {
    for (var bi = 0u; bi < P.nBoundaries; bi++) {
      let b = boundaries[bi];
      let sd = dot(p4.xyz - b.origin.xyz, b.normal.xyz);
      if (sd < 0.0 && sd > -b.values.x && insidePolygon(b, p4.xyz)) {
        pos[i] = vec4<f32>(p4.xyz, f32(KIND_BUFFER));
        ids[i] = vec2<u32>(ids[i].x, b.codes.x);
        nrm[i] = vec4<f32>(b.normal.xyz, f32(bi));
        break;
      }
    }
  } else if (k == KIND_BUFFER) {
    let bi = u32(nrm[i].w + 0.5);
    let b = boundaries[bi];
    let sd = dot(p4.xyz - b.origin.xyz, b.normal.xyz);
    if (sd >= 0.0) {
      if (b.codes.y == 0u) {
        let n = atomicAdd(&globals[G_COUNT], 1u);
        if (n < P.capacity) {
          pos[n] = vec4<f32>(p4.xyz - b.values.x * b.normal.xyz, f32(KIND_BUFFER));
          vel[n] = vel[i];
          aux[n] = aux[i];
          nrm[n] = nrm[i];
          ids[n] = vec2<u32>(atomicAdd(&globals[G_NEXT_ID], 1u), ids[i].y);
        } else {
          atomicSub(&globals[G_COUNT], 1u);
          atomicStore(&globals[G_OVERFLOW], 1u);
        }
      }
      pos[i] = vec4<f32>(p4.xyz, f32(KIND_FLUID));
    } else if (sd <= -b.values.x || !insidePolygon(b, p4.xyz)) {
      pos[i] = vec4<f32>(p4.xyz, f32(KIND_DEAD));
    }
  }
}
