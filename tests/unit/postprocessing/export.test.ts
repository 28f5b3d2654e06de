// User export files read back: the .vtu of the fluid (header, appended offsets, array sizes, points,
// VTK_VERTEX cells and point data equal to the output), reduced boundaries, a sensor, the fluid surface as
// .vtp, .pvd collections with times, boundaries as STL, the log CSV, the setup JSON, and the zip of all of
// it read with the server's own zip reader (CRC-checked).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutputMeta } from '../../../src/domain/output.ts';
import { defaultUserExportState, type UserExportState } from '../../../src/domain/userExport.ts';
import type { RunLogEntry } from '../../../src/domain/runOutputs.ts';
import type { SetupDocument } from '../../../src/domain/setup.ts';
import { resolvePartMeshes } from '../../../src/solver/caseInput.ts';
import { writeReducedDatasets } from '../../../src/server/postprocessing/datasets.ts';
import { planExport } from '../../../src/server/exports/exportPlan.ts';
import { executeStep, logCsv, type ExportSources } from '../../../src/server/exports/exportWriter.ts';
import { writeZip } from '../../../src/server/platform/storage/zipWriter.ts';
import { findDataset, readArray, readMeta } from '../../../src/server/postprocessing/outputFolder.ts';
import { writeSensorResults } from '../../../src/server/postprocessing/sensors/computeSensors.ts';
import { bufferSource, readZipDirectory, readZipEntry } from '../../../src/server/platform/storage/zipReader.ts';
import { WALL_PART_ID, writeFixtureOutput } from './outputFixture.ts';
import { readPvd, readVtk } from './vtkReader.ts';

