import { describe, expect, it } from 'vitest';
import {
  defaultMeshingParameters, meshingFormSchema, meshingFormToParameters, meshingParametersToForm, combinedMeshingValue,
} from '../../../src/domain/meshing.ts';
import { applyColormapRange, colorAt, colorRangeFromValues, lookupColor, colorTable } from '../../../src/domain/colormap.ts';
import { defaultColorRange, attributeSubOptions, isVectorAttribute, integratedQuantities } from '../../../src/domain/attributes.ts';
import { statisticsOutputs, statisticsRangeIssues, temporalAggregator, offeredOperations } from '../../../src/domain/statistics.ts';
import { defaultUserExportState, exportOutputs, userExportIssues, downloadTabEnabled } from '../../../src/domain/userExport.ts';
import { defaultDashboardTiles, graphFormSchema, tileFitsGrid } from '../../../src/domain/dashboard.ts';
import { DASHBOARD_GRID_COLUMNS } from '../../../src/domain/constants.ts';
import { parseConfigurationFile, toConfigurationFile, assemblyImportActions } from '../../../src/domain/assembly.ts';
import { initialConditionCsvIssues, singleCsvFileIssue } from '../../../src/domain/validation/tables.ts';
import { simulationRename, viewNameSchema, templateNameSchema, uniqueNameSchema } from '../../../src/domain/validation/names.ts';
import { startBlockers, stepUploadWarning } from '../../../src/domain/startRules.ts';
import { formatLimit } from '../../../src/domain/messages.ts';
import { vec3Schema } from '../../../src/domain/vector.ts';

describe('meshing parameters', () => {
  it('defaults 1, 15° (radians on the wire), Delabella off; degrees round-trip', () => {
    const p = defaultMeshingParameters();
    expect(p.angularDeflection).toBeCloseTo((15 * Math.PI) / 180, 12);
    expect(meshingParametersToForm(p)).toEqual({ linearDeflectionFactor: 1, angularDeflectionDeg: 15, useDelabellaAlgorithm: false });
    expect(meshingFormToParameters(meshingParametersToForm(p)).angularDeflection).toBeCloseTo(p.angularDeflection, 12);
  });
  it.each([
    [0.1, 1, true], [10, 90, true], [0.09, 15, false], [10.01, 15, false], [1, 0.99, false], [1, 90.1, false],
  ])('factor %s angle %s° valid: %s', (linearDeflectionFactor, angularDeflectionDeg, valid) => {
    expect(meshingFormSchema.safeParse({ linearDeflectionFactor, angularDeflectionDeg, useDelabellaAlgorithm: false }).success).toBe(valid);
  });
  it('combines differing values of multi-selected parts', () => {
    const a = defaultMeshingParameters();
    expect(combinedMeshingValue([a, a], 'linearDeflectionFactor')).toBe(1);
    expect(combinedMeshingValue([a, { ...a, linearDeflectionFactor: 2 }], 'linearDeflectionFactor')).toBe('mixed');
  });
});

describe('colour maps', () => {
  it('range from values ignores NaN and infinities and needs two values', () => {
    expect(colorRangeFromValues([3, NaN, -1, Infinity, 2])).toEqual({ min: -1, max: 3 });
    expect(colorRangeFromValues([5, NaN, -Infinity])).toBeNull();
  });
  it('min/max are swapped so that min <= max, non-finite input is not applied', () => {
    expect(applyColormapRange(5, 1)).toEqual({ min: 1, max: 5 });
    expect(applyColormapRange(1, NaN)).toBeNull();
  });
  it('lookup returns nothing for NaN and clamps outside the range', () => {
    expect(lookupColor('rainbow', NaN, 0, 1)).toBeUndefined();
    expect(lookupColor('rainbow', -5, 0, 1)).toEqual(colorAt('rainbow', 0));
    expect(lookupColor('rainbow', 5, 0, 1)).toEqual([1, 0, 0]);
    expect(colorAt('rainbow', 0)).toEqual([0, 0, 1]);
    expect(colorTable('binary', 2)).toEqual(new Uint8Array([48, 48, 48, 255, 240, 240, 240, 255]));
  });
  it('default attribute ranges', () => {
    expect(defaultColorRange('particle_packing', 0.5, 2)).toEqual({ min: 0.9, max: 1.1 });
    expect(defaultColorRange('pressure', -10, 50)).toEqual({ min: 0, max: 50 });
    expect(defaultColorRange('wetting', 0.2, 0.3)).toEqual({ min: 0, max: 1 });
    expect(defaultColorRange('density', 990, 1010)).toEqual({ min: 990, max: 1010 });
    expect(attributeSubOptions('velocity')).toEqual(['magnitude', 'x', 'y', 'z']);
    expect(isVectorAttribute('pressure')).toBe(false);
    expect(integratedQuantities.total_force.source).toBe('total_stress');
  });
});

