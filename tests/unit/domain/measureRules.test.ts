// Rules of measuring objects and inlets/outlets: open-boundary limits in both profiles with the spec's
// messages, profile tables (columns, rows, cells, the toast's 'Column {c}, Row: {r}: {message}'), which of
// their findings refuse a setup write, sensor attributes, and the CSV reader of data tables.
import { describe, expect, it } from 'vitest';
import { defaultOpenBoundaryComponent, type OpenBoundaryComponent } from '../../../src/domain/component.ts';
import { emptyTable, ioProfileColumns, parseTableCsv, tableFromRows } from '../../../src/domain/dataTable.ts';
import { MESSAGES, mustBeBetween, templates } from '../../../src/domain/messages.ts';
import { createPart } from '../../../src/domain/part.ts';
import { createPointSensor, createSurfaceSensor, sensorAttributeOptions, sensorShapeOf } from '../../../src/domain/sensor.ts';
import { emptySetup, type SetupDocument } from '../../../src/domain/setup.ts';
import { planeShape } from '../../../src/domain/shape.ts';
import { complexMesh, defaultCircleMesh, defaultRectangleMesh } from '../../../src/domain/mesh.ts';
import type { ValidationProfile } from '../../../src/domain/limits.ts';
import { componentIssues } from '../../../src/domain/validation/partRules.ts';
import { sensorIssues } from '../../../src/domain/validation/objectRules.ts';
import { firstTableError, ioProfileColumnRules, tableErrors, tableLookupOf } from '../../../src/domain/validation/tables.ts';
import { setupWriteErrors } from '../../../src/domain/validation/writeRules.ts';
import { validateSetup } from '../../../src/domain/validation/validateSetup.ts';

const off = { thermodynamics: false, surfaceTension: false, multiphase: false };

function errors(c: OpenBoundaryComponent, profile: ValidationProfile, tables = tableLookupOf([]), settings = off): string[] {
  return componentIssues(c, { profile, settings, tables }).filter((i) => i.severity === 'error').map((i) => `${i.field}: ${i.message}`);
}

const inlet = (over: Partial<OpenBoundaryComponent> = {}): OpenBoundaryComponent => ({ ...defaultOpenBoundaryComponent('inflow'), ...over });

describe('open boundary limits', () => {
  const cases: [string, ValidationProfile, Partial<OpenBoundaryComponent>, string[]][] = [
    ['pressure 1e9 (default)', 'default', { ioPressure: 1e9 }, []],
    ['pressure 1.0001e9 (default)', 'default', { ioPressure: 1.0001e9 }, [`ioPressure: ${mustBeBetween(0, 1e9)}`]],
    ['pressure 1e7 (strict)', 'strict', { ioPressure: 1e7 }, []],
    ['pressure 2e7 (strict)', 'strict', { ioPressure: 2e7 }, [`ioPressure: ${mustBeBetween(0, 1e7)}`]],
    ['pressure -1 (both)', 'strict', { ioPressure: -1 }, [`ioPressure: ${mustBeBetween(0, 1e7)}`]],
    ['velocity 1000 (default)', 'default', { ioVelocity: 1000 }, []],
    ['velocity 1001 (default)', 'default', { ioVelocity: 1001 }, [`ioVelocity: ${mustBeBetween(-1000, 1000)}`]],
    ['velocity -300 (strict)', 'strict', { ioVelocity: -300 }, []],
    ['velocity 301 (strict)', 'strict', { ioVelocity: 301 }, [`ioVelocity: ${mustBeBetween(-300, 300)}`]],
    ['velocity text', 'default', { ioVelocity: Number.NaN }, [`ioVelocity: ${MESSAGES.validNumber}`]],
    ['velocity ignored with a field profile', 'strict', { ioVelocity: 5000, ioProfileKind: 'field', ioTableId: null }, [`ioTableId: ${MESSAGES.selectionRequired}`]],
  ];
  it.each(cases)('%s', (_label, profile, over, expected) => {
    expect(errors(inlet(over), profile)).toEqual(expected);
  });

  it('temperature of the incoming fluid: 0..1000 K, strict 0..500 K, only with heat transfer', () => {
    const thermo = { ...off, thermodynamics: true };
    expect(errors(inlet({ ioTemperature: 800 }), 'default', undefined, thermo)).toEqual([]);
    expect(errors(inlet({ ioTemperature: 800 }), 'strict', undefined, thermo)).toEqual([`ioTemperature: ${mustBeBetween(0, 500)}`]);
    expect(errors(inlet({ ioTemperature: 5000 }), 'default')).toEqual([]);
  });
});

