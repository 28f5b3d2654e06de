// Discretizer on the wasm geometry kernel: lattice counts of known shapes, fluid level fill, closed-STL
// fill, wall layers and the warnings (no fluid, fluid outside the domain, mesh not watertight).
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareCase, resolvePartMeshes } from '../../../src/solver/caseInput.ts';
import { discretize } from '../../../src/solver/discretizer.ts';
import { nodeGeometryKernel } from '../../../src/solver/nodePlatform.ts';
import type { GeometryKernel } from '../../../src/solver/geometry/geometryKernel.ts';
import { writeBinaryStl } from '../../../src/solver/geometry/stl.ts';
import { meshFromArrays } from '../../../src/solver/geometry/mesh.ts';
import { ParticleKind } from '../../../src/solver/particles.ts';
import { meshDefinitionTriangles } from '../../../src/domain/meshGeometry.ts';
import { defaultSphereMesh } from '../../../src/domain/mesh.ts';
import { createPart } from '../../../src/domain/part.ts';
import { cubeShape, inlineMeshShape, stlFileShape } from '../../../src/domain/shape.ts';
import { defaultFlowComponent } from '../../../src/domain/component.ts';
import type { SetupDocument } from '../../../src/domain/setup.ts';
import { fluidLevelCase, tankCase } from './cases.ts';
import { columnImpactCase } from '../../../src/solver/cases/impactCases.ts';

let kernel: GeometryKernel;
beforeAll(async () => {
  kernel = await nodeGeometryKernel();
});

async function run(setup: SetupDocument, files: Record<string, Uint8Array> = {}) {
  const meshes = await resolvePartMeshes(setup, {
    geometry: kernel,
    fileResolver: async (id) => {
      const f = files[id];
      if (f === undefined) throw new Error(`no file ${id}`);
      return f;
    },
  });
  return discretize({ setup, meshes, geometry: kernel });
}

function sphereStl(radius: number, center: [number, number, number]): Uint8Array {
  const tri = meshDefinitionTriangles({ ...defaultSphereMesh(center), radius, sphereResolution: 48 });
  if (tri === null) throw new Error('no sphere');
  return writeBinaryStl(meshFromArrays(tri.vertices, tri.indices));
}