const root = mkdtempSync(join(tmpdir(), 'surge-export-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const SIM = '00000000-0000-4000-8000-000000000042';
const dx = 0.02;
const setup = JSON.parse(readFileSync(join(import.meta.dirname, '../../../src/solver/cases/dam-break.json'), 'utf8')) as SetupDocument;
const log: RunLogEntry[] = [
  { event: 'start', time: 0, runtime: 0, dt: 1e-4, step: 0, particles: 960, progress: 0, runtimeLeft: null, output: 0 },
  { event: 'output', time: 0.2, runtime: 1.5, dt: 1e-4, step: 2000, particles: 960, progress: 1, runtimeLeft: 0, output: 2, message: 'saved, "ok"' },
];

const outputs = new Map<number, { folder: string; meta: OutputMeta; arrays: Map<string, Map<string, Float32Array | Uint32Array>> }>();

beforeAll(async () => {
  for (const outputNo of [0, 2]) {
    const folder = join(root, 'run', `${outputNo}`);
    const written = writeFixtureOutput(folder, {
      outputNo, time: outputNo * 0.1, fluid: { n: [10, 8, 6], dx, origin: [0, 0, 0] }, wall: true,
      fields: { pressure: (_x, _y, z) => 9810 * (0.12 - z) + outputNo, velocity: (x, y) => [y, -x, outputNo] },
    });
    await writeReducedDatasets(folder, { particleDiameter: dx, fastTarget: 50 });
    await writeSensorResults(folder, [{ id: 'probe-1', name: 'Probe 1', kind: 'point', position: [0.09, 0.07, 0.05], attributes: ['pressure', 'velocity'] }], dx);
    outputs.set(outputNo, { folder, meta: await readMeta(folder), arrays: written.arrays });
  }
});

function sourcesFor(state: UserExportState): ExportSources {
  return {
    outputs: new Map([...outputs].map(([n, o]) => [n, { folder: o.folder, meta: o.meta }])),
    setup,
    log,
    partMeshes: () => resolvePartMeshes(setup),
    attributes: state,
  };
}

async function exportTo(name: string, state: UserExportState) {
  const metas = new Map([...outputs].map(([n, o]) => [n, o.meta]));
  const plan = planExport(state, metas, setup, true);
  const dir = join(root, name);
  for (const step of plan.steps) await executeStep(step, dir, sourcesFor(state));
  return { plan, dir, names: plan.steps.map((s) => s.file.filename) };
}

describe('user export files', () => {
  it('writes a VTU per output and object that reads back equal to the output', async () => {
    const state: UserExportState = { ...defaultUserExportState(SIM, 2), outputMode: 'range', outputsRange: [0, 2], stepSize: 1, boundariesType: 'vtu', boundariesMode: 'reduced', logs: true, setup: true };
    const { plan, dir, names } = await exportTo('all', state);
    expect(plan.missingOutputs).toEqual([1]);
    expect(plan.outputs).toEqual([0, 2]);
    expect(names).toEqual(expect.arrayContaining([
      'fluid_0/fluid_0_000000.vtu', 'fluid_0/fluid_0_000002.vtu', 'wall_1/wall_1_000002.vtu', 'fluid_0_surface/fluid_0_surface_000002.vtp',
      'sensors/Probe_1/Probe_1_000002.vtu', 'fluid_0.pvd', 'wall_1.pvd', 'fluid_0_surface.pvd', 'sensors/Probe_1.pvd', 'logs.csv', 'setup.json',
    ]));

    const vtu = readVtk(readFileSync(join(dir, 'fluid_0/fluid_0_000002.vtu')));
    const source = outputs.get(2)?.arrays.get('fluid_0');
    const count = 10 * 8 * 6;
    expect(vtu).toMatchObject({ type: 'UnstructuredGrid', byteOrder: 'LittleEndian', headerType: 'UInt64', pieces: { NumberOfPoints: count, NumberOfCells: count } });
    const points = vtu.arrays.get('Points/Points');
    expect(points).toMatchObject({ type: 'Float32', components: 3 });
    expect(points?.values).toEqual(source?.get('position'));
    expect(vtu.arrays.get('Cells/connectivity')?.values).toEqual(Int32Array.from({ length: count }, (_, i) => i));
    expect(vtu.arrays.get('Cells/offsets')?.values).toEqual(Int32Array.from({ length: count }, (_, i) => i + 1));
    expect(vtu.arrays.get('Cells/types')?.values).toEqual(new Uint8Array(count).fill(1));
    const pressure = vtu.arrays.get('PointData/pressure');
    expect(pressure).toMatchObject({ type: 'Float32', components: 1 });
    expect(pressure?.values).toEqual(source?.get('pressure'));
    expect(vtu.arrays.get('PointData/velocity')).toMatchObject({ type: 'Float32', components: 3 });
    expect(vtu.arrays.get('PointData/velocity')?.values).toEqual(source?.get('velocity'));
    expect(vtu.arrays.get('PointData/particle_id')).toMatchObject({ type: 'UInt32', components: 1 });
    expect(vtu.arrays.get('PointData/particle_id')?.values).toEqual(source?.get('particle_id'));
    expect(vtu.pointDataDefaults).toEqual({ scalars: 'pressure', vectors: 'velocity' });
    // Offsets increase by the 8-byte size header plus the previous array's bytes.
    const ordered = [...vtu.arrays.values()].sort((a, b) => a.offset - b.offset);
    for (let i = 1; i < ordered.length; i++) expect(ordered[i].offset).toBe(ordered[i - 1].offset + 8 + ordered[i - 1].values.byteLength);

    // Reduced boundaries come from the fast dataset (50 points of the 80-particle plate).
    const wall = readVtk(readFileSync(join(dir, 'wall_1/wall_1_000002.vtu')));
    expect(wall.pieces.NumberOfPoints).toBe(50);

    const surfaceMeta = findDataset(outputs.get(2)?.meta.objects[0] ?? { datasets: [] }, 'surface');
    if (!surfaceMeta?.indices) throw new Error('no surface');
    const vtp = readVtk(readFileSync(join(dir, 'fluid_0_surface/fluid_0_surface_000002.vtp')));
    const triangles = readFileSync(join(outputs.get(2)?.folder ?? '', surfaceMeta.indices.file)).length / 12;
    expect(vtp).toMatchObject({ type: 'PolyData', pieces: { NumberOfPoints: surfaceMeta.count, NumberOfPolys: triangles } });
    expect(Array.from(vtp.arrays.get('Polys/connectivity')?.values ?? [])).toEqual(Array.from(await readArray(outputs.get(2)?.folder ?? '', surfaceMeta.indices, triangles)));
    expect(vtp.arrays.get('Polys/offsets')?.values).toEqual(Int32Array.from({ length: triangles }, (_, i) => 3 * (i + 1)));
    expect(vtp.arrays.get('PointData/velocity')?.values.length).toBe(3 * surfaceMeta.count);

    const sensor = readVtk(readFileSync(join(dir, 'sensors/Probe_1/Probe_1_000002.vtu')));
    expect(sensor.pieces.NumberOfPoints).toBe(1);
    expect(Array.from(sensor.arrays.get('Points/Points')?.values ?? [])).toEqual([expect.closeTo(0.09, 6), expect.closeTo(0.07, 6), expect.closeTo(0.05, 6)]);

    expect(readPvd(readFileSync(join(dir, 'fluid_0.pvd'), 'utf8'))).toEqual([
      { timestep: 0, file: 'fluid_0/fluid_0_000000.vtu' },
      { timestep: 0.2, file: 'fluid_0/fluid_0_000002.vtu' },
    ]);
    expect(readPvd(readFileSync(join(dir, 'sensors/Probe_1.pvd'), 'utf8')).map((e) => e.file)).toEqual(['Probe_1/Probe_1_000000.vtu', 'Probe_1/Probe_1_000002.vtu']);
    expect(readFileSync(join(dir, 'logs.csv'), 'utf8').split('\r\n')[0]).toBe('event,time,runtime,dt,step,particles,progress,runtimeLeft,output,message');
    expect(logCsv(log)).toContain('"saved, ""ok"""');
    expect(JSON.parse(readFileSync(join(dir, 'setup.json'), 'utf8'))).toEqual(setup);

    // The zip holds every file, byte for byte.
    const zip = join(root, 'all.zip');
    await writeZip(zip, names.map((n) => ({ name: n, path: join(dir, n) })));
    const archive = bufferSource(readFileSync(zip));
    const entries = await readZipDirectory(archive, { maxEntries: 1000, maxEntryBytes: 1 << 30, maxTotalBytes: 1 << 30, maxRatio: Number.POSITIVE_INFINITY });
    expect(entries.map((e) => e.name).sort()).toEqual([...names].sort());
    for (const entry of entries) expect((await readZipEntry(archive, entry, 1 << 30)).equals(readFileSync(join(dir, entry.name)))).toBe(true);
  });

  it('selects by material, boundary and sensor, exports boundaries as STL and only the chosen attributes', async () => {
    const state: UserExportState = {
      ...defaultUserExportState(SIM, 0), allObjects: false, materials: [0], boundaries: [WALL_PART_ID, 'tank'], sensors: [], surfaceReconstructions: [],
      boundariesType: 'stl', allAttributes: false, attributes: ['pressure'], outputMode: 'single', outputsSingle: 0,
    };
    const { dir, names } = await exportTo('selected', state);
    expect(names.sort()).toEqual(['Tank.stl', 'fluid_0.pvd', 'fluid_0/fluid_0_000000.vtu']);
    const vtu = readVtk(readFileSync(join(dir, 'fluid_0/fluid_0_000000.vtu')));
    expect([...vtu.arrays.keys()].filter((k) => k.startsWith('PointData/'))).toEqual(['PointData/pressure']);
    const stl = readFileSync(join(dir, 'Tank.stl'));
    const triangles = stl.readUInt32LE(80);
    expect(triangles).toBe(12);
    expect(stl.length).toBe(84 + 50 * triangles);
  });
});

describe('moving parts', () => {
  it('export their STL once per output, placed at the pose the output records', async () => {
    const rotation = [0, -1, 0, 1, 0, 0, 0, 0, 1] as [number, number, number, number, number, number, number, number, number];
    const posed = new Map(
      [...outputs].map(([n, o]) => [
        n,
        // The fixture's wall stands for the setup's tank, here a part that moves.
        { ...o.meta, objects: o.meta.objects.map((obj) => (obj.kind === 'wall_boundary' ? { ...obj, partId: 'tank', pose: n === 0 ? { rotation: [1, 0, 0, 0, 1, 0, 0, 0, 1] as typeof rotation, translation: [0, 0, 0] as [number, number, number] } : { rotation, translation: [0.5, 0, 0.25] as [number, number, number] } } : obj)) },
      ]),
    );
    const state: UserExportState = {
      ...defaultUserExportState(SIM, 0), allObjects: false, materials: [], boundaries: ['tank'], sensors: [], surfaceReconstructions: [],
      boundariesType: 'stl', allAttributes: false, attributes: [], outputMode: 'range', outputsRange: [0, 2], stepSize: 1,
    };
    const plan = planExport(state, posed, setup, false);
    const stls = plan.steps.filter((s) => s.kind === 'stl');
    expect(stls.map((s) => s.file.filename)).toEqual(['Tank/Tank_000000.stl', 'Tank/Tank_000002.stl']);
    const dir = join(root, 'moving');
    for (const step of stls) await executeStep(step, dir, sourcesFor(state));
    const vertices = (file: string) => {
      const stl = readFileSync(join(dir, file));
      const out: number[][] = [];
      for (let t = 0; t < stl.readUInt32LE(80); t++) for (let v = 0; v < 3; v++) {
        const at = 84 + 50 * t + 12 + 12 * v;
        out.push([stl.readFloatLE(at), stl.readFloatLE(at + 4), stl.readFloatLE(at + 8)]);
      }
      return out;
    };
    const rest = vertices('Tank/Tank_000000.stl');
    const moved = vertices('Tank/Tank_000002.stl');
    expect(moved.length).toBe(rest.length);
    let worst = 0;
    for (const [i, [x, y, z]] of rest.entries()) {
      const expected = [-y + 0.5, x, z + 0.25];
      worst = Math.max(worst, ...expected.map((e, k) => Math.abs(e - moved[i][k])));
    }
    console.log(`moving part STL: ${moved.length} vertices placed at the output's pose, worst deviation ${worst.toExponential(2)} m`);
    expect(worst).toBeLessThan(1e-6);
  });
});

describe('the export zip', () => {
  it('reports progress in uncompressed bytes, stores empty files, and stops with the signal', async () => {
    const dir = mkdtempSync(join(root, 'zip-'));
    const big = Buffer.alloc(8 * 1024 * 1024);
    for (let i = 0; i < big.length; i += 4) big.writeUInt32LE((i * 2654435761) >>> 0, i);
    writeFileSync(join(dir, 'big.bin'), big);
    writeFileSync(join(dir, 'empty.txt'), '');
    const files = [{ name: 'data/big.bin', path: join(dir, 'big.bin') }, { name: 'empty.txt', path: join(dir, 'empty.txt') }];
    let reported = 0;
    const size = await writeZip(join(dir, 'all.zip'), files, { onBytes: (done) => (reported = done) });
    expect(reported).toBe(big.length);
    const bytes = readFileSync(join(dir, 'all.zip'));
    expect(size).toBe(bytes.length);
    const archive = bufferSource(bytes);
    const entries = await readZipDirectory(archive, { maxEntries: 2, maxEntryBytes: big.length, maxTotalBytes: big.length, maxRatio: 100 });
    expect(entries.map((e) => [e.name, e.uncompressedSize])).toEqual([['data/big.bin', big.length], ['empty.txt', 0]]);
    expect((await readZipEntry(archive, entries[0], big.length)).equals(big)).toBe(true);

    const controller = new AbortController();
    const stopped = writeZip(join(dir, 'stopped.zip'), files, { signal: controller.signal, onBytes: () => controller.abort() });
    await expect(stopped).rejects.toThrow(/abort/i);
  });
});
