// Scatter of the ids into cell order, the last array of the sort (permuteState.wgsl): the scratch of
// binding 17 read here as (id, body) pairs.

@group(0) @binding(5) var<storage, read> ids: array<vec2<u32>>;
@group(0) @binding(11) var<storage, read> cellRank: array<vec2<u32>>;
@group(0) @binding(17) var<storage, read_write> sortedIds: array<vec2<u32>>;

@compute @workgroup_size(64)
fn permuteIds(@builtin(global_invocation_id) gid: vec3<u32>) {
  let i = D.base + gid.x;
  if (i < P.capacity) {
    sortedIds[cellRank[i].x] = ids[i];
  }
}
