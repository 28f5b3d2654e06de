// The rules of the assembly import modal and of a tessellation landing in the setup: tree search, selection
// with ctrl/meta/shift, what Import and Merge & Import create, the repeated-component warning, the overlay's
// '+N more', the configuration file, the wire meshing parameters, and parts added or updated in the setup.
import { describe, expect, it } from 'vitest';
import {
  assemblyNextEnabled,
  bodiesOf,
  clickNode,
  filterAssembly,
  indexAssembly,
  overlayNames,
  parseConfigurationFile,
  partsFromSelection,
  repeatedComponentWarnings,
  tessellateButton,
  toConfigurationFile,
  unknownNodeIds,
  visibleOrder,
  type AssemblyNode,
} from '../../../src/domain/assembly.ts';
import { applyTessellation } from '../../../src/domain/assemblySetup.ts';
import { checkedMeshingParametersSchema, defaultMeshingParameters } from '../../../src/domain/meshing.ts';
import { createMovement } from '../../../src/domain/movement.ts';
import { emptySetup } from '../../../src/domain/setup.ts';
import type { ShapeInfo } from '../../../src/domain/shape.ts';

const leaf = (entryId: string, labelName: string): AssemblyNode => ({ entryId, labelName, shapeType: 'SOLID', children: [] });
const group = (entryId: string, labelName: string, children: AssemblyNode[]): AssemblyNode => ({ entryId, labelName, shapeType: 'COMPOUND', children });

/** as1 in small: a rod assembly with two nuts and a rod, a plate. */
const tree = [
  group('0:1:1:1', 'as1', [
    group('0:1:1:1:1', 'rod-assembly', [leaf('0:1:1:1:1:1', 'nut'), leaf('0:1:1:1:1:2', 'nut'), leaf('0:1:1:1:1:3', 'rod')]),
    leaf('0:1:1:1:2', 'plate'),
  ]),
];
const index = indexAssembly(tree);
const everything = new Set(['0:1:1:1', '0:1:1:1:1']);

describe('structure tree', () => {
  it('finds bodies under nodes once each and names unknown ids', () => {
    expect(bodiesOf(index, ['0:1:1:1:1', '0:1:1:1:1:3']).map((b) => b.entryId)).toEqual(['0:1:1:1:1:1', '0:1:1:1:1:2', '0:1:1:1:1:3']);
    expect(unknownNodeIds(index, ['0:1:1:1:2', '0:1:9', '0:1:9'])).toEqual(['0:1:9']);
    expect(index.get('0:1:1:1:1:3')?.ancestors).toEqual(['0:1:1:1', '0:1:1:1:1']);
  });

  it('searches names case-insensitively, keeping ancestors, and finds nothing for a stranger', () => {
    const found = filterAssembly(tree, 'ROD');
    expect(visibleOrder(found, everything)).toEqual(['0:1:1:1', '0:1:1:1:1', '0:1:1:1:1:1', '0:1:1:1:1:2', '0:1:1:1:1:3']);
    expect(visibleOrder(filterAssembly(tree, 'nut'), everything)).toEqual(['0:1:1:1', '0:1:1:1:1', '0:1:1:1:1:1', '0:1:1:1:1:2']);
    expect(filterAssembly(tree, 'bolt')).toEqual([]);
    expect(filterAssembly(tree, '  ')).toEqual(tree);
  });

  it('selects with a click, toggles with ctrl or meta, selects ranges with shift in visible order', () => {
    const order = visibleOrder(tree, everything);
    let s = clickNode({ selected: [], anchor: null }, '0:1:1:1:1:1', { ctrl: false, shift: false }, order);
    expect(s).toEqual({ selected: ['0:1:1:1:1:1'], anchor: '0:1:1:1:1:1' });
    s = clickNode(s, '0:1:1:1:2', { ctrl: false, shift: true }, order);
    expect(s.selected).toEqual(['0:1:1:1:1:1', '0:1:1:1:1:2', '0:1:1:1:1:3', '0:1:1:1:2']);
    s = clickNode(s, '0:1:1:1:1:2', { ctrl: true, shift: false }, order);
    expect(s.selected).toEqual(['0:1:1:1:1:1', '0:1:1:1:1:3', '0:1:1:1:2']);
    s = clickNode(s, '0:1:1:1:1', { ctrl: true, shift: true }, order);
    expect(s.selected).toEqual(['0:1:1:1:1:1', '0:1:1:1:1:3', '0:1:1:1:2', '0:1:1:1:1', '0:1:1:1:1:2']);
    expect(clickNode(s, '0:1:1:1:2', { ctrl: false, shift: false }, order).selected).toEqual(['0:1:1:1:2']);
  });
});