describe('statistics', () => {
  const ctx = { lastOutput: 20, outputTimeInterval: 0.1 };
  it('output range rules', () => {
    const e = (outputRange: [number, number]) => statisticsRangeIssues({ outputMode: 'outputRange', outputRange, timeRange: [0, 0] }, ctx).map((i) => i.field);
    expect(e([0, 20])).toEqual([]);
    expect(e([5, 5])).toEqual(['outputRange.0']);
    expect(e([0, 21])).toEqual(['outputRange.1']);
    expect(e([21, 22])).toEqual(['outputRange.0', 'outputRange.1']);
  });
  it('time range rules', () => {
    const e = (timeRange: [number, number]) => statisticsRangeIssues({ outputMode: 'timeRange', outputRange: [0, 0], timeRange }, ctx).map((i) => i.field);
    expect(e([0, 2])).toEqual([]);
    expect(e([-0.1, 1])).toEqual(['timeRange.0']);
    expect(e([0, 2.1])).toEqual(['timeRange.1']);
    expect(e([1, 0.5])).toEqual(['timeRange.1']);
  });
  it('covered outputs include the range end and stay within available outputs', () => {
    const available = [0, 1, 2, 3, 5];
    expect(statisticsOutputs({ outputMode: 'outputRange', output: 0, outputRange: [1, 3], timeRange: [0, 0] }, { ...ctx, available })).toEqual([1, 2, 3]);
    expect(statisticsOutputs({ outputMode: 'timeRange', output: 0, outputRange: [0, 0], timeRange: [0.2, 0.5] }, { ...ctx, available })).toEqual([2, 3, 5]);
    expect(temporalAggregator('integral')).toBe('mean');
    expect(offeredOperations('total_stress')).toContain('integral');
    expect(offeredOperations('pressure')).not.toContain('integral');
  });
});

describe('export', () => {
  it('step size 1..100, at least one item, surface needs its fluid, missing outputs warn', () => {
    const s = { ...defaultUserExportState('sim', 10), outputMode: 'range' as const, outputsRange: [0, 10] as [number, number] };
    const all = Array.from({ length: 11 }, (_, i) => i);
    expect(userExportIssues(s, all)).toEqual([]);
    expect(userExportIssues({ ...s, stepSize: 100 }, all)).toEqual([]);
    expect(userExportIssues({ ...s, stepSize: 101 }, all)[0]).toMatchObject({ field: 'stepSize', message: 'must be between 1 and 100' });
    expect(userExportIssues({ ...s, stepSize: 1.5 }, all)[0].message).toBe('must be a whole number');
    expect(userExportIssues({ ...s, allObjects: false }, all)[0].message).toBe('Select at least 1 item to start export');
    expect(userExportIssues({ ...s, allObjects: false, sensors: ['x'], surfaceReconstructions: [0] }, all)[0].message).toBe('Fluid must be selected to export the surface');
    expect(userExportIssues(s, [0, 1])[0]).toMatchObject({ severity: 'warning', message: 'Missing data for the selected output' });
    expect(exportOutputs({ ...s, stepSize: 4 })).toEqual([0, 4, 8]);
    expect(downloadTabEnabled('expired')).toBe(false);
  });
});

describe('dashboard', () => {
  it('default tiles fit the 12-column grid and include the three default graphs', () => {
    const tiles = defaultDashboardTiles();
    expect(DASHBOARD_GRID_COLUMNS).toBe(12);
    expect(tiles.every(tileFitsGrid)).toBe(true);
    expect(tiles.filter((t) => t.type === 'graph').map((t) => t.logValues[0])).toEqual(['particles', 'runtimePerS', 'dt']);
    expect(new Set(tiles.map((t) => t.type))).toEqual(new Set(['details', 'progress', 'budget', 'variables', 'job', 'graph', 'note', 'image']));
  });
  it('graph form: log value required, Min must be smaller than max', () => {
    const base = { logValues: ['dt'], xAuto: true, yAuto: false, xMin: null, xMax: null, yMin: 2, yMax: 1 };
    expect(graphFormSchema.safeParse(base).error?.issues[0]).toMatchObject({ path: ['yMin'], message: 'Min must be smaller than max.' });
    expect(graphFormSchema.safeParse({ ...base, yMax: 2 }).success).toBe(true);
    expect(graphFormSchema.safeParse({ ...base, yMax: 3, logValues: [] }).success).toBe(false);
  });
  it('view and template names are unique', () => {
    expect(viewNameSchema(['Main']).safeParse(' Main ').error?.issues[0].message).toBe('View with entered name already exists');
    expect(templateNameSchema(['T']).safeParse('T').error?.issues[0].message).toBe('Template with entered name already exists.');
    expect(uniqueNameSchema([]).safeParse('x'.repeat(101)).success).toBe(false);
    expect(uniqueNameSchema([]).safeParse('x'.repeat(100)).success).toBe(true);
  });
});

