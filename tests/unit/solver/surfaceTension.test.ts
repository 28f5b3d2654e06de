// The surface tension operators (src/solver/physics/surfaceTension.ts and the force in physics/rates.ts)
// on a sphere of still liquid cut from the lattice, radius 10 Δx, pressure zero: the surface force summed
// over the sphere, per unit of its area, against Laplace's 2σ/R; the normals against the radial direction.
import { describe, expect, it } from 'vitest';
import { ParticleKind, allocateParticles } from '../../../src/solver/particles.ts';
import { createSortScratch, makeGrid, sortByCell } from '../../../src/solver/grid.ts';
import { ShiftingMode, WallMode, buildPhysicsParams } from '../../../src/solver/params.ts';
import { SMOOTHING_RATIO, kernelConstants } from '../../../src/solver/kernel.ts';
import {
  RATE_PRESSURE, fluidRates,
} from '../../../src/solver/physics/rates.ts';
import { allocateNeighbourLists, buildNeighbourLists } from '../../../src/solver/physics/neighbourLists.ts';
import {
  capillaryDt, colourGradients, flatSurfaceGradients, interfaceNormals, surfaceTensionParamsOf,
} from '../../../src/solver/physics/surfaceTension.ts';

const DX = 0.001;
const RHO = 1000;
const SIGMA = 0.07;

describe('surface tension operators', () => {
  it('colour gradient of a flat lattice surface: 0.462/Δx in the top layer, 0.027/Δx below, none deeper', () => {
    const h = SMOOTHING_RATIO * DX;
    const g = flatSurfaceGradients(DX, h, kernelConstants(h).gradFactor).map((v) => v * DX);
    expect(g[0]).toBeCloseTo(0.4624, 3);
    expect(g[1]).toBeCloseTo(0.027, 3);
    expect(g[2]).toBeLessThan(1e-9);
  });

  it('sums the force on a lattice sphere of radius 10 Δx to 2σ/R per unit area within 5 %', () => {
    const cut = 16 * Math.cbrt(3 / (4 * Math.PI));
    const points: [number, number, number][] = [];
    for (let i = -12; i < 12; i++) {
      for (let j = -12; j < 12; j++) {
        for (let k = -12; k < 12; k++) {
          const p: [number, number, number] = [(i + 0.5) * DX, (j + 0.5) * DX, (k + 0.5) * DX];
          if (Math.hypot(...p) <= cut * DX) points.push(p);
        }
      }
    }
    const n = points.length;
    const s = allocateParticles(n, false);
    points.forEach((p, i) => {
      [s.f.x[i], s.f.y[i], s.f.z[i]] = p;
      s.f.rho[i] = RHO;
      s.f.mass[i] = RHO * DX ** 3;
      s.kind[i] = ParticleKind.fluid;
      s.id[i] = i;
    });
    const h = SMOOTHING_RATIO * DX;
    const prm = buildPhysicsParams({
      dx: DX, rho0: RHO, c0: 2, gamma: 7, nu: 0, gravity: [0, 0, 0], wallMode: WallMode.riemann,
      lowDissipation: false, shifting: ShiftingMode.lyu21, densityLimiter: false, densityThreshold: 0.3,
      noSlip: [0], bodyBoundary: [-1], boundaries: [], domainActive: false, domainMin: [0, 0, 0], domainMax: [0, 0, 0],
      surfaceTension: surfaceTensionParamsOf(SIGMA, [90], RHO, DX, h, kernelConstants(h).gradFactor),
    }, SMOOTHING_RATIO);
    const grid = makeGrid([-0.015, -0.015, -0.015], [0.015, 0.015, 0.015], 2 * prm.h, n);
    const cellStart = new Int32Array(grid.nCells + 1);
    const wallStart = new Int32Array(grid.nCells + 1);
    sortByCell(s, n, grid, cellStart, createSortScratch(grid, n));
    const lists = allocateNeighbourLists(n, 0, 160, false);
    buildNeighbourLists(s, grid, cellStart, wallStart, null, 0, n, lists, prm.support2);
    colourGradients(s, prm, 0, n, lists);
    interfaceNormals(s, prm, 0, n, lists);
    fluidRates(s, grid, cellStart, wallStart, prm, 0, n, RATE_PRESSURE, lists, prm.support2);

    const radius = Math.cbrt((3 * n) / (4 * Math.PI)) * DX;
    let inward = 0, surface = 0, angle = 0;
    for (let i = 0; i < n; i++) {
      const r = Math.hypot(s.f.x[i], s.f.y[i], s.f.z[i]);
      // Force per unit volume along −r̂, times the volume: the pressure jump times the area it acts on.
      inward -= (RHO * (s.f.ax[i] * s.f.x[i] + s.f.ay[i] * s.f.y[i] + s.f.az[i] * s.f.z[i]) / r) * DX ** 3;
      if (s.f.cdel[i] > 0) {
        surface++;
        angle += Math.acos(Math.min(1, (s.f.cnx[i] * s.f.x[i] + s.f.cny[i] * s.f.y[i] + s.f.cnz[i] * s.f.z[i]) / r));
      }
    }
    const jump = inward / (4 * Math.PI * radius * radius);
    const laplace = (2 * SIGMA) / radius;
    const error = Math.abs(jump - laplace) / laplace;
    const meanAngleDeg = (angle / surface) * (180 / Math.PI);
    console.log(`lattice sphere R = ${(radius / DX).toFixed(2)} Δx, ${surface} surface particles: force per area ${jump.toFixed(4)} Pa, ` +
      `2σ/R ${laplace.toFixed(4)} Pa, error ${(100 * error).toFixed(2)} % (tolerance 5 %); normals off the radius by ${meanAngleDeg.toFixed(2)}° on average`);
    expect(error).toBeLessThan(0.05);
    expect(meanAngleDeg).toBeLessThan(5);
    expect(capillaryDt(SIGMA, RHO, DX)).toBeCloseTo(0.25 * Math.sqrt((RHO * DX ** 3) / (2 * Math.PI * SIGMA)), 15);
  });
});
