// The geometry worker in a worker thread: STEP files of the CAx-IF set (shipped with occt-import-js)
// come back as the assembly tree with one welded, checked mesh per body; buffers move, errors keep
// their codes.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssemblyNode } from '../../../src/domain/assembly.ts';
import { STEP_UPLOAD_WARNING_BYTES } from '../../../src/domain/constants.ts';
import { degToRad } from '../../../src/domain/vector.ts';
import { GeometryError, GeometryErrorCode } from '../../../wasm/surgeGeometry.ts';
import { GeometryWorkerClient } from '../../../workers/geometryWorkers.ts';
import { stepFileWarnings, type StepImport } from '../../../workers/geometry/stepImport.ts';
import { buildWasm, cube, toSoup } from '../wasm/geometryFixtures.ts';

const CAX_IF = fileURLToPath(new URL('../../../node_modules/occt-import-js/test/testfiles/cax-if/', import.meta.url));

function stepFile(name: string): ArrayBuffer {
  const b = readFileSync(CAX_IF + name);
  return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
}

/** "label (type) triangles" per node, indented by depth. */
function outline(tree: AssemblyNode[], result: StepImport, depth = 0): string[] {
  return tree.flatMap((n) => {
    const mesh = result.meshes.find((m) => m.entryId === n.entryId);
    const line = `${'  '.repeat(depth)}${n.labelName} ${n.shapeType}${mesh ? ` ${mesh.indices.length / 3}` : ''}`;
    return [line, ...outline(n.children, result, depth + 1)];
  });
}

async function expectError(p: Promise<unknown>, code: string, message: RegExp): Promise<void> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(GeometryError);
  expect((e as GeometryError).code).toBe(code);
  expect((e as GeometryError).message).toMatch(message);
}

let worker: GeometryWorkerClient;
let as1: StepImport;
beforeAll(async () => {
  buildWasm();
  worker = await GeometryWorkerClient.start();
  as1 = await worker.importStep(stepFile('as1-oc-214.stp'));
});
afterAll(() => worker?.terminate());