describe('inlet profile tables', () => {
  const velocityRules = ioProfileColumnRules('riemann_velocity', 'default');
  it('need the columns of their condition, 2 to 100 rows, and every cell in range', () => {
    expect(ioProfileColumns('riemann_velocity')).toEqual(['pos_x', 'pos_y', 'pos_z', 'vel_n']);
    expect(ioProfileColumns('riemann_pressure')).toEqual(['pos_x', 'pos_y', 'pos_z', 'prs']);
    const headers = ioProfileColumns('riemann_velocity');
    expect(tableErrors(headers, [[0, 0, 0, 1], [0, 1, 0, 2]], velocityRules)).toEqual({ cellErrors: [], globalErrors: [] });
    expect(tableErrors(headers, [[0, 0, 0, 1]], velocityRules).globalErrors).toEqual([MESSAGES.tableMinRows]);
    expect(tableErrors(headers, Array.from({ length: 101 }, () => [0, 0, 0, 1]), velocityRules).globalErrors).toEqual([MESSAGES.tableMaxRows]);
    expect(tableErrors(['pos_x', 'pos_y', 'pos_z', 'prs'], [[0, 0, 0, 1], [0, 0, 0, 1]], velocityRules).globalErrors).toEqual([templates.tableColumns(headers)]);
    const bad = tableErrors(headers, [[0, 0, 0, 1], [0, Number.NaN, 0, 2000]], velocityRules);
    expect(bad.cellErrors).toEqual([
      { row: 1, column: 1, message: MESSAGES.validNumber },
      { row: 1, column: 3, message: mustBeBetween(-1000, 1000) },
    ]);
    expect(firstTableError(bad, headers)).toBe('Column pos_y, Row: 2: must be a valid number');
    expect(firstTableError({ cellErrors: bad.cellErrors, globalErrors: ['table must have at least 2 rows'] }, headers)).toBe('table must have at least 2 rows');
  });

  it('check their cells against the limits of the profile in use', () => {
    const headers = ioProfileColumns('riemann_velocity');
    const rows = [[0, 0, 0, 250], [0, 1, 0, 400]];
    expect(tableErrors(headers, rows, velocityRules).cellErrors).toEqual([]);
    expect(firstTableError(tableErrors(headers, rows, ioProfileColumnRules('riemann_velocity', 'strict')), headers)).toBe(
      templates.tableCellError('vel_n', 2, mustBeBetween(-300, 300)),
    );
    const pressure = ioProfileColumns('riemann_pressure');
    expect(firstTableError(tableErrors(pressure, [[0, 0, 0, 0], [0, 0, 0, -1]], ioProfileColumnRules('riemann_pressure', 'default')), pressure)).toBe(
      'Column prs, Row: 2: must be between 0 and 1e9',
    );
  });

  it('a field profile reports its table on ioTableId', () => {
    const table = tableFromRows('t1', ioProfileColumns('riemann_velocity'), [[0, 0, 0, 1], [0, 1, 0, 5000]]);
    expect(errors(inlet({ ioProfileKind: 'field', ioTableId: 't1' }), 'default', tableLookupOf([table]))).toEqual([
      `ioTableId: ${templates.tableCellError('vel_n', 2, mustBeBetween(-1000, 1000))}`,
    ]);
    const short = emptyTable('t2', ioProfileColumns('riemann_velocity'), 1);
    expect(errors(inlet({ ioProfileKind: 'field', ioTableId: 't2' }), 'default', tableLookupOf([short]))).toEqual([`ioTableId: ${MESSAGES.tableMinRows}`]);
    expect(errors(inlet({ ioProfileKind: 'field', ioTableId: 'gone' }), 'default', tableLookupOf([]))).toEqual([`ioTableId: ${MESSAGES.tableMissing}`]);
  });
});

