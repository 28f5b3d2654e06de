// Wall pass of heat transfer before each rate evaluation (GPU form of wallHeatSums in
// src/solver/physics/heat.ts): each first-layer wall particle of a heat-flux or heat-transfer-coefficient
// part hands its heat q Δx² to its fluid neighbours in proportion to V_i W_ij / Σ_k V_k W_kj; this pass
// forms Σ_k V_k W_kj into rates.w of the wall particle (0 where no fluid touches it), which rates.wgsl reads.

@group(0) @binding(1) var<storage, read_write> pos: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read_write> vel: array<vec4<f32>>;
@group(0) @binding(3) var<storage, read_write> aux: array<vec4<f32>>;
@group(0) @binding(4) var<storage, read_write> nrm: array<vec4<f32>>;
@group(0) @binding(7) var<storage, read_write> rates: array<vec4<f32>>;
@group(0) @binding(9) var<storage, read_write> cellStart: array<u32>;
@group(0) @binding(13) var<storage, read_write> globals: array<atomic<u32>>;
// The same layout as in rates.wgsl.
@group(0) @binding(28) var<uniform> heat: array<vec4<f32>, 2048>;

@compute @workgroup_size(64)
fn heatWalls(@builtin(global_invocation_id) gid: vec3<u32>) {
  let i = D.base + gid.x;
  if (i >= atomicLoad(&globals[G_COUNT])) {
    return;
  }
  let p = pos[i];
  if (kindOf(p.w) != KIND_WALL) {
    return;
  }
  let thermo = u32(heat[2u + 2u * (u32(nrm[i].w + 0.5) >> 1u)].x + 0.5);
  var sumW = 0.0;
  if (thermo >= 2u && aux[i].z < heat[1].x) {
    let invH = 1.0 / P.h;
    let cells = neighbourCells(p.xyz);
    // The moving particles' spans only (even k): walls never count here.
    for (var k = 0u; k < neighbourSpanCount(); k += 2u) {
      let span = neighbourSpan(cells, k);
      for (var j = firstInSpan(span); j < span.w; j = nextInSpan(j, span)) {
        let pj = pos[j];
        if (kindOf(pj.w) != KIND_FLUID) {
          continue;
        }
        let rv = minImage(pj.xyz - p.xyz);
        let r2 = dot(rv, rv);
        if (r2 >= P.support2) {
          continue;
        }
        let q = sqrt(r2) * invH;
        let t = 1.0 - 0.5 * q;
        sumW += P.kernelAlpha * t * t * t * t * (2.0 * q + 1.0) * aux[j].y / vel[j].w;
      }
    }
  }
  rates[i].w = sumW;
}
