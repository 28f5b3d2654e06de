// An open boundary as binding 15 holds it (boundaryTables in src/solver/gpu/gpuTables.ts, 112 bytes each),
// read by the buffer states (openBoundaries.wgsl) and the end-of-step bookkeeping (housekeeping.wgsl). A
// chunk, appended to the files that list it in SHADER_CHUNKS (src/solver/gpu/shaderSource.ts).

struct OpenBoundary {
  origin: vec4<f32>,
  normal: vec4<f32>,
  axisU: vec4<f32>,
  axisV: vec4<f32>,
  // depth, velocity, pressure, unused
  values: vec4<f32>,
  // body, direction (0 inflow), type (0 riemann_velocity), first polygon vertex
  codes: vec4<u32>,
  // polygon vertex count, 1 with a field profile, first f32 of the profile in `polygons`, unused
  sizes: vec4<u32>,
}