describe('what refuses a setup write', () => {
  function withInlet(component: OpenBoundaryComponent, tables: SetupDocument['dataTables'] = []): SetupDocument {
    const setup = emptySetup();
    setup.parts = [createPart({ id: 'inlet', name: 'Inlet', component, shape: planeShape([0.1, 0.1, 0]), materialId: 0 })];
    setup.dataTables = tables;
    return setup;
  }

  it('out-of-range values and cells refuse it; a missing or too short table and columns of the other condition only block a run', () => {
    expect(setupWriteErrors(withInlet(inlet({ ioPressure: -1 })))).toEqual([{ path: 'parts.0.component.ioPressure', message: mustBeBetween(0, 1e9) }]);
    const badCell = tableFromRows('t', ioProfileColumns('riemann_velocity'), [[0, 0, 0, 1], [0, 0, 0, -2000]]);
    expect(setupWriteErrors(withInlet(inlet({ ioProfileKind: 'field', ioTableId: 't' }), [badCell]))).toEqual([
      { path: 'parts.0.component.ioTableId', message: templates.tableCellError('vel_n', 2, mustBeBetween(-1000, 1000)) },
    ]);
    // The condition switched to pressure after the velocity table was made: saveable, but no run.
    const switched = withInlet(inlet({ ioType: 'riemann_pressure', ioProfileKind: 'field', ioTableId: 't' }), [
      tableFromRows('t', ioProfileColumns('riemann_velocity'), [[0, 0, 0, 1], [0, 0, 0, 2]]),
    ]);
    expect(setupWriteErrors(switched)).toEqual([]);
    expect(validateSetup(switched, { profile: 'default' }).issues.map((i) => i.message)).toContain(templates.tableColumns(ioProfileColumns('riemann_pressure')));
    expect(setupWriteErrors(withInlet(inlet({ ioProfileKind: 'field', ioTableId: null })))).toEqual([]);
  });
});

describe('sensor attributes', () => {
  it('point sensors record what the solver writes; surface sensors also the fluxes through them', () => {
    expect(sensorAttributeOptions('point')).toEqual(['pressure', 'velocity', 'density', 'acceleration', 'shear_rate']);
    expect(sensorAttributeOptions('surface')).toEqual(['pressure', 'velocity', 'density', 'acceleration', 'shear_rate', 'volume_flux', 'mass_flux']);
  });

  it('at least one attribute, each one the sensor can record', () => {
    const point = createPointSensor('Probe', [0, 0, 0], 's1');
    expect(sensorIssues(point)).toEqual([]);
    expect(sensorIssues({ ...point, attributes: [] })).toEqual([{ field: 'attributes', message: MESSAGES.sensorAttributesRequired, severity: 'error' }]);
    expect(sensorIssues({ ...point, attributes: ['pressure', 'mass_flux'] })).toEqual([{ field: 'attributes', message: MESSAGES.sensorAttributeUnavailable, severity: 'error' }]);
    const disk = createSurfaceSensor('Disk', defaultCircleMesh(), 's2');
    expect(sensorIssues({ ...disk, attributes: ['mass_flux'] })).toEqual([]);
    const setup = emptySetup();
    setup.sensors = [{ ...point, attributes: [] }];
    expect(setupWriteErrors(setup)).toEqual([{ path: 'sensors.0.attributes', message: MESSAGES.sensorAttributesRequired }]);
  });

  it('the Add menu shape of a sensor', () => {
    expect(sensorShapeOf(createPointSensor('p', [0, 0, 0]))).toBe('point');
    expect(sensorShapeOf(createSurfaceSensor('d', defaultCircleMesh()))).toBe('disk');
    expect(sensorShapeOf(createSurfaceSensor('r', defaultRectangleMesh()))).toBe('rectangle');
    expect(sensorShapeOf(createSurfaceSensor('g', complexMesh('f1', { name: 'a.stl', extension: 'stl', unit: 'mm' })))).toBe('geometry');
  });
});

describe('CSV of data tables', () => {
  it('reads comma or semicolon separated columns and keeps cells that are no number as NaN with their text', () => {
    const parsed = parseTableCsv('\uFEFFpos_x,pos_y,pos_z,vel_n\r\n0,0,0,1.5\n\n0.1, 0.2 ,0,abc\n');
    expect(parsed.headers).toEqual(['pos_x', 'pos_y', 'pos_z', 'vel_n']);
    expect(parsed.cells).toEqual([['0', '0', '0', '1.5'], ['0.1', '0.2', '0', 'abc']]);
    expect(parsed.rows[0]).toEqual([0, 0, 0, 1.5]);
    expect(Number.isNaN(parsed.rows[1][3])).toBe(true);
    const semicolons = parseTableCsv('pos_x;pos_y;pos_z;prs\n1;2;3;"4"\n5;6\n');
    expect(semicolons.cells).toEqual([['1', '2', '3', '4'], ['5', '6', '', '']]);
    expect(parseTableCsv('')).toEqual({ headers: [], rows: [], cells: [] });
  });
});
