// Iso-surface extraction from particles for the `surface` dataset: closed, consistently wound,
// the right size, and with particle attributes carried onto its vertices.
import { beforeAll, describe, expect, it } from 'vitest';
import type { SurgeGeometry } from '../../../wasm/surgeGeometry.ts';
import { edgeUse, loadGeometry, particleBall, random } from './geometryFixtures.ts';

let g: SurgeGeometry;
beforeAll(async () => {
  g = await loadGeometry();
});

describe('iso-surface reconstruction', () => {
  const dp = 0.01;
  const radius = 0.2;
  const ball = particleBall(radius, dp);

  it('closes a ball of particles: every edge in exactly two triangles, area within 5% of 4πr²', () => {
    const surface = g.reconstructSurface(ball, { particleRadius: dp / 2, isoThreshold: 0.5 });
    const triangles = surface.indices.length / 3;
    expect(triangles).toBeGreaterThan(1000);
    for (const uses of edgeUse(surface.indices).values()) expect(uses).toBe(2);
    const h = g.meshHealth(surface);
    expect(h.closed).toBe(true);
    expect(h.inconsistentWinding.elements).toBe(0);
    expect(h.nonManifoldVertices.elements).toBe(0);
    expect(h.volume).toBeGreaterThan(0);
    const sphere = 4 * Math.PI * radius * radius;
    expect(Math.abs(h.surfaceArea / sphere - 1)).toBeLessThan(0.05);
    expect(Math.abs(h.volume / ((4 / 3) * Math.PI * radius ** 3) - 1)).toBeLessThan(0.05);
  });

  it('interpolates particle attributes onto the vertices', () => {
    const n = ball.length / 3;
    const constant = new Float32Array(n).fill(998.2);
    const velocity = new Float32Array(3 * n);
    for (let i = 0; i < n; i++) velocity.set([ball[3 * i], -2 * ball[3 * i + 1], 0.5], 3 * i);
    const surface = g.reconstructSurface(
      ball,
      { particleRadius: dp / 2, cubeSize: 1.5 },
      { density: { components: 1, values: constant }, velocity: { components: 3, values: velocity } },
    );
    const verts = surface.positions.length / 3;
    const density = surface.attributes.density.values;
    const v = surface.attributes.velocity.values;
    expect(density.length).toBe(verts);
    expect(v.length).toBe(3 * verts);
    const kernelRadius = 4 * (dp / 2);
    for (let i = 0; i < verts; i++) {
      expect(density[i]).toBeCloseTo(998.2, 2);
      expect(Math.abs(v[3 * i] - surface.positions[3 * i])).toBeLessThan(kernelRadius);
      expect(Math.abs(v[3 * i + 1] + 2 * surface.positions[3 * i + 1])).toBeLessThan(2 * kernelRadius);
      expect(v[3 * i + 2]).toBeCloseTo(0.5, 4);
    }
  });

  it('stays closed on a splashing, disordered cloud', () => {
    const rnd = random(5);
    const pts: number[] = [];
    for (let i = 0; i < 5_000; i++) pts.push(rnd() * 0.2, rnd() * 0.2, rnd() * 0.06);
    for (let i = 0; i < 1_000; i++) pts.push(rnd() * 0.2, rnd() * 0.2, 0.06 + rnd() * 0.15);
    const surface = g.reconstructSurface(new Float32Array(pts), { particleRadius: 0.004, cubeSize: 0.8, isoThreshold: 0.4 });
    expect(surface.indices.length).toBeGreaterThan(0);
    for (const uses of edgeUse(surface.indices).values()) expect(uses).toBe(2);
    expect(g.meshHealth(surface).inconsistentWinding.elements).toBe(0);
  });

  it('returns an empty surface for no particles and rejects bad parameters', () => {
    expect(g.reconstructSurface(new Float32Array(0), { particleRadius: 0.01 }).indices.length).toBe(0);
    expect(() => g.reconstructSurface(ball, { particleRadius: -1 })).toThrow(/particleRadius must be a positive number/);
    expect(() => g.reconstructSurface(ball, { particleRadius: 0.005 }, { p: { components: 1, values: new Float32Array(3) } })).toThrow(
      /attribute p has 3 values/,
    );
  });

  it('refuses surfaces over the triangle cap', () => {
    expect(() => g.reconstructSurface(ball, { particleRadius: dp / 2, maxTriangles: 100 })).toThrow(/more than 100 triangles/);
  });
});
