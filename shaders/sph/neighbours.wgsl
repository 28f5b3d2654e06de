// The neighbour walk of the kernels that sum over particle pairs: the 27 cells around a particle's cell
// as 9 rows along x (xRuns in common.wgsl), each row once for its moving particles and once for its walls
// (the walls' bins follow the others' in cellStart, offset by nCells: sort.wgsl), 18 spans in all. A chunk,
// not a kernel: it reads the cellStart binding of the files that list it in SHADER_CHUNKS
// (src/solver/gpu/shaderSource.ts), which common.wgsl cannot declare for every kernel.
//
// A kernel walks them as
//   let cells = neighbourCells(x);
//   for (var k = 0u; k < NEIGHBOUR_SPANS; k++) { let span = neighbourSpan(cells, k);
//     for (var j = firstInSpan(span); j < span.w; j = nextInSpan(j, span)) { ... } }
// and one that sums over moving particles only takes the even k.

const NEIGHBOUR_SPANS: u32 = 18u;

// The rows around a cell, found once per particle so that each span costs only its row's index and its
// four reads of cellStart: the runs along x (xRuns) and the neighbour coordinates along z and y for
// d = −1, 0, 1 (neighbourCoord: −1 beyond the edge of a grid that is not periodic there).
struct NeighbourCells {
  xr: vec4<u32>,
  zz: vec3<i32>,
  yy: vec3<i32>,
}

fn neighbourCells(x: vec3<f32>) -> NeighbourCells {
  let c = cellCoord(x);
  var cells: NeighbourCells;
  cells.xr = xRuns(c.x);
  cells.zz = vec3<i32>(neighbourCoord(c.z, -1, P.gnz, 4u), c.z, neighbourCoord(c.z, 1, P.gnz, 4u));
  cells.yy = vec3<i32>(neighbourCoord(c.y, -1, P.gny, 2u), c.y, neighbourCoord(c.y, 1, P.gny, 2u));
  return cells;
}

// Particle span (start0, end0, start1, end1; firstInSpan, nextInSpan) of neighbour span k:
// k = 2 (3 (dz + 1) + dy + 1) + part, so dz before dy before the moving particles (part 0) before the walls
// (part 1), the order every sum over pairs is taken in. Empty where the row lies beyond a grid edge that is
// not periodic.
fn neighbourSpan(cells: NeighbourCells, k: u32) -> vec4<u32> {
  let zz = cells.zz[k / 6u];
  let yy = cells.yy[(k / 2u) % 3u];
  if (zz < 0 || yy < 0) {
    return vec4<u32>(0u);
  }
  let xr = cells.xr;
  let row = (u32(zz) * P.gny + u32(yy)) * P.gnx + (k % 2u) * P.nCells;
  return vec4<u32>(cellStart[row + xr.x], cellStart[row + xr.y + 1u], cellStart[row + xr.z], cellStart[row + xr.w + 1u]);
}
