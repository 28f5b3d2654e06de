// The client's logic of measuring objects: new sensors and clips placed in the case, the meshes Setup and
// Results draw for them (ids, colours per mode, markers, uploaded files), a sensor's chart quantities,
// series and window, the data table modal's working copy, and the inlet/outlet made from an upload.
import { describe, expect, it } from 'vitest';
import { DATA_TABLE_EDITOR_MAX_ROWS, DATA_TABLE_EDITOR_MIN_ROWS } from '../../../src/domain/constants.ts';
import { ioProfileColumns, tableFromRows } from '../../../src/domain/dataTable.ts';
import { MESSAGES, mustBeBetween } from '../../../src/domain/messages.ts';
import type { CustomSensor } from '../../../src/domain/postprocessing.ts';
import { RESULTS_SENSOR_COLOR } from '../../../src/domain/sensor.ts';
import { emptySetup } from '../../../src/domain/setup.ts';
import { ioProfileColumnRules } from '../../../src/domain/validation/tables.ts';
import { measureMeshes, measureMeshKey } from '../../../src/client/measure/measureMeshes.ts';
import { caseFrame, measureFileIds, newSensor, newVolumeClip } from '../../../src/client/measure/measureObjects.ts';
import { scalarOf, sensorChartWindow, sensorQuantityOptions, sensorSeries } from '../../../src/client/measure/sensorCharts.ts';
import { addRow, draftErrors, draftFromCsv, draftOf, removeRow, setCell, tableOfDraft } from '../../../src/client/setup/forms/dataTable/tableDraft.ts';
import { buildSceneMeshes, SENSOR_MESH_PREFIX, VOLUME_CLIP_MESH_PREFIX } from '../../../src/client/setup/sceneMeshes.ts';
import { inletOutletPart, INLET_NOT_PLANAR } from '../../../src/client/setup/setupParts.ts';
import { sensorFormSchema, volumeClipFormSchema } from '../../../src/domain/validation/forms.ts';
import { partIssues } from '../../../src/domain/validation/partRules.ts';
import { defaultRigidComponent } from '../../../src/domain/component.ts';

const bounds = { min: [0, 0, 0] as [number, number, number], max: [0.8, 0.2, 0.4] as [number, number, number] };
const upload = { fileId: 'file-1', file: { name: 'probe.stl', extension: 'stl', unit: 'mm' as const } };
const soup = { positions: Float32Array.from([0, 0, 0, 1000, 0, 0, 0, 1000, 0]), triangleCount: 1 };

describe('new sensors and volume clips', () => {
  it('start in the middle of the case, sized to it, with unique names, and pass their form schema', () => {
    expect(caseFrame(bounds)).toEqual({ center: [0.4, 0.1, 0.2], size: 0.8 });
    expect(caseFrame(null)).toEqual({ center: [0, 0, 0], size: 1 });
    const point = newSensor([], 'point', bounds);
    expect(point).toMatchObject({ kind: 'point', name: 'Point sensor', position: [0.4, 0.1, 0.2], attributes: ['pressure', 'velocity'] });
    const disk = newSensor([point, { name: 'Disk sensor' }], 'disk', bounds);
    expect(disk).toMatchObject({ kind: 'surface', name: 'Disk sensor (2)', mesh: { kind: 'circle', radius: 0.1, translation: [0.4, 0.1, 0.2] } });
    expect(newSensor([], 'rectangle', bounds)).toMatchObject({ mesh: { kind: 'rectangle', width: 0.2, height: 0.2 } });
    const surface = newSensor([], 'geometry', bounds, upload);
    expect(surface).toMatchObject({ name: 'Surface sensor', mesh: { kind: 'complex', fileId: 'file-1', file: upload.file } });
    expect(() => newSensor([], 'geometry', bounds)).toThrow();
    for (const s of [point, disk, surface]) expect(sensorFormSchema().safeParse(s).success).toBe(true);

    const cube = newVolumeClip([], 'cube', bounds);
    expect(cube).toMatchObject({ name: 'Cube clip', inverted: false, materialId: null, mesh: { kind: 'cube', dimensions: [0.4, 0.1, 0.2], translation: [0.4, 0.1, 0.2] } });
    expect(newVolumeClip([cube], 'cylinder', bounds)).toMatchObject({ name: 'Cylinder clip', mesh: { kind: 'cylinder', radius: 0.133, height: 0.267 } });
    const volume = newVolumeClip([], 'geometry', bounds, upload);
    expect(volume.mesh).toMatchObject({ kind: 'complex', fileId: 'file-1' });
    expect(volumeClipFormSchema(new Set([0])).safeParse(cube).success).toBe(true);
    expect(measureFileIds({ sensors: [point, surface], volumeClips: [cube, volume] })).toEqual(['file-1', 'file-1']);
  });
});

