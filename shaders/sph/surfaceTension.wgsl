// Surface tension (the GPU form of src/solver/physics/surfaceTension.ts, same equations): the colour
// gradient of every fluid particle over fluid, buffer and wall neighbours, then the interface normal
// (the kernel average of the neighbours' gradients, set to the wall's contact angle next to a wall). The
// curvature, the surface delta and the force are part of fluidRates (rates.wgsl). Within the limit of 8
// storage buffers per kernel, a fluid particle keeps its interface normal packed in nrm.yz (common.wgsl),
// beside the viscosity of a table in nrm.x and its tag in nrm.w; the surface delta |g| / C takes no slot:
// the rates sum the same colour gradient again, over the same neighbours in the same order. A wall keeps its
// depth behind its surface in aux.z. With two fluids only the phase that carries σ (P.stPhase) has a
// gradient, and the other phase's particles count as empty: its interface with them is its surface.
//   colour (gx, gy, gz, 0)

@group(0) @binding(1) var<storage, read_write> pos: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read_write> vel: array<vec4<f32>>;
@group(0) @binding(3) var<storage, read_write> aux: array<vec4<f32>>;
@group(0) @binding(4) var<storage, read_write> nrm: array<vec4<f32>>;
@group(0) @binding(9) var<storage, read_write> cellStart: array<u32>;
@group(0) @binding(13) var<storage, read_write> globals: array<atomic<u32>>;
@group(0) @binding(30) var<storage, read_write> contact: array<vec2<f32>>;
@group(0) @binding(31) var<storage, read_write> colour: array<vec4<f32>>;

@compute @workgroup_size(64)
fn colourGradients(@builtin(global_invocation_id) gid: vec3<u32>) {
  let i = D.base + gid.x;
  if (i >= P.capacity) {
    return;
  }
  colour[i] = vec4<f32>(0.0);
  let count = atomicLoad(&globals[G_COUNT]);
  if (i >= count || kindOf(pos[i].w) != KIND_FLUID) {
    return;
  }
  let multi = P.nPhases > 1u;
  if (multi && phaseOf(nrm[i].w) != P.stPhase) {
    return;
  }
  let xi = pos[i].xyz;
  let invH = 1.0 / P.h;
  var g = vec3<f32>(0.0);
  let cells = neighbourCells(xi);
  for (var k = 0u; k < neighbourSpanCount(); k++) {
    let span = neighbourSpan(cells, k);
    for (var j = firstInSpan(span); j < span.w; j = nextInSpan(j, span)) {
      if (j == i) {
        continue;
      }
      let pj4 = pos[j];
      let rv = minImage(xi - pj4.xyz);
      let r2 = dot(rv, rv);
      if (r2 >= P.support2) {
        continue;
      }
      let kj = kindOf(pj4.w);
      if (multi && kj == KIND_FLUID && phaseOf(nrm[j].w) != P.stPhase) {
        continue;
      }
      let t = 1.0 - 0.5 * sqrt(r2) * invH;
      var vj = P.wallVolume;
      if (kj != KIND_WALL) {
        vj = aux[j].y / vel[j].w;
      }
      g += (P.kernelGrad * t * t * t * vj) * rv;
    }
  }
  colour[i] = vec4<f32>(g, 0.0);
}

@compute @workgroup_size(64)
fn interfaceNormals(@builtin(global_invocation_id) gid: vec3<u32>) {
  let i = D.base + gid.x;
  if (i >= P.capacity) {
    return;
  }
  let count = atomicLoad(&globals[G_COUNT]);
  if (i >= count || kindOf(pos[i].w) != KIND_FLUID) {
    return;
  }
  nrm[i] = vec4<f32>(nrm[i].x, NO_NORMAL, nrm[i].w);
  let gi = colour[i].xyz;
  let gl = length(gi);
  if (gl < P.stThreshold) {
    return;
  }
  let xi = pos[i].xyz;
  let invH = 1.0 / P.h;
  var s = gi * (P.kernelAlpha * aux[i].y / vel[i].w);
  var wallDist = P.dx;
  var wallJ = INVALID;
  let cells = neighbourCells(xi);
  for (var k = 0u; k < neighbourSpanCount(); k++) {
    let span = neighbourSpan(cells, k);
    for (var j = firstInSpan(span); j < span.w; j = nextInSpan(j, span)) {
      if (j == i) {
        continue;
      }
      let pj4 = pos[j];
      let rv = minImage(xi - pj4.xyz);
      let r2 = dot(rv, rv);
      if (r2 >= P.support2) {
        continue;
      }
      if (kindOf(pj4.w) == KIND_WALL) {
        let d = dot(rv, nrm[j].xyz) - aux[j].z;
        if (d < wallDist) {
          wallDist = d;
          wallJ = j;
        }
        continue;
      }
      let q = sqrt(r2) * invH;
      let t = 1.0 - 0.5 * q;
      s += colour[j].xyz * (P.kernelAlpha * t * t * t * t * (2.0 * q + 1.0) * aux[j].y / vel[j].w);
    }
  }
  let sl = length(s);
  if (!(sl > 0.0)) {
    return;
  }
  var n = -s / sl;
  if (wallJ != INVALID) {
    // A wall's tag is 2 body + (1 no-slip / 0 slip).
    let cs = contact[u32(nrm[wallJ].w + 0.5) / 2u];
    let nw = nrm[wallJ].xyz;
    var tv = n - dot(n, nw) * nw;
    let tl = length(tv);
    if (tl > 1e-6) {
      n = cs.x * nw + cs.y * (tv / tl);
    }
  }
  nrm[i] = vec4<f32>(nrm[i].x, packNormal(n), nrm[i].w);
}
