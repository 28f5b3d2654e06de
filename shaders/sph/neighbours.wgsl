// The neighbour walk of the kernels that sum over particle pairs: the 27 cells around a particle's cell
// as 9 rows along x (xRuns in common.wgsl), each row once for its moving particles and once for its walls
// (the walls' bins follow the others' in cellStart, offset by nCells: sort.wgsl), 18 spans in all. A chunk,
// not a kernel: it reads the cellStart binding of the files that list it in SHADER_CHUNKS
// (src/solver/gpu/shaderSource.ts), which common.wgsl cannot declare for every kernel.
//
// A kernel walks them as
//   let c = cellCoord(x); let xr = xRuns(c.x);
//   for (var k = 0u; k < NEIGHBOUR_SPANS; k++) { let span = neighbourSpan(c, xr, k);
//     for (var j = firstInSpan(span); j < span.w; j = nextInSpan(j, span)) { ... } }
// and one that sums over moving particles only takes the even k.

const NEIGHBOUR_SPANS: u32 = 18u;

// Particle span (start0, end0, start1, end1; firstInSpan, nextInSpan) of neighbour span k of cell c, whose
// row runs along x are xr: k = 2 (3 (dz + 1) + dy + 1) + part, so dz before dy before the moving particles
// (part 0) before the walls (part 1), the order every sum over pairs is taken in. Empty where the row lies
// beyond the edge of a grid that is not periodic there.
fn neighbourSpan(c: vec3<i32>, xr: vec4<u32>, k: u32) -> vec4<u32> {
  let rowIndex = k / 2u;
  let zz = neighbourCoord(c.z, i32(rowIndex / 3u) - 1, P.gnz, 4u);
  let yy = neighbourCoord(c.y, i32(rowIndex % 3u) - 1, P.gny, 2u);
  if (zz < 0 || yy < 0) {
    return vec4<u32>(0u);
  }
  let row = (u32(zz) * P.gny + u32(yy)) * P.gnx + (k % 2u) * P.nCells;
  return vec4<u32>(cellStart[row + xr.x], cellStart[row + xr.y + 1u], cellStart[row + xr.z], cellStart[row + xr.w + 1u]);
}