describe('names, CSV, assemblies, start', () => {
  it('simulation rename', () => {
    expect(simulationRename('  ', 'A')).toEqual({ kind: 'error', message: 'Simulation name cannot be empty.' });
    expect(simulationRename(' A ', 'A')).toEqual({ kind: 'ignore' });
    expect(simulationRename('B ', 'A')).toEqual({ kind: 'rename', name: 'B' });
  });
  it('initial-condition CSV headers', () => {
    expect(initialConditionCsvIssues(['pos_x', 'pos_y', 'pos_z'], 2, false)).toEqual([]);
    expect(initialConditionCsvIssues(['pos_x', 'pos_y', 'vel_x'], 2, false).map((i) => i.field)).toEqual(['pos_z']);
    expect(initialConditionCsvIssues(['pos_x', 'pos_y', 'pos_z', 'foo'], 5, false)[0]).toMatchObject({ field: 'foo', severity: 'error' });
    expect(initialConditionCsvIssues(['pos_x', 'pos_y', 'pos_z', 'temperature'], 2, false)[0].severity).toBe('info');
    expect(initialConditionCsvIssues(['pos_x', 'pos_y', 'pos_z'], 1, true)[0].message).toBe('table must have at least 2 rows');
    expect(singleCsvFileIssue(['a.csv'])).toBeNull();
    expect(singleCsvFileIssue(['a.csv', 'b.csv'])).not.toBeNull();
  });
  it('configuration files round-trip; invalid JSON gives null', () => {
    const part = { id: 'p', name: 'Hull', assemblyNodeIds: ['0:1'], componentType: 'rigid' as const, meshingParameters: defaultMeshingParameters(), needsTessellation: true };
    const text = JSON.stringify(toConfigurationFile([part]));
    expect(parseConfigurationFile(text)).toEqual([{ name: 'Hull', assemblyNodeIds: ['0:1'], componentType: 'rigid', meshingParameters: part.meshingParameters }]);
    expect(parseConfigurationFile('{')).toBeNull();
    expect(assemblyImportActions(1)).toEqual({ import: true, mergeAndImport: false });
    expect(assemblyImportActions(2)).toEqual({ import: true, mergeAndImport: true });
  });
  it('start blockers', () => {
    const ok = { hasInputErrors: false, solverAvailable: true, credits: 10, freeInstance: false, storageFull: false, organizationFeatures: [], maximumSimulationsExceeded: false };
    expect(startBlockers(ok)).toEqual([]);
    expect(startBlockers({ ...ok, credits: 0 })).toHaveLength(1);
    expect(startBlockers({ ...ok, credits: 0, freeInstance: true })).toEqual([]);
    expect(startBlockers({ ...ok, storageFull: true })).toHaveLength(1);
    expect(startBlockers({ ...ok, storageFull: true, organizationFeatures: ['no_storage_limit_enforcement'] })).toEqual([]);
    expect(startBlockers({ ...ok, hasInputErrors: true, solverAvailable: false, maximumSimulationsExceeded: true })).toHaveLength(3);
    expect(stepUploadWarning(500 * 1024 * 1024)).toBeNull();
    expect(stepUploadWarning(500 * 1024 * 1024 + 1)).not.toBeNull();
  });
  it('vector and number messages', () => {
    expect(vec3Schema.safeParse(undefined).error?.issues[0].message).toBe('is required');
    expect(vec3Schema.safeParse([1, NaN, 2]).error?.issues[0]).toMatchObject({ path: [1], message: 'This field requires a valid number.' });
    expect(formatLimit(1e-9)).toBe('1e-9');
    expect(formatLimit(0.001)).toBe('0.001');
    expect(formatLimit(50_000_000)).toBe('50000000');
  });
});