describe('discretizer', () => {
  it('fills a cube of known size with the lattice count, aligned or not', async () => {
    const setup = tankCase({ dx: 0.01, tank: [0.3, 0.2, 0.2], column: [0.1, 0.1, 0.1] });
    const d = await run(setup);
    expect(d.counts.fluid).toBe(1000);
    setup.parts[1].shape.translation = [0.053, 0.052, 0.051];
    expect((await run(setup)).counts.fluid).toBe(1000);
    expect(d.warnings).toEqual([]);
    console.log(`cube 0.1 m at Δx 0.01: ${d.counts.fluid} fluid, ${d.counts.wall} wall particles`);
  });

  it('puts three wall layers behind the tank surface with normals towards the fluid', async () => {
    const d = await run(tankCase({ dx: 0.01, tank: [0.3, 0.2, 0.2], column: [0.1, 0.1, 0.1] }));
    const p = d.particles;
    let walls = 0;
    for (let i = 0; i < p.count; i++) {
      if (p.kind[i] !== ParticleKind.wall) continue;
      walls++;
      const x = p.x[i], y = p.y[i], z = p.z[i];
      const inside = x > 0 && x < 0.3 && y > 0 && y < 0.2 && z > 0 && z < 0.2;
      expect(inside).toBe(false);
      const gap = Math.max(-x, x - 0.3, -y, y - 0.2, -z, z - 0.2);
      expect(gap).toBeLessThan(0.03 + 1e-9);
      // Stepping along the normal leads back towards the tank interior.
      const q = [x + 0.05 * p.nx[i], y + 0.05 * p.ny[i], z + 0.05 * p.nz[i]];
      const gapAfter = Math.max(-q[0], q[0] - 0.3, -q[1], q[1] - 0.2, -q[2], q[2] - 0.2);
      expect(gapAfter).toBeLessThan(gap);
    }
    // A hollow box of three layers: the lattice points outside the 30 × 20 × 20 interior points that have
    // an interior point within 3 Δx (edges and corners rounded off).
    let expected = 0;
    const reach = (i: number, n: number) => Math.max(0, -i, i - (n - 1));
    for (let i = -3; i < 33; i++) {
      for (let j = -3; j < 23; j++) {
        for (let k = -3; k < 23; k++) {
          const r2 = reach(i, 30) ** 2 + reach(j, 20) ** 2 + reach(k, 20) ** 2;
          if (r2 > 0 && r2 <= 9) expected++;
        }
      }
    }
    expect(walls).toBe(expected);
  });

  it('covers the foot of a solid standing on the floor with wall particles at every level', async () => {
    // DualSPHysics' 01_DamBreak column, 6 × 6 lattice points in section, standing on the tank floor.
    const dx = 0.02;
    const c = columnImpactCase(dx);
    const d = await run(c.setup);
    const [col] = c.solids;
    const p = d.particles;
    const perLevel = new Map<number, number>();
    const columnBody = d.bodies.find((b) => b.partId === 'solid-0')?.index;
    let ownedByOthers = 0;
    for (let i = 0; i < p.count; i++) {
      if (p.kind[i] !== ParticleKind.wall) continue;
      const inColumn = p.x[i] > col.min[0] && p.x[i] < col.min[0] + col.size[0] && p.y[i] > col.min[1] && p.y[i] < col.min[1] + col.size[1];
      if (!inColumn) continue;
      const level = Math.round(p.z[i] / dx - 0.5);
      perLevel.set(level, (perLevel.get(level) ?? 0) + 1);
      // Inside the column, nearer the floor or not, a wall particle is the column's (its loads, its heat).
      if (level >= 0 && p.body[i] !== columnBody) ownedByOthers++;
      if (level >= 0 && level <= 4) {
        // At the foot its particles point out of the column or up from the floor, never down into it.
        expect(p.nz[i]).toBeGreaterThanOrEqual(-1e-9);
      }
    }
    const levels = [0, 1, 2, 3, 4].map((l) => perLevel.get(l) ?? 0);
    console.log(`wall particles in the column's section at the lowest levels: ${levels.join(', ')} of 36`);
    // The column is 6 Δx wide: three layers from each side fill the whole section at every height.
    for (const n of levels) expect(n).toBe(36);
    expect(columnBody).toBeDefined();
    expect(ownedByOthers).toBe(0);
    // No lattice point in reach of the fluid is left uncovered next to the foot: every fluid point
    // within 2.6 Δx of the column's foot has the column's section below and beside it as walls.
    expect(d.counts.fluid).toBe(9900);
  });

  it('fills a fluid level from the seed point up to the height', async () => {
    const full = await run(fluidLevelCase(0.01, [0.1, 0.1, 0.3], 0.2));
    expect(full.counts.fluid).toBe(2000);
    const partial = await run(fluidLevelCase(0.01, [0.1, 0.1, 0.3], 0.155));
    expect(partial.counts.fluid).toBe(1600);
    const p = full.particles;
    let pBottom = 0;
    for (let i = 0; i < p.count; i++) if (p.kind[i] === ParticleKind.fluid && p.z[i] < 0.01) pBottom = Math.max(pBottom, p.p[i]);
    expect(pBottom).toBeCloseTo(1000 * 9.81 * 0.195, 0);
  });

  it('does not let a fluid level leak through walls', async () => {
    const setup = fluidLevelCase(0.01, [0.1, 0.1, 0.3], 0.2);
    // A larger fill shape: the tank walls alone must stop the flood.
    setup.parts[1].shape = cubeShape([0.5, 0.5, 0.5], [0.05, 0.05, 0.15]);
    const d = await run(setup);
    expect(d.counts.fluid).toBe(2000);
    expect(d.warnings.map((w) => w.code)).not.toContain('fluid_not_enclosed');
  });

  it('warns when the fluid level is not enclosed and when the seed point is blocked', async () => {
    const open = fluidLevelCase(0.01, [0.1, 0.1, 0.3], 0.2);
    open.parts.splice(0, 1);
    open.parts[0].shape = cubeShape([0.1, 0.1, 0.3], [0.05, 0.05, 0.15]);
    open.parts[0].shape.translation = [0.3, 0.3, 0.3];
    const leaked = await run(open);
    expect(leaked.warnings.map((w) => w.code)).toContain('fluid_not_enclosed');
    const blocked = fluidLevelCase(0.01, [0.1, 0.1, 0.3], 0.2);
    blocked.parts[1].seedPoint = [0.05, 0.05, 0.25];
    const none = await run(blocked);
    expect(none.counts.fluid).toBe(0);
    expect(none.warnings.map((w) => w.code)).toEqual(expect.arrayContaining(['seed_point_blocked', 'no_fluid']));
  });

  it('fills a closed binary STL (sphere) with about its volume in particles', async () => {
    const setup = tankCase({ dx: 0.01, tank: [0.3, 0.3, 0.3], column: [0.01, 0.01, 0.01] });
    const stl = sphereStl(0.06, [0.15, 0.15, 0.15]);
    const mesh = kernel.readStl(stl);
    const health = kernel.meshHealth(mesh);
    expect(health.watertight).toBe(true);
    expect(health.volume).toBeGreaterThan(0);
    setup.parts[1] = createPart({
      id: 'ball', name: 'Ball', component: defaultFlowComponent(), materialId: 0,
      shape: stlFileShape('ball-stl', { name: 'ball.stl', extension: 'stl', unit: 'm' }),
    });
    const d = await run(setup, { 'ball-stl': stl });
    const expected = health.volume / 0.01 ** 3;
    console.log(`sphere r = 0.06 m: ${d.counts.fluid} particles, volume / Δx³ = ${expected.toFixed(1)}`);
    expect(Math.abs(d.counts.fluid - expected) / expected).toBeLessThan(0.04);
    expect(d.warnings).toEqual([]);
  });

  it('reads ASCII and binary STL to the same welded mesh', () => {
    const binary = sphereStl(0.05, [0, 0, 0]);
    const m = kernel.readStl(binary);
    const lines: string[] = ['solid ball'];
    for (let t = 0; t < m.indices.length; t += 3) {
      lines.push('facet normal 0 0 0', 'outer loop');
      for (let k = 0; k < 3; k++) {
        const v = m.indices[t + k] * 3;
        lines.push(`vertex ${Math.fround(m.positions[v])} ${Math.fround(m.positions[v + 1])} ${Math.fround(m.positions[v + 2])}`);
      }
      lines.push('endloop', 'endfacet');
    }
    lines.push('endsolid ball');
    const ascii = kernel.readStl(new TextEncoder().encode(lines.join('\n')));
    expect(ascii.indices.length).toBe(m.indices.length);
    expect(ascii.positions.length).toBe(m.positions.length);
    expect(Array.from(ascii.positions)).toEqual(Array.from(m.positions));
  });

  it('warns about a fluid mesh that is not watertight', async () => {
    const setup = tankCase({ dx: 0.01, tank: [0.3, 0.3, 0.3], column: [0.01, 0.01, 0.01] });
    const box = meshDefinitionTriangles({ kind: 'cube', translation: [0.1, 0.1, 0.1], rotation: [0, 0, 0], scale: [1, 1, 1], flipNormals: false, dimensions: [0.1, 0.1, 0.1] });
    if (box === null) throw new Error('no box');
    // Drop the last face (two triangles): a hole.
    const open = { vertices: box.vertices, indices: box.indices.slice(0, box.indices.length - 6) };
    setup.parts[1] = createPart({ id: 'leaky', name: 'Leaky', component: defaultFlowComponent(), materialId: 0, shape: inlineMeshShape(open) });
    const d = await run(setup);
    const w = d.warnings.find((x) => x.code === 'mesh_not_watertight');
    expect(w?.partId).toBe('leaky');
    expect(w?.message).toContain('(4 open');
  });

  it('leaves out fluid beyond the deletion boundary and says so', async () => {
    const setup = tankCase({
      dx: 0.01, tank: [0.3, 0.2, 0.2], column: [0.1, 0.1, 0.1],
      settings: { calcDomainActive: true, calcDomainMin: [-0.1, -0.1, -0.1], calcDomainMax: [0.05, 0.4, 0.4] },
    });
    const d = await run(setup);
    expect(d.counts.fluid).toBe(500);
    expect(d.warnings.map((w) => w.code)).toContain('fluid_outside_domain');
  });

  it('prepares a runnable case from the example documents', async () => {
    const { readFile } = await import('node:fs/promises');
    for (const name of ['dam-break', 'hydrostatic']) {
      const doc = JSON.parse(await readFile(new URL(`../../../src/solver/cases/${name}.json`, import.meta.url), 'utf8'));
      const c = await prepareCase(doc);
      expect(c.discretized.counts.fluid).toBe(name === 'dam-break' ? 4000 : 2000);
      expect(c.discretized.warnings).toEqual([]);
    }
  });
});