describe('geometry worker: STEP', () => {
  it('returns the assembly tree of as1-oc-214 with triangle counts at the default meshing parameters', () => {
    expect(outline(as1.assemblyMetadata, as1)).toEqual([
      'as1 COMPOUND',
      '  rod-assembly COMPOUND',
      '    nut SOLID 252',
      '    nut SOLID 252',
      '    rod SOLID 232',
      '  l-bracket-assembly COMPOUND',
      '    bolt SOLID 468',
      '    nut SOLID 252',
      '    bolt SOLID 468',
      '    nut SOLID 252',
      '    bolt SOLID 468',
      '    nut SOLID 252',
      '    l-bracket SOLID 980',
      '  plate SOLID 1452',
      '  l-bracket-assembly COMPOUND',
      '    bolt SOLID 468',
      '    nut SOLID 252',
      '    bolt SOLID 468',
      '    nut SOLID 252',
      '    bolt SOLID 468',
      '    nut SOLID 252',
      '    l-bracket SOLID 980',
    ]);
    expect(as1.triangleCount).toBe(8468);
    expect(as1.meshes.length).toBe(18);
    expect(as1.warnings).toEqual([]);
  });

  it('gives every node an OCAF-style entry and every body a closed, healthy mesh in metres', () => {
    expect(as1.assemblyMetadata[0].entryId).toBe('0:1:1:1');
    expect(as1.assemblyMetadata[0].children.map((c) => c.entryId)).toEqual(['0:1:1:1:1', '0:1:1:1:2', '0:1:1:1:3', '0:1:1:1:4']);
    for (const m of as1.meshes) {
      expect(m.positions).toBeInstanceOf(Float32Array);
      expect(m.shapeInfo.holes).toBe(0);
      expect(m.shapeInfo.nonManifold).toBe(0);
      expect(m.hasWarnings).toBe(false);
      expect(m.health.volume).toBeGreaterThan(0);
    }
    const plate = as1.meshes.find((m) => m.labelName === 'plate');
    const size = plate?.shapeInfo.boundingBox.max.map((v, a) => v - (plate?.shapeInfo.boundingBox.min[a] ?? 0)) ?? [];
    // A plate a few hundred millimetres across, a few millimetres thick.
    expect(Math.max(...size)).toBeGreaterThan(0.05);
    expect(Math.max(...size)).toBeLessThan(1);
  });

  it('transfers the file to the worker instead of copying it', async () => {
    const file = stepFile('io1-cm-214.stp');
    const result = await worker.importStep(file);
    expect(file.byteLength).toBe(0);
    expect(result.assemblyMetadata.map((n) => `${n.labelName} ${n.shapeType}`)).toEqual(['io1 SOLID']);
    expect(result.triangleCount).toBe(4780);
  });

  it('tessellates coarser with a larger deviation factor and angle', async () => {
    const coarse = await worker.importStep(stepFile('io1-cm-214.stp'), {
      linearDeflectionFactor: 10,
      angularDeflection: degToRad(90),
      useDelabellaAlgorithm: false,
    });
    expect(coarse.triangleCount).toBeLessThan(4780);
    expect(coarse.triangleCount).toBeGreaterThan(0);
  });

  it('rejects meshing parameters outside the spec ranges', async () => {
    const params = { linearDeflectionFactor: 1, angularDeflection: degToRad(120), useDelabellaAlgorithm: false };
    await expectError(worker.importStep(stepFile('io1-cm-214.stp'), params), GeometryErrorCode.invalidInput, /angularDeflectionDeg/);
    const factor = { linearDeflectionFactor: 0.01, angularDeflection: degToRad(15), useDelabellaAlgorithm: false };
    await expectError(worker.importStep(stepFile('io1-cm-214.stp'), factor), GeometryErrorCode.invalidInput, /linearDeflectionFactor/);
  });

  it('reports files that are not STEP, and tessellations over the triangle cap, without crashing', async () => {
    await expectError(worker.importStep(new TextEncoder().encode('ISO-10303-21; nothing here').buffer as ArrayBuffer), GeometryErrorCode.invalidInput, /could not be read as STEP/);
    await expectError(worker.importStep(stepFile('io1-cm-214.stp'), undefined, { maxTriangles: 1000 }), GeometryErrorCode.limitExceeded, /4780 triangles, more than the limit of 1000/);
    // The worker is still usable.
    expect((await worker.importStep(stepFile('io1-cm-214.stp'))).triangleCount).toBe(4780);
  });

  it('warns about STEP files over 500 MB', () => {
    expect(stepFileWarnings(STEP_UPLOAD_WARNING_BYTES)).toEqual([]);
    expect(stepFileWarnings(STEP_UPLOAD_WARNING_BYTES + 1)).toEqual([
      { errorCode: 'step_file_large', message: expect.stringMatching(/larger than 500 MB/) },
    ]);
  });
});

describe('geometry worker: STL', () => {
  it('imports an ASCII STL in millimetres as a welded, checked mesh in metres', async () => {
    const soup = toSoup(cube({ size: 20 }));
    const lines = ['solid cube'];
    for (let t = 0; t < soup.length; t += 9) {
      lines.push('facet normal 0 0 0', 'outer loop');
      for (let v = 0; v < 9; v += 3) lines.push(`vertex ${soup[t + v]} ${soup[t + v + 1]} ${soup[t + v + 2]}`);
      lines.push('endloop', 'endfacet');
    }
    lines.push('endsolid cube');
    const mesh = await worker.importStl(new TextEncoder().encode(lines.join('\n')), 'mm');
    expect(mesh.positions.length / 3).toBe(8);
    expect(mesh.shapeInfo.nbrOfTriangles).toBe(12);
    expect(mesh.shapeInfo.surfaceArea).toBeCloseTo(6 * 0.02 ** 2, 8);
    expect(mesh.shapeInfo.boundingBox.max).toEqual([0.019999999552965164, 0.019999999552965164, 0.019999999552965164]);
    expect(mesh.hasWarnings).toBe(false);
  });
});
