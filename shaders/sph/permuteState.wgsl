// Scatter of the particle state into cell order after the counting sort, a few arrays at a time through a
// single scratch (binding 17, as large as the largest record: extra's three vec4): pos, vel and aux
// together, then nrm, extra and the ids each alone; the host copies the scratch back over the arrays
// before the next are scattered: one buffer of 48 bytes per particle instead of a second copy of every
// array (120 bytes). The ids come last (permuteTags.wgsl).

@group(0) @binding(1) var<storage, read> pos: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read> vel: array<vec4<f32>>;
@group(0) @binding(3) var<storage, read> aux: array<vec4<f32>>;
@group(0) @binding(4) var<storage, read> nrm: array<vec4<f32>>;
@group(0) @binding(8) var<storage, read> extra: array<vec4<f32>>;
// x: the particle's place in cell order (sort.wgsl, destinations).
@group(0) @binding(11) var<storage, read> cellRank: array<vec2<u32>>;
@group(0) @binding(17) var<storage, read_write> sorted: array<vec4<f32>>;

// pos, vel and aux in one dispatch, each in its third of the scratch.
@compute @workgroup_size(64)
fn permuteMotion(@builtin(global_invocation_id) gid: vec3<u32>) {
  let i = D.base + gid.x;
  if (i < P.capacity) {
    let d = cellRank[i].x;
    sorted[d] = pos[i];
    sorted[P.capacity + d] = vel[i];
    sorted[2u * P.capacity + d] = aux[i];
  }
}

@compute @workgroup_size(64)
fn permuteNrm(@builtin(global_invocation_id) gid: vec3<u32>) {
  let i = D.base + gid.x;
  if (i < P.capacity) {
    sorted[cellRank[i].x] = nrm[i];
  }
}

@compute @workgroup_size(64)
fn permuteExtra(@builtin(global_invocation_id) gid: vec3<u32>) {
  let i = D.base + gid.x;
  if (i >= P.capacity) {
    return;
  }
  let d = cellRank[i].x;
  sorted[3u * d] = extra[3u * i];
  sorted[3u * d + 1u] = extra[3u * i + 1u];
  sorted[3u * d + 2u] = extra[3u * i + 2u];
}
