// Walls of parts that do not move are written once, in outputs/static/, and every output names them there;
// only what changes (the mirrored wall pressure and density) is written per output. A small tank run on
// disk, then every reader of outputs: the solver's reader, the reduced datasets, statistics, a VTU export,
// the API's file paths and the viewer's loader, which must all find the walls of every output.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import {
  OUTPUTS_FOLDER, STATIC_OUTPUTS_FOLDER, arrayFileSchema, isStaticOutputFile, outputFileLocation, outputFilePath, outputFolderPath,
  outputAttributeFile, outputMetaFiles, staticOutputFile, type OutputMeta,
} from '../../../src/domain/output.ts';
import { outputFileApiPath } from '../../../src/domain/runOutputs.ts';
import { createSolverRun } from '../../../src/solver/setupRun.ts';
import { nodePlatform } from '../../../src/solver/nodePlatform.ts';
import { nodeFileSink } from '../../../src/solver/output/nodeFileSink.ts';
import { WALL_LOAD_ATTRIBUTES } from '../../../src/solver/output/outputWriter.ts';
import { readOutputMeta, readOutputObject } from '../../../src/solver/output/outputReader.ts';
import { writeReducedDatasets } from '../../../src/server/postprocessing/datasets.ts';
import { executeStep } from '../../../src/server/exports/exportWriter.ts';
import { findDataset, readArray, readMeta } from '../../../src/server/postprocessing/outputFolder.ts';
import { computeStatistics, type StatisticsEvent } from '../../../src/server/postprocessing/statistics/compute.ts';
import { RunStorage } from '../../../src/server/platform/storage/storage.ts';
import { apiOutputSource } from '../../../src/client/results/outputFolderSource.ts';
import { loadOutputFolder } from '../../../src/client/viewer/loading/outputLoader.ts';
import type { DecodePool } from '../../../src/client/viewer/loading/DecodePool.ts';
import type { DecodeRequest } from '../../../src/client/viewer/loading/decodeWorker.ts';
import { readVtk } from '../postprocessing/vtkReader.ts';
import { tankCase } from './cases.ts';

