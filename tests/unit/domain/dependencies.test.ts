import { describe, expect, it } from 'vitest';
import {
  allowedShifting, allowedThermoKinds, applyMultiphaseToggle, applySurfaceTensionToggle, airDragAvailability, canAddMaterial,
  canDeleteMaterial, deleteMaterial, domainBoundaryMenuEnabled, particleSizeEditable, periodicBoundaryAddable,
  surfaceTensionAvailability, temperatureViscosityAvailability,
} from '../../../src/domain/dependencies.ts';
import { emptySetup } from '../../../src/domain/setup.ts';
import { createPart } from '../../../src/domain/part.ts';
import { cubeShape, simulationPointcloudShape } from '../../../src/domain/shape.ts';
import { defaultFlowComponent, defaultRigidComponent } from '../../../src/domain/component.ts';
import { defaultFluidMaterial } from '../../../src/domain/material.ts';
import { createPeriodicBoundary } from '../../../src/domain/periodicBoundary.ts';
import { validateSetup } from '../../../src/domain/validation/validateSetup.ts';

describe('multiphase toggle', () => {
  it('switching on adds a second material, resets fluid part materials and adjusts the solver settings', () => {
    const fluid = createPart({ name: 'Water', component: defaultFlowComponent(), shape: cubeShape(), materialId: 7, id: 'f' });
    const wall = createPart({ name: 'Wall', component: defaultRigidComponent(), shape: cubeShape(), id: 'w' });
    const setup = { ...emptySetup(), parts: [fluid, wall], settings: { ...emptySetup().settings, noRiemannWall: true } };
    const result = applyMultiphaseToggle(setup, true);
    expect(result.setup.materials.map((m) => [m.id, m.name])).toEqual([[0, 'Fluid 1'], [1, 'Fluid 2']]);
    expect(result.setup.parts.map((p) => p.materialId)).toEqual([0, null]);
    expect(result.setup.settings).toMatchObject({ multiphase: true, densityLimiter: false, dynamicTimeStep: false, noRiemannWall: false });
    expect(result.adjustments).toEqual(['material_added', 'part_materials_reset', 'density_limiter_off', 'static_timestep', 'improved_wall_pressure_on']);
    expect(result.notice).toBe('Advanced Settings Were Adjusted');
    expect(setup.settings.multiphase).toBe(false);
    expect(validateSetup(result.setup, { profile: 'default' }).valid).toBe(true);
  });

  it('keeps existing materials and reports nothing when nothing had to change', () => {
    const settings = { ...emptySetup().settings, densityLimiter: false, dynamicTimeStep: false };
    const setup = { ...emptySetup(), settings, materials: [defaultFluidMaterial(0), defaultFluidMaterial(1), defaultFluidMaterial(2)] };
    const result = applyMultiphaseToggle(setup, true);
    expect(result.setup.materials).toHaveLength(3);
    expect(result.adjustments).toEqual([]);
    expect(result.notice).toBeNull();
  });

  it('switching off re-enables the density limiter', () => {
    const on = applyMultiphaseToggle(emptySetup(), true).setup;
    const off = applyMultiphaseToggle(on, false);
    expect(off.setup.settings).toMatchObject({ multiphase: false, densityLimiter: true, dynamicTimeStep: false });
    expect(off.adjustments).toEqual(['density_limiter_on']);
    expect(off.notice).toBeNull();
  });

  it('returns conflicts rather than deleting them', () => {
    const setup = { ...emptySetup(), settings: { ...emptySetup().settings, airDrag: true } };
    const result = applyMultiphaseToggle(setup, true);
    expect(result.conflicts.airDrag).toBe(true);
    expect(result.setup.settings.airDrag).toBe(true);
  });
});

describe('availability rules', () => {
  it('surface tension forces lyu21 and is unavailable with > 2 multiphase materials', () => {
    const s = applySurfaceTensionToggle({ ...emptySetup().settings, shifting: 'zero' }, true);
    expect(s.shifting).toBe('lyu21');
    expect(allowedShifting(s)).toEqual(['lyu21']);
    expect(allowedShifting({ surfaceTension: false })).toEqual(['lyu21', 'sun17', 'zero']);
    const mp = { settings: { ...emptySetup().settings, multiphase: true }, materials: [0, 1].map(defaultFluidMaterial) };
    expect(surfaceTensionAvailability(mp).available).toBe(true);
    expect(surfaceTensionAvailability({ ...mp, materials: [0, 1, 2].map(defaultFluidMaterial) })).toEqual({
      available: false, reason: 'surface tension is not available with more than 2 materials',
    });
  });

  it('multiphase disables air drag and restricts wall thermo kinds', () => {
    expect(airDragAvailability({ multiphase: true }).available).toBe(false);
    expect(airDragAvailability({ multiphase: false }).available).toBe(true);
    expect(allowedThermoKinds({ multiphase: true })).toEqual(['adiabatic', 'temperature']);
    expect(allowedThermoKinds({ multiphase: false })).toHaveLength(4);
  });

  it('temperature viscosity needs heat transfer', () => {
    expect(temperatureViscosityAvailability({ thermodynamics: false }).available).toBe(false);
    expect(temperatureViscosityAvailability({ thermodynamics: true }).available).toBe(true);
  });

  it('materials: delete only ids >= 2, add only in multiphase up to 5', () => {
    expect(canDeleteMaterial({ id: 1 })).toBe(false);
    expect(canDeleteMaterial({ id: 2 })).toBe(true);
    const mp = { settings: { ...emptySetup().settings, multiphase: true } };
    expect(canAddMaterial({ ...mp, materials: [0, 1, 2, 3].map(defaultFluidMaterial) })).toBe(true);
    expect(canAddMaterial({ ...mp, materials: [0, 1, 2, 3, 4].map(defaultFluidMaterial) })).toBe(false);
    expect(canAddMaterial({ settings: emptySetup().settings, materials: [defaultFluidMaterial()] })).toBe(false);
    const part = createPart({ name: 'F', component: defaultFlowComponent(), shape: cubeShape(), materialId: 2 });
    const after = deleteMaterial({ ...emptySetup(), materials: [0, 1, 2].map(defaultFluidMaterial), parts: [part] }, 2);
    expect(after.materials).toHaveLength(2);
    expect(after.parts[0].materialId).toBeNull();
    expect(() => deleteMaterial(emptySetup(), 0)).toThrow();
  });

  it('periodic and domain boundary menus, particle size', () => {
    const withPeriodic = { ...emptySetup(), periodicBoundary: createPeriodicBoundary() };
    expect(periodicBoundaryAddable(emptySetup())).toBe(true);
    expect(periodicBoundaryAddable(withPeriodic)).toBe(false);
    expect(domainBoundaryMenuEnabled(withPeriodic)).toBe(true);
    expect(domainBoundaryMenuEnabled({ ...withPeriodic, settings: { ...withPeriodic.settings, calcDomainActive: true } })).toBe(false);
    const pc = createPart({ name: 'Old', component: defaultFlowComponent(), shape: simulationPointcloudShape('s', 1) });
    expect(particleSizeEditable(emptySetup())).toBe(true);
    expect(particleSizeEditable({ parts: [pc] })).toBe(false);
  });
});
