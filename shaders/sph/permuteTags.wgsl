// Scatter of the particle state into cell order after the counting sort; the host copies the
// destinations back over the sources. Split over two kernels to stay within eight storage buffers.

@group(0) @binding(4) var<storage, read_write> nrm: array<vec4<f32>>;
@group(0) @binding(5) var<storage, read_write> ids: array<vec2<u32>>;
@group(0) @binding(8) var<storage, read_write> extra: array<vec4<f32>>;
@group(0) @binding(9) var<storage, read_write> cellStart: array<u32>;
@group(0) @binding(11) var<storage, read_write> cellRank: array<vec2<u32>>;
@group(0) @binding(20) var<storage, read_write> nrm2: array<vec4<f32>>;
@group(0) @binding(21) var<storage, read_write> ids2: array<vec2<u32>>;
@group(0) @binding(22) var<storage, read_write> extra2: array<vec4<f32>>;

fn destination(i: u32) -> u32 {
  let cr = cellRank[i];
  if (cr.x == INVALID) {
    return INVALID;
  }
  return cellStart[cr.x] + cr.y;
}

@compute @workgroup_size(64)
fn permuteTags(@builtin(global_invocation_id) gid: vec3<u32>) {
  let i = D.base + gid.x;
  if (i >= P.capacity) {
    return;
  }
  let d = destination(i);
  if (d == INVALID) {
    return;
  }
  nrm2[d] = nrm[i];
  ids2[d] = ids[i];
  extra2[3u * d] = extra[3u * i];
  extra2[3u * d + 1u] = extra[3u * i + 1u];
  extra2[3u * d + 2u] = extra[3u * i + 2u];
}
