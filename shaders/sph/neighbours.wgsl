// The neighbour walk of the kernels that sum over particle pairs. The GPU's cells are the kernel support
// or, where the grid allows (src/solver/gpu/gpuLayout.ts, sortGrid), half of it: P.reach = 1 or 2 cells
// of it on either side. A particle walks the (2 reach + 1)² rows along x around its cell, each once for its
// moving particles and once for its walls (the walls' bins follow the others' in cellStart, offset by
// nCells: sort.wgsl). A row whose nearest point lies beyond the support is skipped, and along x each row
// keeps only the cells within the support's chord at that row's distance: at half cells about 185
// candidates per particle against 475 for the 27 whole cells, of some 74 inside the support. A chunk, not
// a kernel: it reads the cellStart binding of the files that list it in SHADER_CHUNKS
// (src/solver/gpu/shaderSource.ts), which common.wgsl cannot declare for every kernel.
//
// A kernel walks them as
//   let cells = neighbourCells(x);
//   for (var k = 0u; k < neighbourSpanCount(); k++) { let span = neighbourSpan(cells, k);
//     for (var j = firstInSpan(span); j < span.w; j = nextInSpan(j, span)) { ... } }
// and one that sums over moving particles only takes the even k.

// Spans: two per row (moving particles, walls).
fn neighbourSpanCount() -> u32 {
  let w = 2u * P.reach + 1u;
  return 2u * w * w;
}

// The particle's cell, and its position from the grid's origin in cells (a periodic axis's position is
// within its period: wrapPosition).
struct NeighbourCells {
  c: vec3<i32>,
  q: vec3<f32>,
}

fn neighbourCells(x: vec3<f32>) -> NeighbourCells {
  var cells: NeighbourCells;
  cells.c = cellCoord(x);
  cells.q = (x - vec3<f32>(P.gox, P.goy, P.goz)) / P.cellSize;
  return cells;
}

// Distance, in cells, from coordinate q to the cells that cell k of an axis of n cells stands for: the
// cell itself, and beyond it to infinity where it is the edge cell of an axis that is not periodic (cellCoord
// clamps what lies outside into it).
fn distanceToCell(q: f32, k: i32, n: u32, periodic: bool) -> f32 {
  var lo = f32(k);
  var hi = f32(k + 1);
  if (!periodic && k == 0) {
    lo = -1e30;
  }
  if (!periodic && k == i32(n) - 1) {
    hi = 1e30;
  }
  return max(max(lo - q, q - hi), 0.0);
}

// Particle span (start0, end0, start1, end1; firstInSpan, nextInSpan) of neighbour span k:
// k = 2 (w (dz + reach) + dy + reach) + part with w = 2 reach + 1, so dz before dy before the moving
// particles (part 0) before the walls (part 1), the order every sum over pairs is taken in. Empty where the
// row lies beyond a grid edge that is not periodic, or beyond the support. Where the chord wraps around a
// periodic x the two runs are the row's start and its end; otherwise the second is empty (start1 = end1).
fn neighbourSpan(cells: NeighbourCells, k: u32) -> vec4<u32> {
  let reach = i32(P.reach);
  let w = 2u * P.reach + 1u;
  let row = k / 2u;
  let dz = i32(row / w) - reach;
  let dy = i32(row % w) - reach;
  let c = cells.c;
  let zz = neighbourCoord(c.z, dz, P.gnz, 4u);
  let yy = neighbourCoord(c.y, dy, P.gny, 2u);
  if (zz < 0 || yy < 0) {
    return vec4<u32>(0u);
  }
  // The support in cells, a little wider so that rounding never drops a neighbour at its edge.
  let s = sqrt(P.support2) / P.cellSize + 1e-4;
  // The row's distance across (y, z), measured to the unwrapped cell c + d.
  let ey = distanceToCell(cells.q.y, c.y + dy, P.gny, (periodicAxes() & 2u) != 0u);
  let ez = distanceToCell(cells.q.z, c.z + dz, P.gnz, (periodicAxes() & 4u) != 0u);
  let across2 = ey * ey + ez * ez;
  if (across2 >= s * s) {
    return vec4<u32>(0u);
  }
  let half = sqrt(s * s - across2);
  let n = i32(P.gnx);
  var x0 = max(i32(floor(cells.q.x - half)), c.x - reach);
  var x1 = min(i32(floor(cells.q.x + half)), c.x + reach);
  let rowBase = (u32(zz) * P.gny + u32(yy)) * P.gnx + (k % 2u) * P.nCells;
  if ((periodicAxes() & 1u) == 0u) {
    x0 = clamp(x0, 0, n - 1);
    x1 = clamp(x1, 0, n - 1);
    let a = cellStart[rowBase + u32(x0)];
    let b = cellStart[rowBase + u32(x1) + 1u];
    return vec4<u32>(a, b, b, b);
  }
  // Periodic x: the chord [x0, x1] (at most 2 reach + 1 ≤ n cells) splits where it wraps, into the run
  // at the row's start and the one at its end, in that order (the walk ends at the second run's end).
  if (x0 < 0) {
    return vec4<u32>(cellStart[rowBase], cellStart[rowBase + u32(x1) + 1u], cellStart[rowBase + u32(x0 + n)], cellStart[rowBase + u32(n)]);
  }
  if (x1 >= n) {
    return vec4<u32>(cellStart[rowBase], cellStart[rowBase + u32(x1 - n) + 1u], cellStart[rowBase + u32(x0)], cellStart[rowBase + u32(n)]);
  }
  let a = cellStart[rowBase + u32(x0)];
  let b = cellStart[rowBase + u32(x1) + 1u];
  return vec4<u32>(a, b, b, b);
}
