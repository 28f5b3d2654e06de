// Shepard interpolation of the fluid around a point q (kernel-weighted sums over the fluid neighbours:
// ΣW, Σ p W, Σ v W, Σ ρ r W), shared by the wall states (boundaries.wgsl) and the open-boundary buffer
// states (openBoundaries.wgsl). A chunk, not a kernel: it is inserted after the bindings of the files that
// list it in SHADER_CHUNKS (src/solver/gpu/shaderSource.ts), which declare pos, vel, aux and cellStart and
// list the neighbour walk (neighbours.wgsl) too.

struct Shepard {
  sumW: f32,
  p: f32,
  v: vec3<f32>,
  rr: vec3<f32>,
}

fn shepardAt(q: vec3<f32>) -> Shepard {
  var s: Shepard;
  s.sumW = 0.0;
  s.p = 0.0;
  s.v = vec3<f32>(0.0);
  s.rr = vec3<f32>(0.0);
  let invH = 1.0 / P.h;
  let cells = neighbourCells(q);
  // The moving particles' spans only (even k): walls never count here.
  for (var k = 0u; k < neighbourSpanCount(); k += 2u) {
    let span = neighbourSpan(cells, k);
    for (var j = firstInSpan(span); j < span.w; j = nextInSpan(j, span)) {
      let pj = pos[j];
      if (kindOf(pj.w) != KIND_FLUID) {
        continue;
      }
      let rv = minImage(q - pj.xyz);
      let r2 = dot(rv, rv);
      if (r2 >= P.support2) {
        continue;
      }
      let qq = sqrt(r2) * invH;
      let t = 1.0 - 0.5 * qq;
      let w = P.kernelAlpha * t * t * t * t * (2.0 * qq + 1.0);
      let vj = vel[j];
      s.sumW += w;
      s.p += aux[j].x * w;
      s.v += vj.xyz * w;
      s.rr += (vj.w * w) * rv;
    }
  }
  return s;
}
