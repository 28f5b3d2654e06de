// Discretization of a 1M-point fill: a closed STL sphere (32k triangles) as a filled volume at
// Δx = 8 mm, alone and inside a closed tank (walls). Times the geometry module's steps (STL reading
// and welding, mesh health, the lattice inside test) and the whole discretizer, with the inside test
// answered point by point by the same module as the baseline of the ratio. Best of three runs.
import { emptySetup, type SetupDocument } from '../../src/domain/setup.ts';
import { createPart } from '../../src/domain/part.ts';
import { cubeShape, stlFileShape } from '../../src/domain/shape.ts';
import { defaultFlowComponent, defaultRigidComponent } from '../../src/domain/component.ts';
import { meshDefinitionTriangles } from '../../src/domain/meshGeometry.ts';
import { defaultSphereMesh } from '../../src/domain/mesh.ts';
import { resolvePartMeshes } from '../../src/solver/caseInput.ts';
import { discretize, type DiscretizedCase } from '../../src/solver/discretizer.ts';
import { GEOMETRY_WASM_PATH, nodeGeometryKernel } from '../../src/solver/nodePlatform.ts';
import { latticeSize, type Lattice } from '../../src/solver/geometry/geometryKernel.ts';
import { meshFromArrays, type MeshData } from '../../src/solver/geometry/mesh.ts';
import { writeBinaryStl } from '../../src/solver/geometry/stl.ts';
import { SurgeGeometry } from '../../wasm/surgeGeometry.ts';

const DX = 0.008;
const RUNS = 3;

function sphereCase(withTank: boolean): SetupDocument {
  const s = emptySetup();
  s.settings = { ...s.settings, particleDiameter: DX, gravity: [0, 0, -9.81] };
  const tank = cubeShape([1.2, 1.2, 1.2], [0.6, 0.6, 0.6]);
  tank.flipNormals = true;
  const ball = createPart({
    id: 'ball', name: 'Ball', component: defaultFlowComponent(), materialId: 0,
    shape: stlFileShape('ball', { name: 'ball.stl', extension: 'stl', unit: 'm' }),
  });
  s.parts = withTank ? [createPart({ id: 'tank', name: 'Tank', component: defaultRigidComponent(), shape: tank }), ball] : [ball];
  return s;
}

function best(times: number[]): number {
  return Math.min(...times);
}

function latticePoints(l: Lattice): Float32Array {
  const h = l.spacing;
  const points = new Float32Array(3 * latticeSize(l));
  for (let k = 0, q = 0; k < l.n[2]; k++) {
    for (let j = 0; j < l.n[1]; j++) {
      for (let i = 0; i < l.n[0]; i++, q += 3) {
        points[q] = (l.i0[0] + i + 0.5) * h;
        points[q + 1] = (l.i0[1] + j + 0.5) * h;
        points[q + 2] = (l.i0[2] + k + 0.5) * h;
      }
    }
  }
  return points;
}

export interface DiscretizationFigures {
  fluid: number;
  wall: number;
  latticePoints: number;
  readStlMs: number;
  healthMs: number;
  insideMs: number;
  pointQueriesMs: number;
  discretizeMs: number;
  discretizeWithTankMs: number;
}

export async function measureDiscretization(): Promise<DiscretizationFigures> {
  const kernel = await nodeGeometryKernel();
  const tri = meshDefinitionTriangles({ ...defaultSphereMesh([0.6, 0.6, 0.6]), radius: 0.5, sphereResolution: 128 });
  if (tri === null) throw new Error('no sphere');
  const stl = writeBinaryStl(meshFromArrays(tri.vertices, tri.indices));
  const files = { fileResolver: async () => stl, geometry: kernel };
  const alone = sphereCase(false);
  const tanked = sphereCase(true);
  const t = { readStl: [] as number[], health: [] as number[], inside: [] as number[], points: [] as number[], alone: [] as number[], tank: [] as number[] };
  let d: DiscretizedCase | null = null;
  let dTank: DiscretizedCase | null = null;
  // Point queries on the same module build, loaded on its own (the baseline).
  const g = await SurgeGeometry.load(GEOMETRY_WASM_PATH);
  for (let run = 0; run < RUNS; run++) {
    let t0 = performance.now();
    const mesh: MeshData = kernel.readStl(stl);
    t.readStl.push(performance.now() - t0);
    t0 = performance.now();
    kernel.meshHealth(mesh);
    t.health.push(performance.now() - t0);
    t0 = performance.now();
    d = discretize({ setup: alone, meshes: await resolvePartMeshes(alone, files), geometry: kernel });
    t.alone.push(performance.now() - t0);
    t0 = performance.now();
    kernel.insideLattice(mesh, d.lattice);
    t.inside.push(performance.now() - t0);
    const points = latticePoints(d.lattice);
    t0 = performance.now();
    g.pointsInMesh({ positions: Float32Array.from(mesh.positions), indices: mesh.indices }, points);
    t.points.push(performance.now() - t0);
    t0 = performance.now();
    dTank = discretize({ setup: tanked, meshes: await resolvePartMeshes(tanked, files), geometry: kernel });
    t.tank.push(performance.now() - t0);
  }
  if (d === null || dTank === null) throw new Error('no runs');
  return {
    fluid: d.counts.fluid, wall: dTank.counts.wall, latticePoints: latticeSize(d.lattice),
    readStlMs: best(t.readStl), healthMs: best(t.health), insideMs: best(t.inside), pointQueriesMs: best(t.points),
    discretizeMs: best(t.alone), discretizeWithTankMs: best(t.tank),
  };
}

export function printDiscretization(f: DiscretizationFigures): void {
  console.log(`\n--- discretization: closed STL sphere (32k triangles) filled at Δx = ${DX} m, best of ${RUNS}`);
  console.log(`fluid points ${f.fluid} on a lattice of ${f.latticePoints} points`);
  console.log(`STL read + weld (wasm)                ${f.readStlMs.toFixed(1).padStart(8)} ms`);
  console.log(`mesh health (wasm)                    ${f.healthMs.toFixed(1).padStart(8)} ms`);
  console.log(`inside test, lattice runs (wasm)      ${f.insideMs.toFixed(1).padStart(8)} ms   vs per-point queries ${f.pointQueriesMs.toFixed(1)} ms: ${(f.pointQueriesMs / f.insideMs).toFixed(1)}x faster`);
  console.log(`discretize, sphere alone              ${f.discretizeMs.toFixed(1).padStart(8)} ms   (${(f.fluid / (f.discretizeMs / 1000)).toExponential(2)} particles/s)`);
  console.log(`discretize, sphere in a closed tank   ${f.discretizeWithTankMs.toFixed(1).padStart(8)} ms   (+${f.wall} wall particles)`);
}

if (import.meta.main) printDiscretization(await measureDiscretization());