describe('meshes of sensors and clips', () => {
  const setup = emptySetup();
  setup.sensors = [newSensor([], 'point', bounds, undefined), newSensor([], 'disk', bounds), newSensor([], 'geometry', bounds, upload)];
  setup.volumeClips = [newVolumeClip([], 'cube', bounds)];

  it('in Setup: prefixed ids, the sensor colour, see-through clips, uploaded files placed with their unit once loaded', () => {
    const files = new Map([['file-1', soup]]);
    const meshes = measureMeshes(setup, { files, mode: 'setup', caseSize: 0.8, meshId: (kind, id) => `${kind}:${id}` });
    expect(meshes.map((m) => m.id)).toEqual([...setup.sensors.map((s) => `sensor:${s.id}`), `volumeClip:${setup.volumeClips[0].id}`]);
    const [point, disk, surface, clip] = meshes;
    expect(point.positions).toHaveLength(18);
    // The marker's radius is 1.5 % of the case size.
    expect(point.positions[0]).toBeCloseTo(0.4 + 0.012, 6);
    expect(point.appearance.color).toBe(setup.sensors[0].appearance.color);
    expect(disk.indices?.length).toBe(3 * 100);
    // mm to m.
    expect(Array.from(surface.positions.slice(3, 6))).toEqual([1, 0, 0]);
    expect(clip.appearance).toMatchObject({ translucent: true, opacity: 0.35 });
    expect(measureMeshes(setup, { files: new Map(), mode: 'setup', caseSize: 1, meshId: (_k, id) => id })).toHaveLength(3);
    expect(measureMeshKey(setup, files)).not.toBe(measureMeshKey(setup, new Map()));
  });

  it('in Results: the objects own ids and the Results sensor colour', () => {
    const meshes = measureMeshes(setup, { files: new Map(), mode: 'results', caseSize: 1, meshId: (_k, id) => id });
    expect(meshes[0].id).toBe(setup.sensors[0].id);
    expect(meshes.filter((m) => setup.sensors.some((s) => s.id === m.id)).every((m) => m.appearance.color === RESULTS_SENSOR_COLOR)).toBe(true);
  });

  it('Setup draws them after the parts, under their prefixes', () => {
    const ids = buildSceneMeshes(setup, { files: new Map(), shownSeedPoints: [] }).map((m) => m.id);
    expect(ids.filter((id) => id.startsWith(SENSOR_MESH_PREFIX))).toHaveLength(2);
    expect(ids.filter((id) => id.startsWith(VOLUME_CLIP_MESH_PREFIX))).toHaveLength(1);
  });
});

describe('sensor charts', () => {
  const point = newSensor([], 'point', bounds);
  const disk = { ...newSensor([], 'disk', bounds), attributes: ['pressure' as const] };
  const results: CustomSensor['results'] = [
    { outputNo: 2, time: 0.2, values: { pressure: 30, velocity: [3, 4, 0] }, integrals: { mass_flow_rate: 5, normal_force: [0, 0, -2] }, area: 1 },
    { outputNo: 0, time: 0, values: { pressure: 10, velocity: [0, 0, 0] }, integrals: {}, area: 1 },
    { outputNo: 1, time: 0.1, values: { pressure: null, velocity: null }, integrals: {}, area: 1 },
  ];

  it('offer the recorded attributes (vectors by part) and, on surfaces, the integrated quantities', () => {
    expect(sensorQuantityOptions(point).map((o) => o.key)).toEqual(['pressure', 'velocity:magnitude', 'velocity:x', 'velocity:y', 'velocity:z']);
    const keys = sensorQuantityOptions(disk).map((o) => o.key);
    expect(keys).toEqual([
      'pressure', 'integral:mass_flow_rate', 'integral:volume_flow_rate', 'integral:normal_force:magnitude', 'integral:normal_force:x',
      'integral:normal_force:y', 'integral:normal_force:z', 'integral:wetted_area',
    ]);
    expect(sensorQuantityOptions(disk).find((o) => o.key === 'integral:mass_flow_rate')?.label).toBe('Mass Flow Rate [kg/s]');
  });

  it('give the value per output in order, without the outputs where the sensor was dry', () => {
    expect(scalarOf([3, 4, 0], 'magnitude')).toBe(5);
    expect(scalarOf([3, 4, 0], 'y')).toBe(4);
    expect(scalarOf(null, null)).toBeNull();
    expect(sensorSeries(results, { kind: 'attribute', attribute: 'pressure', part: null })).toEqual([{ x: 0, y: 10 }, { x: 2, y: 30 }]);
    expect(sensorSeries(results, { kind: 'integral', integral: 'normal_force', part: 'z' })).toEqual([{ x: 2, y: -2 }]);
  });

  it('become a chart window of the statistics panel', () => {
    const option = sensorQuantityOptions(disk).find((o) => o.key === 'integral:mass_flow_rate');
    if (!option) throw new Error('no mass flow rate');
    const window = sensorChartWindow({ sensor: disk, results }, option);
    expect(window.attribute).toBe('mass_flux');
    expect(window.datasets[0]).toMatchObject({ operation: 'integral', objs: [disk.id], data: [{ x: 2, y: 5 }] });
    expect(window.layout).toMatchObject({ name: `Mass Flow Rate · ${disk.name}`, yLabel: 'Mass Flow Rate [kg/s]', xAxis: 'time', timeIndicator: true });
  });
});

