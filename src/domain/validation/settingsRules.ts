// Rules of the simulation settings (spec 1 §5 'Settings') and of the physics switches that depend on
// each other (spec 1 §4): surface tension vs shifting and material count, multiphase requirements.
import type { SimulationSettings } from '../settings.ts';
import { densityThresholdToPercent, totalOutputsRatio } from '../settings.ts';
import { limitsFor, type ValidationProfile } from '../limits.ts';
import { MESSAGES, totalOutputsBetween } from '../messages.ts';
import { SURFACE_TENSION_MAX_MATERIALS } from '../constants.ts';
import { IssueList, checkRange, type FieldIssue } from './issues.ts';

export interface SettingsRuleOptions {
  profile: ValidationProfile;
  /** Number of materials of the case; enables the material-count rules when given. */
  materialCount?: number;
  /**
   * Start times of the case's movements; when given, the end time must come after each (the forms check
   * the end time against them, while the whole-setup validation reports a late start at its movement).
   */
  movementStarts?: readonly number[];
}

/** Ratio end / interval rounded so that 1 / 0.0001 style ratios compare exactly at the bounds. */
function roundedRatio(ratio: number): number {
  return Math.round(ratio * 1e6) / 1e6;
}

export function settingsIssues(settings: SimulationSettings, options: SettingsRuleOptions): FieldIssue[] {
  const L = limitsFor(options.profile);
  const list = new IssueList();

  list.vectorRange('gravity', settings.gravity, L.gravityComponent);
  list.range('particleDiameter', settings.particleDiameter, L.particleDiameter);
  const endOk = list.range('endTime', settings.endTime, L.endTime);
  if (endOk && options.movementStarts?.some((start) => Number.isFinite(start) && !(start < settings.endTime))) {
    list.error('endTime', MESSAGES.endTimeAfterMovementStarts);
  }
  const intervalOk = list.range('outputTimeInterval', settings.outputTimeInterval, L.outputTimeInterval);
  if (endOk && intervalOk) {
    const ratio = roundedRatio(totalOutputsRatio(settings));
    if (checkRange(ratio, L.totalOutputs) !== null) {
      list.error('outputTimeInterval', totalOutputsBetween(L.totalOutputs.min ?? 0, L.totalOutputs.max ?? Infinity));
    }
  }
  if (settings.densityLimiter) {
    list.range('densityThreshold', densityThresholdToPercent(settings.densityThreshold), L.densityThresholdPercent);
  }
  if (settings.thermodynamics) list.range('ambientTemperature', settings.ambientTemperature, L.ambientTemperature);
  if (settings.surfaceTension) list.range('sigma', settings.sigma, L.surfaceTensionCoefficient);
  if (settings.rotatingSystem) {
    list.nonZeroVector('rotationAxis', settings.rotationAxis);
    list.vectorRange('rotationCenter', settings.rotationCenter, {});
    list.range('rotationVelocity', settings.rotationVelocity, {});
  }
  if (settings.calcDomainActive) {
    const minOk = list.vectorRange('calcDomainMin', settings.calcDomainMin, {});
    const maxOk = list.vectorRange('calcDomainMax', settings.calcDomainMax, {});
    if (minOk && maxOk && settings.calcDomainMin.some((v, i) => !(v < settings.calcDomainMax[i]))) {
      list.error('calcDomainMax', MESSAGES.domainMinBelowMax);
    }
  }

  // Physics dependencies (spec 1 §4).
  if (settings.surfaceTension) {
    if (settings.shifting === 'zero') list.error('shifting', MESSAGES.surfaceTensionShiftingZero);
    else if (settings.shifting !== 'lyu21') list.error('shifting', MESSAGES.surfaceTensionShifting);
    if (settings.multiphase && options.materialCount !== undefined && options.materialCount > SURFACE_TENSION_MAX_MATERIALS) {
      list.error('surfaceTension', MESSAGES.surfaceTensionMaterials);
    }
  }
  if (settings.multiphase) {
    if (settings.densityLimiter) list.error('densityLimiter', MESSAGES.multiphaseDensityLimiter);
    if (settings.dynamicTimeStep) list.error('dynamicTimeStep', MESSAGES.multiphaseStaticTimestep);
    if (settings.noRiemannWall) list.error('noRiemannWall', MESSAGES.multiphaseWallPressure);
  }
  return list.issues;
}
