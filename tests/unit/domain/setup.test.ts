import { describe, expect, it } from 'vitest';
import { emptySetup, parseSetupDocument, setupDocumentSchema, UnsupportedSetupVersionError } from '../../../src/domain/setup.ts';
import { defaultSimulationSettings, outputCount, percentToDensityThreshold, densityThresholdToPercent } from '../../../src/domain/settings.ts';
import { defaultFluidMaterial, materialFromPreset, materialPresets } from '../../../src/domain/material.ts';
import { createPart } from '../../../src/domain/part.ts';
import { cubeShape, emptyShape, hasGeometry } from '../../../src/domain/shape.ts';
import { defaultFillingComponent, defaultRigidComponent } from '../../../src/domain/component.ts';
import { vec3Schema } from '../../../src/domain/vector.ts';

describe('setup document', () => {
  it('an empty setup parses and round-trips through JSON', () => {
    const setup = emptySetup();
    expect(setup.schemaVersion).toBe(1);
    expect(setup.materials).toHaveLength(1);
    expect(parseSetupDocument(JSON.parse(JSON.stringify(setup)))).toEqual(setup);
  });

  it('rejects an unknown schema version and duplicate ids', () => {
    expect(() => parseSetupDocument({ ...emptySetup(), schemaVersion: 2 })).toThrow(UnsupportedSetupVersionError);
    const part = createPart({ name: 'Tank', component: defaultRigidComponent(), shape: cubeShape(), id: 'p1' });
    const doc = { ...emptySetup(), parts: [part, { ...part }] };
    const result = setupDocumentSchema.safeParse(doc);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].path).toEqual(['parts']);
  });

  it('carries parts with inline cube geometry and default appearance', () => {
    const part = createPart({ name: 'Water', component: defaultFillingComponent(0.5), shape: cubeShape([1, 2, 3]) });
    expect(part.materialId).toBe(0);
    expect(part.appearance).toMatchObject({ visibility: true, viewMode: 'surface', opacity: 0.5 });
    const doc = setupDocumentSchema.parse({ ...emptySetup(), parts: [part] });
    expect(doc.parts[0].shape).toMatchObject({ type: 'stl_cube', dimensions: [1, 2, 3] });
    expect(hasGeometry(part.shape)).toBe(true);
    expect(hasGeometry(emptyShape())).toBe(false);
  });
});

describe('defaults', () => {
  it('settings follow the spec defaults', () => {
    const s = defaultSimulationSettings();
    expect(s.endTime).toBe(2);
    expect(s.outputTimeInterval).toBe(0.1);
    expect(s.gravity).toEqual([0, 0, -9.81]);
    expect(s.densityThreshold).toBe(0.3);
    expect(densityThresholdToPercent(s.densityThreshold)).toBe(30);
    expect(percentToDensityThreshold(30)).toBe(0.3);
    expect(outputCount(s)).toBe(21);
  });

  it('material 0 is water named Fluid 1; presets drop prandtl number and source', () => {
    const m = defaultFluidMaterial();
    expect(m).toMatchObject({ id: 0, name: 'Fluid 1', density: 1000, gamma: 7, kinematicViscosity: 1e-6 });
    const fromPreset = materialFromPreset(materialPresets[0], m);
    expect(fromPreset).not.toHaveProperty('prandtlNumber');
    expect(fromPreset).not.toHaveProperty('source');
    expect(fromPreset.id).toBe(0);
  });

  it('vectors are finite [x, y, z] tuples', () => {
    expect(vec3Schema.safeParse([1, 2, 3]).success).toBe(true);
    expect(vec3Schema.safeParse({ x: 1, y: 2, z: 3 }).success).toBe(false);
    expect(vec3Schema.safeParse([1, Infinity, 3]).success).toBe(false);
    expect(vec3Schema.safeParse([1, 2]).success).toBe(false);
  });
});