describe('the data table modal', () => {
  const headers = ioProfileColumns('riemann_velocity');
  const rules = ioProfileColumnRules('riemann_velocity', 'default');

  it('starts a new table with the default rows and edits cells as text', () => {
    const draft = draftOf(null, headers);
    expect(draft.rows).toHaveLength(DATA_TABLE_EDITOR_MIN_ROWS);
    expect(draftErrors(draft, rules).cellErrors).toHaveLength(DATA_TABLE_EDITOR_MIN_ROWS * 4);
    let edited = draft;
    for (let r = 0; r < 3; r++) for (let c = 0; c < 4; c++) edited = setCell(edited, r, c, String(r + c));
    expect(draftErrors(edited, rules)).toEqual({ cellErrors: [], globalErrors: [] });
    const two = removeRow(edited, 0);
    expect(tableOfDraft('t', two)).toEqual({ id: 't', headers, table: [[1, 2], [2, 3], [3, 4], [4, 5]], resultCount: 2 });
    expect(draftErrors(removeRow(two, 0), rules).globalErrors).toEqual([MESSAGES.tableMinRows]);
    let full = edited;
    for (let i = 0; i < 200; i++) full = addRow(full);
    expect(full.rows).toHaveLength(DATA_TABLE_EDITOR_MAX_ROWS);
  });

  it('reads a stored table under its columns and an uploaded CSV as written', () => {
    const stored = tableFromRows('t', headers, [[0, 0, 0, 1.5], [0, 1, 0, 2]]);
    expect(draftOf(stored, headers).rows).toEqual([['0', '0', '0', '1.5'], ['0', '1', '0', '2']]);
    const csv = draftFromCsv({ headers, cells: [['0', '0', '0', 'fast'], ['0', '1', '0', '2000']] });
    expect(draftErrors(csv, rules).cellErrors).toEqual([
      { row: 0, column: 3, message: MESSAGES.validNumber },
      { row: 1, column: 3, message: mustBeBetween(-1000, 1000) },
    ]);
  });
});

describe('inlets and outlets from an upload', () => {
  const setup = emptySetup();
  const info = { center: [0, 0, 0] as [number, number, number], normal: [1, 0, 0] as [number, number, number], isPlanar: true, nbrOfTriangles: 2, holes: 1, nonManifold: 0, surfaceArea: 1, boundingBox: { min: [0, 0, 0] as [number, number, number], max: [0, 1, 1] as [number, number, number] } };

  it('are inflow boundaries of the first material whose outline is no hole; a curved surface carries a warning', () => {
    const part = inletOutletPart(setup, { name: 'inlet', fileId: 'f', file: { name: 'inlet.stl', extension: 'stl', unit: 'm' }, info });
    expect(part).toMatchObject({ name: 'inlet', materialId: 0, hasWarnings: false, component: { type: 'openboundary', ioDirection: 'inflow', ioType: 'riemann_velocity' } });
    expect(partIssues(part, { profile: 'default', settings: setup.settings }).filter((i) => i.severity !== 'info')).toEqual([]);
    // The same open outline on a solid is a hole.
    expect(partIssues({ ...part, component: defaultRigidComponent(), materialId: null }, { profile: 'default', settings: setup.settings })).toContainEqual(
      { field: 'shape', message: MESSAGES.partIssues, severity: 'warning' },
    );
    const curved = inletOutletPart(setup, { name: 'bent', fileId: 'f', file: { name: 'bent.stl', extension: 'stl', unit: 'm' }, info: { ...info, isPlanar: false } });
    expect(curved.warnings).toEqual([{ errorCode: 'not_planar', message: INLET_NOT_PLANAR }]);
  });
});