const SIM = '00000000-0000-4000-8000-0000000000a1';
const root = mkdtempSync(join(tmpdir(), 'surge-static-outputs-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
afterEach(() => vi.unstubAllGlobals());

const dx = 0.02;
const OUTPUTS = 6;

/** Runs the tank into a run folder of the storage; returns the folder and every output's meta.json. */
async function runTank(runId: string, noRiemannWall: boolean) {
  const storage = new RunStorage(root);
  const runDir = storage.runDir(SIM, runId);
  const setup = tankCase({ dx, tank: [0.4, 0.1, 0.2], column: [0.1, 0.1, 0.2], settings: { endTime: 0.1, outputTimeInterval: 0.02, noRiemannWall } });
  const sink = nodeFileSink(runDir);
  const run = await createSolverRun(setup, nodePlatform, { sink, threads: 1 });
  expect((await run.start()).outputs).toBe(OUTPUTS);
  const metas: OutputMeta[] = [];
  for (let n = 0; n < OUTPUTS; n++) metas.push(await readOutputMeta(sink, n));
  return { storage, runDir, sink, metas };
}

const sizeOf = (path: string) => statSync(path).size;

/** Bytes of output n as written, and as it would be with every file of its meta.json in its own folder. */
function outputBytes(runDir: string, meta: OutputMeta) {
  const folder = join(runDir, outputFolderPath(meta.outputNo));
  const written = readdirSync(folder).reduce((s, name) => s + sizeOf(join(folder, name)), 0);
  const metaBytes = sizeOf(join(folder, 'meta.json'));
  const fileBytes = (ids: (id: string) => boolean) =>
    outputMetaFiles({ objects: meta.objects.filter((o) => ids(o.id)).map((o) => ({ ...o, datasets: o.datasets.filter((d) => d.name === 'full') })), sensors: [] })
      .reduce((s, file) => s + sizeOf(join(runDir, outputFilePath(meta.outputNo, file))), 0);
  return { written, fluidOnly: metaBytes + fileBytes((id) => id.startsWith('fluid')), everything: metaBytes + fileBytes(() => true) };
}

describe('output file names', () => {
  it('resolves a name of meta.json in the output folder or in the static folder beside it, and nothing else', () => {
    expect(outputFilePath(4, 'fluid_0.full.positions.bin')).toBe('outputs/4/fluid_0.full.positions.bin');
    expect(outputFilePath(4, '../static/wall_1.full.positions.bin')).toBe('outputs/static/wall_1.full.positions.bin');
    expect(outputFileApiPath('s', 4, '../static/wall_1.fast.mass.bin')).toBe('/api/simulations/s/outputs/4/static/wall_1.fast.mass.bin');
    expect(outputFileApiPath('s', 4, 'fluid_0.fast.mass.bin')).toBe('/api/simulations/s/outputs/4/files/fluid_0.fast.mass.bin');
    for (const bad of ['../1/x.bin', '../static/../x.bin', '..', '.x', 'a/b.bin', '../static/', '']) {
      expect(outputFileLocation(bad), bad).toBeNull();
      expect(arrayFileSchema.safeParse({ file: bad, dtype: 'float32', components: 1 }).success, bad).toBe(false);
    }
  });
});

describe('static walls', () => {
  it('writes the walls of a tank once and every reader finds them in every output', async () => {
    const { storage, runDir, sink, metas } = await runTank('00000000-0000-4000-8000-0000000000b1', false);
    const wall = metas[0].objects.find((o) => o.kind === 'wall_boundary');
    if (!wall) throw new Error('no wall object');
    const staticDir = join(runDir, OUTPUTS_FOLDER, STATIC_OUTPUTS_FOLDER);

    // Riemann walls: every wall value is constant, so every wall file is static, named by every output,
    // but for the loads of the fluid on the walls, which are written per output.
    const loadFiles = WALL_LOAD_ATTRIBUTES.map((name) => outputAttributeFile(wall.id, 'full', name)).sort();
    for (const meta of metas) {
      const object = meta.objects.find((o) => o.id === wall.id);
      const files = outputMetaFiles({ objects: object ? [object] : [], sensors: [] });
      expect(files.length).toBeGreaterThan(8);
      const perOutput = files.filter((f) => !isStaticOutputFile(f));
      expect([...new Set(perOutput)].sort(), files.join(', ')).toEqual(loadFiles);
      expect(readdirSync(join(runDir, outputFolderPath(meta.outputNo))).filter((f) => f.startsWith(`${wall.id}.`)).sort()).toEqual(loadFiles);
    }
    expect(readdirSync(staticDir)).toContain(`${wall.id}.full.positions.bin`);

    // Bytes per output: output 0 carries the static folder, the later ones little more than the fluid.
    const staticBytes = readdirSync(staticDir).reduce((s, name) => s + sizeOf(join(staticDir, name)), 0);
    let before = 0;
    let after = 0;
    for (const meta of metas.slice(1)) {
      const b = outputBytes(runDir, meta);
      console.log(`output ${meta.outputNo}: fluid only ${b.fluidOnly} B, fluid + walls ${b.everything} B (every output before), written now ${b.written} B`);
      const loadBytes = loadFiles.reduce((sum, file) => sum + sizeOf(join(runDir, outputFilePath(meta.outputNo, file))), 0);
      expect(b.written).toBe(b.fluidOnly + loadBytes);
      before += b.everything;
      after += b.written;
    }
    console.log(`outputs 1–${OUTPUTS - 1}: ${before} B before, ${after} B now (${((100 * after) / before).toFixed(1)} %); static folder ${staticBytes} B, written once`);
    // The static files (positions, velocity, density, mass, volume, ids, areas) are 13 of the walls' 22 values.
    expect(after).toBeLessThan(0.6 * before);

    // The solver's reader: the same walls in every output.
    const first = await readOutputObject(sink, 0, metas[0], wall.id);
    expect(first.count).toBeGreaterThan(100);
    for (const meta of metas) {
      const walls = await readOutputObject(sink, meta.outputNo, meta, wall.id);
      expect(walls.count).toBe(first.count);
      expect(walls.positions).toEqual(first.positions);
      expect(walls.attributes.get('pressure')?.length).toBe(first.count);
    }

    // Reduced datasets: the walls' fast files are static too, written once; the fluid's stay per output.
    for (const meta of metas) {
      const folder = join(runDir, outputFolderPath(meta.outputNo));
      await writeReducedDatasets(folder, { particleDiameter: dx, fastTarget: 100 });
      const reduced = await readMeta(folder);
      const fast = findDataset(reduced.objects.find((o) => o.id === wall.id) ?? { datasets: [] }, 'fast');
      if (!fast) throw new Error('no fast dataset of the walls');
      expect(fast.count).toBeLessThan(first.count);
      expect(fast.positions.file).toBe(staticOutputFile(`${wall.id}.fast.positions.bin`));
      expect((await readArray(folder, fast.positions, fast.count)).length).toBe(3 * fast.count);
      const fluidFast = findDataset(reduced.objects[0], 'fast');
      expect(fluidFast && isStaticOutputFile(fluidFast.positions.file)).toBe(false);
    }
    expect(readdirSync(staticDir).filter((f) => f.includes('.fast.')).length).toBeGreaterThan(0);
    // Reduced again to another target, an output writes its own files and leaves the static ones to the others.
    const third = join(runDir, outputFolderPath(3));
    await writeReducedDatasets(third, { particleDiameter: dx, fastTarget: 60 });
    const again = findDataset((await readMeta(third)).objects.find((o) => o.id === wall.id) ?? { datasets: [] }, 'fast');
    expect(again && isStaticOutputFile(again.positions.file)).toBe(false);
    for (const n of [1, 3]) {
      const folder = join(runDir, outputFolderPath(n));
      const fast = findDataset((await readMeta(folder)).objects.find((o) => o.id === wall.id) ?? { datasets: [] }, 'fast');
      if (!fast) throw new Error('no fast dataset');
      expect((await readArray(folder, fast.positions, fast.count)).length).toBe(3 * fast.count);
    }
    await writeReducedDatasets(third, { particleDiameter: dx, fastTarget: 100 });

    // Statistics over the walls of every output: the same particles, none reported missing.
    const events: StatisticsEvent[] = [];
    await computeStatistics(
      {
        folders: metas.map((m) => ({ outputNo: m.outputNo, folder: join(runDir, outputFolderPath(m.outputNo)) })),
        objIds: [wall.id], attribute: 'mass', subAttribute: null, operations: ['mean', 'min', 'max'], clips: [],
      },
      (event) => events.push(event),
    );
    const perOutput = events.filter((e) => e.type === 'output');
    expect(perOutput.map((e) => e.outputNo)).toEqual(metas.map((m) => m.outputNo));
    const firstMass = first.attributes.get('mass') as Float32Array;
    for (const e of perOutput) expect(e.values.max).toBeCloseTo(Math.max(...firstMass), 6);

    // A VTU export of the walls of every output: all points, equal to the solver's.
    const exportDir = join(root, 'export');
    for (const meta of metas) {
      const folder = join(runDir, outputFolderPath(meta.outputNo));
      const file = { id: `wall-${meta.outputNo}`, filename: `walls_${meta.outputNo}.vtu` };
      await executeStep(
        { kind: 'particles', file, outputNo: meta.outputNo, entityId: wall.id, entity: 'object', dataset: 'full' },
        exportDir,
        { outputs: new Map([[meta.outputNo, { folder, meta: await readMeta(folder) }]]), setup: null, log: [], partMeshes: async () => new Map(), attributes: { allAttributes: true, attributes: [] } },
      );
      const vtu = readVtk(readFileSync(join(exportDir, file.filename)));
      expect(vtu.pieces.NumberOfPoints).toBe(first.count);
      expect(vtu.arrays.get('Points/Points')?.values).toEqual(first.positions);
      expect(vtu.arrays.get('PointData/pressure')?.values.length).toBe(first.count);
    }

    // The API and the viewer: the realtime bundle's URLs are those the viewer builds, and the routes'
    // storage lookup serves the static files for every output.
    const runId = '00000000-0000-4000-8000-0000000000b1';
    const served: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      const path = new URL(url).pathname;
      served.push(path);
      const match = /^\/api\/simulations\/([^/]+)\/outputs\/(\d+)\/(?:(files|static)\/)?([^/]+)$/.exec(path);
      if (!match) return new Response('', { status: 404 });
      const name = match[3] === 'static' ? staticOutputFile(match[4]) : match[4];
      const file = storage.outputFile(match[1], runId, Number(match[2]), name);
      return file ? new Response(readFileSync(file)) : new Response('', { status: 404 });
    });
    const pool = {
      async decode(request: DecodeRequest) {
        if (!('url' in request.source)) throw new Error('expected a URL');
        return (await fetch(request.source.url)).arrayBuffer();
      },
    } as unknown as DecodePool;
    for (const meta of metas) {
      const source = apiOutputSource({ getAccessToken: async () => null }, SIM, meta.outputNo, runId, 'http://surge.test/');
      served.length = 0;
      const loaded = await loadOutputFolder(source, pool, { dataset: 'full' });
      const walls = loaded.objects.find((o) => o.id === wall.id);
      expect(walls?.count).toBe(first.count);
      expect(walls?.arrays.positions).toEqual(first.positions);
      const fullWall = findDataset(meta.objects.find((o) => o.id === wall.id) ?? { datasets: [] }, 'full');
      expect(served).toContain(outputFileApiPath(SIM, meta.outputNo, fullWall?.positions.file ?? ''));
      expect(served).toContain(`/api/simulations/${SIM}/outputs/${meta.outputNo}/static/${wall.id}.full.positions.bin`);
    }
    // A name that climbs out of the static folder is no output file.
    expect(storage.outputFile(SIM, runId, 1, '../static/../1/meta.json')).toBeNull();
    expect(storage.outputFile(SIM, runId, 1, '../../checkpoint.bin')).toBeNull();
  });

  it('writes mirrored wall pressure per output and keeps the wall positions static', async () => {
    const { runDir, sink, metas } = await runTank('00000000-0000-4000-8000-0000000000b2', true);
    const wall = metas[0].objects.find((o) => o.kind === 'wall_boundary');
    if (!wall) throw new Error('no wall object');
    const later = metas[OUTPUTS - 1];
    const full = findDataset(later.objects.find((o) => o.id === wall.id) ?? { datasets: [] }, 'full');
    if (!full) throw new Error('no full dataset');
    expect(isStaticOutputFile(full.positions.file)).toBe(true);
    const pressure = full.attributes.find((a) => a.name === 'pressure');
    expect(pressure && isStaticOutputFile(pressure.file)).toBe(false);
    expect(isStaticOutputFile(full.attributes.find((a) => a.name === 'particle_id')?.file ?? '')).toBe(true);
    const b = outputBytes(runDir, later);
    console.log(`mirrored walls, output ${later.outputNo}: fluid only ${b.fluidOnly} B, fluid + walls ${b.everything} B before, written now ${b.written} B`);
    expect(b.written).toBeLessThan(b.everything);
    const walls = await readOutputObject(sink, later.outputNo, later, wall.id);
    const pressures = walls.attributes.get('pressure') as Float32Array;
    expect(pressures.length).toBe(walls.count);
    expect(pressures.some((p) => p > 0)).toBe(true);
  });
});
