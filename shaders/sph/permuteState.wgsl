// Scatter of the particle state into cell order after the counting sort; the host copies the
// destinations back over the sources. Split over two kernels to stay within eight storage buffers.

@group(0) @binding(1) var<storage, read_write> pos: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read_write> vel: array<vec4<f32>>;
@group(0) @binding(3) var<storage, read_write> aux: array<vec4<f32>>;
@group(0) @binding(9) var<storage, read_write> cellStart: array<u32>;
@group(0) @binding(11) var<storage, read_write> cellRank: array<vec2<u32>>;
@group(0) @binding(17) var<storage, read_write> pos2: array<vec4<f32>>;
@group(0) @binding(18) var<storage, read_write> vel2: array<vec4<f32>>;
@group(0) @binding(19) var<storage, read_write> aux2: array<vec4<f32>>;

fn destination(i: u32) -> u32 {
  let cr = cellRank[i];
  if (cr.x == INVALID) {
    return INVALID;
  }
  return cellStart[cr.x] + cr.y;
}

@compute @workgroup_size(64)
fn permuteState(@builtin(global_invocation_id) gid: vec3<u32>) {
  let i = D.base + gid.x;
  if (i >= P.capacity) {
    return;
  }
  let d = destination(i);
  if (d == INVALID) {
    return;
  }
  pos2[d] = pos[i];
  vel2[d] = vel[i];
  aux2[d] = aux[i];
}
