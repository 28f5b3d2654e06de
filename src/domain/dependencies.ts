// Rules of dependency between setup options (spec 1 §4) as pure functions returning data: which
// options are available, and the setup changes that switching multiphase or surface tension implies.
import type { SetupDocument } from './setup.ts';
import type { SimulationSettings, Shifting } from './settings.ts';
import { shiftingKinds } from './settings.ts';
import type { Material } from './material.ts';
import { defaultFluidMaterial, nextMaterialId } from './material.ts';
import type { ThermoKind } from './component.ts';
import { thermoKinds, requiresMaterial } from './component.ts';
import {
  MIN_DELETABLE_MATERIAL_ID, MULTIPHASE_MAX_MATERIALS, MULTIPHASE_MIN_MATERIALS, SURFACE_TENSION_MAX_MATERIALS,
} from './constants.ts';
import { MESSAGES } from './messages.ts';

/** Whether an option can be switched on, and if not, why. */
export interface Availability {
  available: boolean;
  reason: string | null;
}

const yes: Availability = { available: true, reason: null };
const no = (reason: string): Availability => ({ available: false, reason });

/** Surface tension is unavailable in multiphase cases with more than 2 materials. */
export function surfaceTensionAvailability(setup: Pick<SetupDocument, 'settings' | 'materials'>): Availability {
  return setup.settings.multiphase && setup.materials.length > SURFACE_TENSION_MAX_MATERIALS
    ? no(MESSAGES.surfaceTensionMaterials)
    : yes;
}

/** Shifting options offered: surface tension forces lyu21 (and so forbids zero). */
export function allowedShifting(settings: Pick<SimulationSettings, 'surfaceTension'>): readonly Shifting[] {
  return settings.surfaceTension ? ['lyu21'] : shiftingKinds;
}

/** Switching surface tension on forces shifting to lyu21. */
export function applySurfaceTensionToggle(settings: SimulationSettings, on: boolean): SimulationSettings {
  return on ? { ...settings, surfaceTension: true, shifting: 'lyu21' } : { ...settings, surfaceTension: false };
}

/** Air drag is disabled while multiphase is on. */
export function airDragAvailability(settings: Pick<SimulationSettings, 'multiphase'>): Availability {
  return settings.multiphase ? no(MESSAGES.multiphaseAirDrag) : yes;
}

/** Refinement zones cannot be added while multiphase is on. */
export function refinementAvailability(settings: Pick<SimulationSettings, 'multiphase'>): Availability {
  return settings.multiphase ? no(MESSAGES.multiphaseRefinement) : yes;
}

/** Temperature-dependent viscosity needs heat transfer. */
export function temperatureViscosityAvailability(settings: Pick<SimulationSettings, 'thermodynamics'>): Availability {
  return settings.thermodynamics ? yes : no(MESSAGES.temperatureViscosityNeedsHeat);
}

/** Wall thermal conditions offered: multiphase permits only adiabatic and temperature. */
export function allowedThermoKinds(settings: Pick<SimulationSettings, 'multiphase'>): readonly ThermoKind[] {
  return settings.multiphase ? ['adiabatic', 'temperature'] : thermoKinds;
}

/** A second periodic boundary cannot be added. */
export function periodicBoundaryAddable(setup: Pick<SetupDocument, 'periodicBoundary'>): boolean {
  return setup.periodicBoundary === null;
}

/** The deletion boundary exists when the calculation domain is active. */
export function deletionBoundaryAddable(setup: Pick<SetupDocument, 'settings'>): boolean {
  return !setup.settings.calcDomainActive;
}

/** The Domain Boundary menu is disabled once both the deletion and the periodic boundary exist. */
export function domainBoundaryMenuEnabled(setup: Pick<SetupDocument, 'settings' | 'periodicBoundary'>): boolean {
  return deletionBoundaryAddable(setup) || periodicBoundaryAddable(setup);
}

/** The particle size is fixed by a point cloud taken from elsewhere. */
export function particleSizeEditable(setup: Pick<SetupDocument, 'parts'>): boolean {
  return !setup.parts.some((p) => p.shape.type === 'pointcloud');
}

/** Only materials with id 2 and above can be deleted (the first two are the multiphase minimum). */
export function canDeleteMaterial(material: Pick<Material, 'id'>): boolean {
  return material.id >= MIN_DELETABLE_MATERIAL_ID;
}

