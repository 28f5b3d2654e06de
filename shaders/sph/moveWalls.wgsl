// Places the walls before every rate evaluation (GPU form of placeMovingWalls in
// src/solver/physics/motion.ts): a wall of a moving body goes to R x0 + T with normal R n0 from its setup
// position and normal (binding 26, by particle id), and gets the velocity W x + u (vel.xyz) and the
// acceleration A x + b (rates.xyz, which walls do not otherwise use); walls at rest get zeros there,
// since the sort does not carry the rates.

@group(0) @binding(1) var<storage, read_write> pos: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read_write> vel: array<vec4<f32>>;
@group(0) @binding(4) var<storage, read_write> nrm: array<vec4<f32>>;
@group(0) @binding(5) var<storage, read_write> ids: array<vec2<u32>>;
@group(0) @binding(7) var<storage, read_write> rates: array<vec4<f32>>;
@group(0) @binding(13) var<storage, read_write> globals: array<atomic<u32>>;
@group(0) @binding(25) var<storage, read_write> fields: array<vec4<f32>>;
@group(0) @binding(26) var<storage, read> reference: array<vec4<f32>>;

@compute @workgroup_size(64)
fn moveWalls(@builtin(global_invocation_id) gid: vec3<u32>) {
  let i = D.base + gid.x;
  if (i < atomicLoad(&globals[G_COUNT])) {
    let p4 = pos[i];
    if (kindOf(p4.w) == KIND_WALL) {
      let id = ids[i];
      let o = 10u * id.y;
      if (fields[o + 9u].x > 0.5) {
        let k = 2u * (id.x - P.refBase);
        let x0 = reference[k].xyz;
        let n0 = reference[k + 1u].xyz;
        let r0 = fields[o];
        let r1 = fields[o + 1u];
        let r2 = fields[o + 2u];
        let x = vec3<f32>(dot(r0.xyz, x0) + r0.w, dot(r1.xyz, x0) + r1.w, dot(r2.xyz, x0) + r2.w);
        let n = vec3<f32>(dot(r0.xyz, n0), dot(r1.xyz, n0), dot(r2.xyz, n0));
        let w0 = fields[o + 3u];
        let w1 = fields[o + 4u];
        let w2 = fields[o + 5u];
        let v = vec3<f32>(dot(w0.xyz, x) + w0.w, dot(w1.xyz, x) + w1.w, dot(w2.xyz, x) + w2.w);
        let a0 = fields[o + 6u];
        let a1 = fields[o + 7u];
        let a2 = fields[o + 8u];
        let a = vec3<f32>(dot(a0.xyz, x) + a0.w, dot(a1.xyz, x) + a1.w, dot(a2.xyz, x) + a2.w);
        pos[i] = vec4<f32>(x, p4.w);
        nrm[i] = vec4<f32>(n, nrm[i].w);
        vel[i] = vec4<f32>(v, vel[i].w);
        rates[i] = vec4<f32>(a, 0.0);
      } else {
        vel[i] = vec4<f32>(0.0, 0.0, 0.0, vel[i].w);
        rates[i] = vec4<f32>(0.0);
      }
    }
  }
}
