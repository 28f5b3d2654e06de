// Geometry module benchmark: mesh health on 1M triangles against a plain TypeScript implementation,
// reduction of 10M points to 1M against a TypeScript voxel grid, iso-surface of 1M particles against
// splashsurf's published throughput per core, STEP tessellation of as1-oc-214 at default settings, and the
// same in the browser's geometry worker with the main thread's longest task (browserStep.ts).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { SurgeGeometry, type TriangleMesh } from '../../wasm/surgeGeometry.ts';
import { loadOcct, tessellateStep } from '../../workers/geometry/stepImport.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
execFileSync('bash', ['scripts/build-wasm.sh'], { cwd: ROOT, stdio: 'inherit' });
const g = await SurgeGeometry.load();

/** Best and first of `runs` wall-clock timings, and the best CPU time of this process, in ms. On a
 * shared machine the CPU time shows what the code costs when others compete for the cores. */
function time<T>(runs: number, fn: () => T): { best: number; first: number; cpu: number; result: T } {
  let best = Infinity;
  let first = 0;
  let cpu = Infinity;
  let result = undefined as T;
  for (let i = 0; i < runs; i++) {
    const c = process.cpuUsage();
    const t = performance.now();
    result = fn();
    const ms = performance.now() - t;
    const used = process.cpuUsage(c);
    if (i === 0) first = ms;
    best = Math.min(best, ms);
    cpu = Math.min(cpu, (used.user + used.system) / 1000);
  }
  return { best, first, cpu, result };
}

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
const timing = (t: { best: number; first: number; cpu: number }) => `${fmt(t.best)} [${fmt(t.first)}], cpu ${fmt(t.cpu)}`;
function line(label: string, value: string): void {
  console.log(`${label.padEnd(58)} ${value}`);
}

function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

