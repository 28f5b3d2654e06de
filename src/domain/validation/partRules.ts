// Part rules (spec 1 §5 'Part' and 'Initial conditions'): name, material, geometry, mesh health,
// initial conditions, open-boundary and rigid-wall conditions, in both profiles.
import type { Part } from '../part.ts';
import { hasMeshIssues } from '../part.ts';
import type { Component } from '../component.ts';
import { hasInitialConditions, requiresMaterial } from '../component.ts';
import type { SimulationSettings } from '../settings.ts';
import { limitsFor, type ValidationProfile } from '../limits.ts';
import { MESSAGES } from '../messages.ts';
import { IssueList, type FieldIssue } from './issues.ts';
import { nameIssue } from './names.ts';
import { checkAppearance, checkShape } from './geometryRules.ts';
import { checkTableReference, firstTableError, ioProfileColumnRules, tableErrors, type TableLookup } from './tables.ts';
import { tableRows } from '../dataTable.ts';

export interface PartRuleOptions {
  profile: ValidationProfile;
  settings: Pick<SimulationSettings, 'thermodynamics' | 'surfaceTension' | 'multiphase'>;
  /** Ids of existing materials; enables the "material exists" check. */
  materialIds?: ReadonlySet<number>;
  /** Ids of existing movements; enables the moving-wall reference check. */
  movementIds?: ReadonlySet<string>;
  tables?: TableLookup;
}

/** Thermo kinds a rigid wall may use with multiphase on. */
export const MULTIPHASE_THERMO_KINDS = ['adiabatic', 'temperature'] as const;

export function componentIssues(component: Component, options: PartRuleOptions): FieldIssue[] {
  const L = limitsFor(options.profile);
  const { thermodynamics, surfaceTension, multiphase } = options.settings;
  const list = new IssueList();

  if (hasInitialConditions(component)) {
    if (thermodynamics) list.range('initialTemperature', component.initialTemperature, L.temperature);
    list.vectorRange('initialVelocity', component.initialVelocity, L.velocityComponent);
    if (component.initialPreset !== 'hydrostatic') list.range('initialPressure', component.initialPressure, L.initialPressure);
    if (component.initialDistribution === 'table') {
      checkTableReference(list, 'initialDistributionTableId', component.initialDistributionTableId, options.tables, {
        requireTemperatureColumn: thermodynamics,
      });
    }
  }

  switch (component.type) {
    case 'filling':
      list.range('height', component.height, L.fillHeight);
      break;
    case 'openboundary':
      list.range('ioPressure', component.ioPressure, L.ioPressure);
      if (component.ioProfileKind === 'constant') list.range('ioVelocity', component.ioVelocity, L.ioVelocity);
      else if (checkTableReference(list, 'ioTableId', component.ioTableId, options.tables, { missingMessage: MESSAGES.selectionRequired })) {
        // The profile's columns and each cell against the limits of the value it prescribes.
        const table = component.ioTableId !== null ? options.tables?.(component.ioTableId) : undefined;
        if (table) {
          const errors = tableErrors(table.headers, tableRows(table), ioProfileColumnRules(component.ioType, options.profile));
          for (const message of errors.globalErrors) list.error('ioTableId', message);
          const first = firstTableError({ cellErrors: errors.cellErrors, globalErrors: [] }, table.headers);
          if (first) list.error('ioTableId', first);
        }
      }
      if (thermodynamics) list.range('ioTemperature', component.ioTemperature, L.temperature);
      break;
    case 'rigid':
      if (thermodynamics) {
        if (component.thermoKind === 'heat_flux') list.range('heatFlux', component.heatFlux, L.heatFlux);
        if (component.thermoKind === 'temperature') list.range('boundaryTemperature', component.boundaryTemperature, L.temperature);
        if (component.thermoKind === 'heat_transfer_coefficient') {
          list.range('referenceTemperature', component.referenceTemperature, L.temperature);
          list.range('heatTransferCoefficient', component.heatTransferCoefficient, L.heatTransferCoefficient);
        }
      }
      if (multiphase && !(MULTIPHASE_THERMO_KINDS as readonly string[]).includes(component.thermoKind)) {
        list.error('thermoKind', MESSAGES.multiphaseThermoKind);
      }
      if (surfaceTension) list.range('contactAngle', component.contactAngle, L.contactAngle);
      if (component.velocityKind === 'moving') {
        const id = component.velocityConditionMovementId;
        if (id === null) list.error('velocityConditionMovementId', MESSAGES.movingWallMovementRequired);
        else if (options.movementIds && !options.movementIds.has(id)) list.error('velocityConditionMovementId', MESSAGES.movementMissing);
      }
      break;
    case 'flow':
    case 'refinement':
      break;
  }
  return list.issues;
}

export function partIssues(part: Part, options: PartRuleOptions): FieldIssue[] {
  const list = new IssueList();
  const nameMessage = nameIssue(part.name);
  if (nameMessage) list.error('name', nameMessage);

  if (requiresMaterial(part.component.type)) {
    if (part.materialId === null) list.error('materialId', MESSAGES.materialRequired);
    else if (options.materialIds && !options.materialIds.has(part.materialId)) list.error('materialId', MESSAGES.materialMissing);
  }
  if (part.component.type === 'filling' && part.seedPoint === null) list.error('seedPoint', MESSAGES.seedPointRequired);
  if (part.seedPoint !== null && list.vectorRange('seedPoint', part.seedPoint, {})) {
    // The fill floods from the seed point up to the fill height: a seed above it fills nothing.
    if (part.component.type === 'filling' && Number.isFinite(part.component.height) && part.seedPoint[2] > part.component.height) {
      list.error('seedPoint', MESSAGES.seedPointAboveFillHeight);
    }
  }

  checkShape(list.nested('shape'), part.shape);
  if (hasMeshIssues(part)) list.warning('shape', MESSAGES.partIssues);
  checkAppearance(list.nested('appearance'), part.appearance);
  list.nested('component').add(componentIssues(part.component, options));
  return list.issues;
}