/** New materials are added only in multiphase cases, up to 5. */
export function canAddMaterial(setup: Pick<SetupDocument, 'settings' | 'materials'>): boolean {
  return setup.settings.multiphase && setup.materials.length < MULTIPHASE_MAX_MATERIALS;
}

/** A new material: water defaults with the next free id, named "Fluid n". */
export function newMaterial(materials: readonly Material[]): Material {
  return defaultFluidMaterial(nextMaterialId(materials));
}

/** Removes a material; parts and volume clips that used it lose the reference. */
export function deleteMaterial(setup: SetupDocument, materialId: number): SetupDocument {
  if (materialId < MIN_DELETABLE_MATERIAL_ID) throw new Error(`Material ${materialId} cannot be deleted`);
  return {
    ...setup,
    materials: setup.materials.filter((m) => m.id !== materialId),
    parts: setup.parts.map((p) => (p.materialId === materialId ? { ...p, materialId: null } : p)),
    volumeClips: setup.volumeClips.map((c) => (c.materialId === materialId ? { ...c, materialId: null } : c)),
  };
}

/** What multiphase found incompatible in the case and leaves to the user (validation reports them). */
export interface MultiphaseConflicts {
  refinements: string[];
  airDrag: boolean;
  /** Parts whose wall thermal condition is heat flux or heat transfer coefficient. */
  thermalParts: string[];
}

export function multiphaseConflicts(setup: SetupDocument): MultiphaseConflicts {
  return {
    refinements: setup.refinements.map((r) => r.id),
    airDrag: setup.settings.airDrag,
    thermalParts: setup.parts
      .filter((p) => p.component.type === 'rigid' && !allowedThermoKinds({ multiphase: true }).includes(p.component.thermoKind))
      .map((p) => p.id),
  };
}

export type MultiphaseAdjustment =
  | 'material_added'
  | 'part_materials_reset'
  | 'density_limiter_off'
  | 'static_timestep'
  | 'improved_wall_pressure_on'
  | 'density_limiter_on';

export interface MultiphaseToggleResult {
  setup: SetupDocument;
  adjustments: MultiphaseAdjustment[];
  /** Show 'Advanced Settings Were Adjusted' (when switching on changed anything). */
  notice: string | null;
  conflicts: MultiphaseConflicts;
}

/**
 * Switching multiphase on (spec 1 §4): creates materials up to 2, resets the material of every fluid
 * part to the first material ("Fluid 1") so each phase is assigned deliberately, and sets density
 * limiter off, a static time step and the improved (Riemann) wall pressure, i.e. noRiemannWall false.
 * Switching it off re-enables the density limiter; the other settings stay as they are.
 * Refinements, air drag and wall heat-flux conditions are not removed: they are returned as conflicts
 * and reported by validation.
 */
export function applyMultiphaseToggle(setup: SetupDocument, on: boolean): MultiphaseToggleResult {
  const adjustments: MultiphaseAdjustment[] = [];
  if (!on) {
    const settings = { ...setup.settings, multiphase: false };
    if (!settings.densityLimiter) {
      settings.densityLimiter = true;
      adjustments.push('density_limiter_on');
    }
    const next = { ...setup, settings };
    return { setup: next, adjustments, notice: null, conflicts: multiphaseConflicts(next) };
  }

  const materials = [...setup.materials];
  while (materials.length < MULTIPHASE_MIN_MATERIALS) {
    materials.push(newMaterial(materials));
    if (!adjustments.includes('material_added')) adjustments.push('material_added');
  }
  const firstId = Math.min(...materials.map((m) => m.id));
  let reset = false;
  const parts = setup.parts.map((p) => {
    if (!requiresMaterial(p.component.type) || p.materialId === firstId) return p;
    reset = true;
    return { ...p, materialId: firstId };
  });
  if (reset) adjustments.push('part_materials_reset');

  const settings = { ...setup.settings, multiphase: true };
  if (settings.densityLimiter) {
    settings.densityLimiter = false;
    adjustments.push('density_limiter_off');
  }
  if (settings.dynamicTimeStep) {
    settings.dynamicTimeStep = false;
    adjustments.push('static_timestep');
  }
  if (settings.noRiemannWall) {
    settings.noRiemannWall = false;
    adjustments.push('improved_wall_pressure_on');
  }
  const next = { ...setup, settings, materials, parts };
  return {
    setup: next,
    adjustments,
    notice: adjustments.length > 0 ? MESSAGES.advancedSettingsAdjusted : null,
    conflicts: multiphaseConflicts(next),
  };
}