console.log(`machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
console.log('timings: best wall time of several runs in this process [first run: memory growth, JIT], best CPU time\n');

// --- Mesh health on 1M triangles ------------------------------------------------------------------
/** Closed torus of 2 * nu * nv triangles. */
function torus(nu: number, nv: number): TriangleMesh {
  const positions = new Float32Array(nu * nv * 3);
  const indices = new Uint32Array(nu * nv * 6);
  for (let i = 0; i < nu; i++) {
    for (let j = 0; j < nv; j++) {
      const u = (i / nu) * 2 * Math.PI;
      const v = (j / nv) * 2 * Math.PI;
      const k = i * nv + j;
      positions.set([(1 + 0.3 * Math.cos(v)) * Math.cos(u), (1 + 0.3 * Math.cos(v)) * Math.sin(u), 0.3 * Math.sin(v)], 3 * k);
      const a = k;
      const b = ((i + 1) % nu) * nv + j;
      const c = ((i + 1) % nu) * nv + ((j + 1) % nv);
      const d = i * nv + ((j + 1) % nv);
      indices.set([a, b, c, a, c, d], 6 * k);
    }
  }
  return { positions, indices };
}

/** The same checks written plainly: a Map of edges, union-find for boundary loops. */
function healthInTypeScript(mesh: TriangleMesh) {
  const { positions: p, indices: idx } = mesh;
  const nv = p.length / 3;
  const edges = new Map<number, { faces: number; forward: number }>();
  let degenerate = 0;
  let area = 0;
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < p.length; i++) {
    min[i % 3] = Math.min(min[i % 3], p[i]);
    max[i % 3] = Math.max(max[i % 3], p[i]);
  }
  for (let t = 0; t < idx.length; t += 3) {
    const [a, b, c] = [idx[t], idx[t + 1], idx[t + 2]];
    const ux = p[3 * b] - p[3 * a], uy = p[3 * b + 1] - p[3 * a + 1], uz = p[3 * b + 2] - p[3 * a + 2];
    const vx = p[3 * c] - p[3 * a], vy = p[3 * c + 1] - p[3 * a + 1], vz = p[3 * c + 2] - p[3 * a + 2];
    const twice = Math.hypot(uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx);
    area += twice / 2;
    if (a === b || b === c || a === c || twice === 0) degenerate++;
    for (const [from, to] of [[a, b], [b, c], [c, a]]) {
      const key = Math.min(from, to) * nv + Math.max(from, to);
      const e = edges.get(key) ?? { faces: 0, forward: 0 };
      e.faces++;
      if (from < to) e.forward++;
      edges.set(key, e);
    }
  }
  const parent = new Int32Array(nv).map((_, i) => i);
  const find = (x: number): number => (parent[x] === x ? x : (parent[x] = find(parent[x])));
  let boundary = 0;
  let nonManifold = 0;
  let inconsistent = 0;
  const boundaryVertices = new Set<number>();
  for (const [key, e] of edges) {
    if (e.faces === 1) {
      boundary++;
      const lo = Math.floor(key / nv);
      const hi = key - lo * nv;
      boundaryVertices.add(lo).add(hi);
      parent[find(lo)] = find(hi);
    } else if (e.faces > 2) nonManifold++;
    else if (e.forward !== 1) inconsistent++;
  }
  const loops = new Set([...boundaryVertices].map(find)).size;
  return { boundary, nonManifold, inconsistent, degenerate, loops, area, min, max };
}

{
  const mesh = torus(1000, 500);
  const wasm = time(5, () => g.meshHealth(mesh));
  const ts = time(2, () => healthInTypeScript(mesh));
  if (!wasm.result.closed || ts.result.boundary !== 0 || Math.abs(wasm.result.surfaceArea - ts.result.area) > 1e-3) {
    throw new Error('mesh health results disagree');
  }
  console.log('Mesh health, closed torus of 1,000,000 triangles (target <= 150 ms)');
  line('  wasm (copy in + holes, non-manifold, winding, degenerate, shape info)', timing(wasm));
  line('  plain TypeScript (Map of edges, union-find)', timing(ts));
  line('  ratio TypeScript / wasm (wall, cpu)', `${(ts.best / wasm.best).toFixed(1)}x, ${(ts.cpu / wasm.cpu).toFixed(1)}x`);
  const soup = new Float32Array(mesh.indices.length * 3);
  for (let i = 0; i < mesh.indices.length; i++) soup.set(mesh.positions.subarray(3 * mesh.indices[i], 3 * mesh.indices[i] + 3), 3 * i);
  const weld = time(3, () => g.weld(soup));
  line('  welding the same mesh as a 3,000,000-vertex soup', timing(weld));
  console.log();
}

// --- Reduction 10M -> 1M --------------------------------------------------------------------------
/** Plain TypeScript voxel grid: cell size from the volume per target point, first point per cell. */
function voxelReduceInTypeScript(p: Float32Array, target: number): number {
  const n = p.length / 3;
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < p.length; i++) {
    if (p[i] < min[i % 3]) min[i % 3] = p[i];
    if (p[i] > max[i % 3]) max[i % 3] = p[i];
  }
  const cell = Math.cbrt(((max[0] - min[0]) * (max[1] - min[1]) * (max[2] - min[2])) / target);
  const dims = [0, 1, 2].map((a) => Math.floor((max[a] - min[a]) / cell) + 1);
  const seen = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const x = Math.floor((p[3 * i] - min[0]) / cell);
    const y = Math.floor((p[3 * i + 1] - min[1]) / cell);
    const z = Math.floor((p[3 * i + 2] - min[2]) / cell);
    const key = (z * dims[1] + y) * dims[0] + x;
    if (!seen.has(key)) seen.set(key, i);
  }
  return seen.size;
}

{
  const n = 10_000_000;
  const rnd = random(1);
  // A fluid volume of 10M particles: a jittered block with a wave on top (about 60% of its box).
  const positions = new Float32Array(3 * n);
  for (let i = 0; i < n; i++) {
    const x = rnd() * 4;
    const y = rnd() * 2;
    const h = 0.6 + 0.4 * Math.sin(x * 1.5);
    positions[3 * i] = x;
    positions[3 * i + 1] = y;
    positions[3 * i + 2] = rnd() * h;
  }
  const wasm = time(4, () => g.reducePoints(positions, 1_000_000));
  if (wasm.result.indices.length !== 1_000_000) throw new Error('reduction missed its target');
  // The kernel alone: positions already in linear memory (no copy in); the server path copies them in.
  const resident = g.allocFloat32(positions.length);
  resident.array.set(positions);
  const kernel = time(4, () => g.reducePoints(resident, 1_000_000));
  resident.free();
  const target = new Float32Array(positions.length);
  const copy = time(4, () => target.set(positions));
  const ts = time(2, () => voxelReduceInTypeScript(positions, 1_000_000));
  console.log('Reduction of 10,000,000 points to exactly 1,000,000 (target <= 100 ms)');
  line('  wasm, positions already in linear memory', timing(kernel));
  line('  wasm, end to end (copy 120 MB in, reduce, copy indices out)', timing(wasm));
  line('  copying the 120 MB of positions into an allocated buffer (bandwidth)', timing(copy));
  line('  resident kernel in multiples of that copy (cpu)', `${(kernel.cpu / copy.cpu).toFixed(1)}x`);
  line('  plain TypeScript voxel grid (Map, first point per cell)', `${timing(ts)} (${ts.result} points, not exact)`);
  line('  ratio TypeScript / wasm end to end (wall, cpu)', `${(ts.best / wasm.best).toFixed(1)}x, ${(ts.cpu / wasm.cpu).toFixed(1)}x`);
  console.log();
}

// --- Iso-surface of 1M particles ------------------------------------------------------------------
{
  // splashsurf README: 13,353,401 particles -> ~6.1M triangles in 2.76 s on a 16-core Ryzen 9 5950X
  // (particle radius 0.011, smoothing length 2.0, cube size 1.5, threshold 0.6).
  const splashsurfPerCore = 13_353_401 / 2.76 / 16;
  const dp = 0.01;
  const params = { particleRadius: dp / 2, smoothingLength: 2, cubeSize: 1.5, isoThreshold: 0.6 };
  const ballRadius = Math.cbrt((3 * 1_000_000) / (4 * Math.PI)) * dp;
  const ball: number[] = [];
  const m = Math.ceil(ballRadius / dp) + 1;
  for (let i = -m; i <= m; i++) {
    for (let j = -m; j <= m; j++) {
      for (let k = -m; k <= m; k++) {
        const [x, y, z] = [(i + 0.5) * dp, (j + 0.5) * dp, (k + 0.5) * dp];
        if (x * x + y * y + z * z <= ballRadius * ballRadius) ball.push(x, y, z);
      }
    }
  }
  // A breaking wave: a wavy layer of fluid on a jittered lattice (particle volume dp^3, like SPH
  // output) under a spray of 10,000 droplets of about 25 particles each: mostly surface.
  const rnd = random(7);
  const wave: number[] = [];
  const jitter = () => (rnd() - 0.5) * 0.4 * dp;
  for (let i = 0; i < 250 && wave.length < 3 * 750_000; i++) {
    for (let j = 0; j < 100; j++) {
      const x = (i + 0.5) * dp;
      const top = 0.3 + 0.15 * Math.sin((2 * Math.PI * x) / 2.5);
      for (let k = 0; (k + 0.5) * dp < top; k++) wave.push(x + jitter(), (j + 0.5) * dp + jitter(), (k + 0.5) * dp + jitter());
    }
  }
  while (wave.length < 3 * 1_000_000) {
    const c = [rnd() * 2.5, rnd(), 0.5 + rnd() * 0.5];
    for (let i = -2; i <= 2; i++) {
      for (let j = -2; j <= 2; j++) {
        for (let k = -2; k <= 2; k++) {
          if (i * i + j * j + k * k <= 3.3 && wave.length < 3 * 1_000_000) wave.push(c[0] + i * dp + jitter(), c[1] + j * dp + jitter(), c[2] + k * dp + jitter());
        }
      }
    }
  }
  const splash = new Float32Array(wave);
  console.log('Iso-surface of 1,000,000 particles, splashsurf benchmark parameters (smoothing 2.0 r, cube 1.5 r, threshold 0.6)');
  for (const [name, pts] of [['ball (compact)', new Float32Array(ball)], ['breaking wave with spray (surface-heavy)', splash]] as const) {
    const run = time(2, () => g.reconstructSurface(pts, params));
    const count = pts.length / 3;
    const perCoreWall = count / (run.best / 1000);
    const perCoreCpu = count / (run.cpu / 1000);
    line(`  ${name}: ${count} particles`, `${timing(run)}, ${run.result.indices.length / 3} triangles`);
    line('    particles per second on one core (wall, cpu)', `${(perCoreWall / 1e6).toFixed(2)} M, ${(perCoreCpu / 1e6).toFixed(2)} M`);
    line('    splashsurf, per core of 16', `${(splashsurfPerCore / 1e6).toFixed(2)} M`);
    line('    ratio to splashsurf per core (wall, cpu)', `${(perCoreWall / splashsurfPerCore).toFixed(1)}x, ${(perCoreCpu / splashsurfPerCore).toFixed(1)}x`);
  }
  console.log();
}

// --- STEP tessellation ----------------------------------------------------------------------------
{
  const file = readFileSync(fileURLToPath(new URL('../../node_modules/occt-import-js/test/testfiles/cax-if/as1-oc-214.stp', import.meta.url)));
  const occt = await loadOcct();
  const run = time(3, () => tessellateStep(occt, g, new Uint8Array(file)));
  const r = run.result;
  console.log('STEP import of as1-oc-214.stp (CAx-IF), default meshing (deviation factor 1, 15 degrees)');
  line(`  ${file.length} bytes -> ${r.meshes.length} bodies, ${r.triangleCount} triangles, total`, timing(run));
  line('  occt-import-js read and tessellation', fmt(r.timings.tessellationMs));
  line('  wasm welding and health checks of all bodies', fmt(r.timings.checkMs));
  line('  ratio tessellation / checks', `${(r.timings.tessellationMs / r.timings.checkMs).toFixed(0)}x`);
}

// --- STEP tessellation in the browser's geometry worker ---------------------------------------------
{
  console.log();
  const { benchmarkStepInBrowser } = await import('./browserStep.ts');
  const { ok } = await benchmarkStepInBrowser();
  if (!ok) process.exitCode = 1;
}