describe('import actions and warnings', () => {
  it('imports a part per node, or merges the selection into one part named after the first', () => {
    expect(partsFromSelection(index, ['0:1:1:1:1:3', '0:1:1:1:2'], false, 'rigid')).toEqual([
      { name: 'rod', assemblyNodeIds: ['0:1:1:1:1:3'], componentType: 'rigid' },
      { name: 'plate', assemblyNodeIds: ['0:1:1:1:2'], componentType: 'rigid' },
    ]);
    expect(partsFromSelection(index, ['0:1:1:1:1:3', '0:1:1:1:2'], true, 'openboundary')).toEqual([
      { name: 'rod', assemblyNodeIds: ['0:1:1:1:1:3', '0:1:1:1:2'], componentType: 'openboundary' },
    ]);
  });

  it('warns of a body in two parts or twice in one, in the spec\'s words', () => {
    const parts = [{ assemblyNodeIds: ['0:1:1:1:1'] }, { assemblyNodeIds: ['0:1:1:1:1:3', '0:1:1:1:2'] }, { assemblyNodeIds: ['0:1:1:1:2', '0:1:1:1'] }];
    expect(repeatedComponentWarnings(tree, parts).map((w) => w.message)).toEqual([
      'Component "nut" appears in 2 part(s) (2 occurrence(s) in total).',
      'Component "nut" appears in 2 part(s) (2 occurrence(s) in total).',
      'Component "rod" appears in 3 part(s) (3 occurrence(s) in total).',
      'Component "plate" appears in 2 part(s) (3 occurrence(s) in total).',
    ]);
    expect(repeatedComponentWarnings(tree, [{ assemblyNodeIds: ['0:1:1:1:1'] }, { assemblyNodeIds: ['0:1:1:1:2'] }])).toEqual([]);
  });

  it('lists six names in the overlay, then +N more', () => {
    expect(overlayNames(['a', 'b'])).toEqual({ shown: ['a', 'b'], more: null });
    expect(overlayNames(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'])).toEqual({ shown: ['a', 'b', 'c', 'd', 'e', 'f'], more: '+3 more' });
  });

  it('enables Next and Import or Re-Tessellate as the footer rules say', () => {
    expect(assemblyNextEnabled('running', 3)).toBe(false);
    expect(assemblyNextEnabled('completed', 0)).toBe(false);
    expect(assemblyNextEnabled('completed', 1)).toBe(true);
    expect(tessellateButton({ latestTessellationRunId: null }, [{ needsTessellation: true }], true)).toEqual({ label: 'Import', disabled: false });
    expect(tessellateButton({ latestTessellationRunId: 'r' }, [{ needsTessellation: false }], true)).toEqual({ label: 'Re-Tessellate', disabled: true });
    expect(tessellateButton({ latestTessellationRunId: 'r' }, [{ needsTessellation: true }], false).disabled).toBe(true);
  });
});

describe('configuration file and meshing parameters', () => {
  it('round-trips parts and refuses what is not a list of parts', () => {
    const parts = [{ id: 'p', name: 'Hull', assemblyNodeIds: ['0:1:1:1:2'], componentType: 'openboundary' as const, meshingParameters: defaultMeshingParameters(), needsTessellation: false }];
    const text = JSON.stringify(toConfigurationFile(parts));
    expect(JSON.parse(text)).toEqual([{ name: 'Hull', meshingParameters: defaultMeshingParameters(), assemblyNodeIds: ['0:1:1:1:2'], componentType: 'openboundary' }]);
    expect(parseConfigurationFile(text)).toEqual(JSON.parse(text));
    expect(parseConfigurationFile('{"name":"x"}')).toBeNull();
    expect(parseConfigurationFile('[{"name":"x","assemblyNodeIds":["plate"],"componentType":"rigid","meshingParameters":{"linearDeflectionFactor":1,"angularDeflection":0.26,"useDelabellaAlgorithm":false}}]')).toBeNull();
  });

  it('checks the angle in degrees while it travels in radians', () => {
    const ok = checkedMeshingParametersSchema.safeParse({ linearDeflectionFactor: 10, angularDeflection: Math.PI / 2, useDelabellaAlgorithm: true });
    expect(ok.success).toBe(true);
    const steep = checkedMeshingParametersSchema.safeParse({ linearDeflectionFactor: 1, angularDeflection: 2, useDelabellaAlgorithm: false });
    expect(steep.error?.issues[0]).toMatchObject({ path: ['angularDeflection'], message: 'must be between 1 and 90 degrees (sent in radians)' });
    const fine = checkedMeshingParametersSchema.safeParse({ linearDeflectionFactor: 0.05, angularDeflection: 0.26, useDelabellaAlgorithm: false });
    expect(fine.error?.issues[0].path).toEqual(['linearDeflectionFactor']);
  });
});

describe('tessellated parts in the setup', () => {
  const info = (triangles: number): ShapeInfo => ({ center: [0, 0, 0], normal: null, isPlanar: false, nbrOfTriangles: triangles, holes: 0, nonManifold: 0, surfaceArea: 1, boundingBox: { min: [0, 0, 0], max: [1, 1, 1] } });

  it('adds new parts with the assembly part ids, then replaces only the mesh of parts already there', () => {
    const setup = emptySetup();
    const first = applyTessellation(setup, [
      { id: 'a', name: 'plate', componentType: 'rigid', file: { id: 'f1', name: 'plate.stl' }, shapeInfo: info(12), hasIssues: false },
      { id: 'b', name: 'inlet', componentType: 'openboundary', file: { id: 'f2', name: 'inlet.stl' }, shapeInfo: info(2), hasIssues: true },
    ]);
    expect(first.added).toEqual(['a', 'b']);
    const [plate, inlet] = first.document.parts;
    expect(plate).toMatchObject({ id: 'a', name: 'plate', materialId: null, component: { type: 'rigid' }, shape: { type: 'stl', fileId: 'f1', file: { name: 'plate.stl', extension: 'stl', unit: 'm' } } });
    expect(inlet).toMatchObject({ component: { type: 'openboundary' }, materialId: 0, hasWarnings: true });

    const edited = {
      ...first.document,
      parts: [{ ...plate, name: 'Base plate', appearance: { ...plate.appearance, color: '#D64265' as const }, shape: { ...plate.shape, translation: [0, 0, 1] as [number, number, number] } }, inlet],
      movements: [createMovement('rotatory', 'a', [], 'm1')],
    };
    const second = applyTessellation(edited, [{ id: 'a', name: 'plate', componentType: 'rigid', file: { id: 'f3', name: 'plate.stl' }, shapeInfo: info(48), hasIssues: false }]);
    expect(second.updated).toEqual(['a']);
    expect(second.document.parts[0]).toMatchObject({ name: 'Base plate', appearance: { color: '#D64265' }, shape: { fileId: 'f3', translation: [0, 0, 1], info: { nbrOfTriangles: 48 } } });
    expect(second.document.movements).toEqual(edited.movements);
    expect(second.document.parts[1]).toBe(inlet);
  });
});
