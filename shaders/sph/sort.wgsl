// Cell-linked list by counting sort on the GPU: count particles per bin (the atomic add also gives each
// particle its rank inside the bin), exclusive prefix sum over the bins in three passes, then scatter
// the particle state into bin order. Bins: moving particles by cell [0, nCells), walls by cell
// [nCells, 2 nCells), dead particles 2 nCells. Fluid therefore comes first and walls after it, so that
// per-fluid kernels do not spend lanes on walls, and each row of cells is two contiguous ranges.

@group(0) @binding(1) var<storage, read_write> pos: array<vec4<f32>>;
@group(0) @binding(9) var<storage, read_write> cellStart: array<u32>;
@group(0) @binding(10) var<storage, read_write> cellCounts: array<atomic<u32>>;
@group(0) @binding(11) var<storage, read_write> cellRank: array<vec2<u32>>;
@group(0) @binding(12) var<storage, read_write> blockSums: array<u32>;
@group(0) @binding(13) var<storage, read_write> globals: array<atomic<u32>>;

const SCAN_BLOCK: u32 = 1024u;
var<workgroup> scratch: array<u32, 256>;

fn binCount() -> u32 {
  return 2u * P.nCells + 1u;
}

@compute @workgroup_size(64)
fn clearCounts(@builtin(global_invocation_id) gid: vec3<u32>) {
  let c = D.base + gid.x;
  if (c < binCount()) {
    atomicStore(&cellCounts[c], 0u);
  }
}

@compute @workgroup_size(64)
fn countCells(@builtin(global_invocation_id) gid: vec3<u32>) {
  let i = D.base + gid.x;
  if (i >= P.capacity) {
    return;
  }
  if (i >= atomicLoad(&globals[G_COUNT])) {
    cellRank[i] = vec2<u32>(INVALID, 0u);
    return;
  }
  let p = pos[i];
  let k = kindOf(p.w);
  var c = 2u * P.nCells;
  if (k == KIND_WALL) {
    c = P.nCells + cellIndex(cellCoord(p.xyz));
  } else if (k != KIND_DEAD) {
    c = cellIndex(cellCoord(p.xyz));
  }
  let rank = atomicAdd(&cellCounts[c], 1u);
  cellRank[i] = vec2<u32>(c, rank);
}

// Pass 1: each workgroup scans SCAN_BLOCK counts (4 per invocation) and writes the block total.
@compute @workgroup_size(256)
fn scanBlocks(@builtin(local_invocation_id) lid: vec3<u32>, @builtin(workgroup_id) wid: vec3<u32>) {
  let block = wid.x + D.base;
  let first = block * SCAN_BLOCK + lid.x * 4u;
  var v: array<u32, 4>;
  var sum = 0u;
  for (var k = 0u; k < 4u; k++) {
    let c = first + k;
    var n = 0u;
    if (c < binCount()) {
      n = atomicLoad(&cellCounts[c]);
    }
    v[k] = sum;
    sum += n;
  }
  scratch[lid.x] = sum;
  workgroupBarrier();
  // Hillis-Steele inclusive scan of the per-invocation sums.
  for (var off = 1u; off < 256u; off *= 2u) {
    var add = 0u;
    if (lid.x >= off) {
      add = scratch[lid.x - off];
    }
    workgroupBarrier();
    scratch[lid.x] += add;
    workgroupBarrier();
  }
  let before = scratch[lid.x] - sum;
  for (var k = 0u; k < 4u; k++) {
    let c = first + k;
    if (c < binCount()) {
      cellStart[c] = before + v[k];
    }
  }
  if (lid.x == 255u) {
    blockSums[block] = scratch[255];
  }
}

// Pass 2: one workgroup turns the block totals into exclusive block offsets.
@compute @workgroup_size(256)
fn scanSums(@builtin(local_invocation_id) lid: vec3<u32>) {
  let blocks = (binCount() + SCAN_BLOCK - 1u) / SCAN_BLOCK;
  let per = (blocks + 255u) / 256u;
  let first = lid.x * per;
  var sum = 0u;
  for (var k = 0u; k < per; k++) {
    let b = first + k;
    if (b < blocks) {
      let n = blockSums[b];
      blockSums[b] = sum;
      sum += n;
    }
  }
  scratch[lid.x] = sum;
  workgroupBarrier();
  for (var off = 1u; off < 256u; off *= 2u) {
    var add = 0u;
    if (lid.x >= off) {
      add = scratch[lid.x - off];
    }
    workgroupBarrier();
    scratch[lid.x] += add;
    workgroupBarrier();
  }
  let before = scratch[lid.x] - sum;
  for (var k = 0u; k < per; k++) {
    let b = first + k;
    if (b < blocks) {
      blockSums[b] += before;
    }
  }
}

// Pass 3: add the block offsets.
@compute @workgroup_size(64)
fn addOffsets(@builtin(global_invocation_id) gid: vec3<u32>) {
  let c = D.base + gid.x;
  if (c < binCount()) {
    cellStart[c] += blockSums[c / SCAN_BLOCK];
  }
}

// Pass 4: each particle's place in cell order into cellRank.x, read by every scatter of the sort
// (permuteState.wgsl, permuteTags.wgsl). The places of the particles below the count are a permutation of
// [0, count); the slots above it keep their own place, so that copying the scratch back over an array
// leaves them as they were.
@compute @workgroup_size(64)
fn destinations(@builtin(global_invocation_id) gid: vec3<u32>) {
  let i = D.base + gid.x;
  if (i >= P.capacity) {
    return;
  }
  let cr = cellRank[i];
  var d = i;
  if (cr.x != INVALID) {
    d = cellStart[cr.x] + cr.y;
  }
  cellRank[i] = vec2<u32>(d, cr.y);
}

// After the scatter: the live count is the start of the dead bin.
@compute @workgroup_size(1)
fn finishSort() {
  let live = cellStart[2u * P.nCells];
  atomicStore(&globals[G_COUNT], live);
  atomicStore(&globals[G_LIVE], live);
}
