// Rules of refinements, sensors and volume clips: names, mesh geometry, appearance, refinement level
// and the fluid a volume clip refers to.
import type { Refinement } from '../refinement.ts';
import { sensorAttributeOptions, type Sensor } from '../sensor.ts';
import type { VolumeClip } from '../volumeClip.ts';
import { limitsFor } from '../limits.ts';
import { MESSAGES } from '../messages.ts';
import { IssueList, type FieldIssue } from './issues.ts';
import { nameIssue } from './names.ts';
import { checkAppearance, checkMesh } from './geometryRules.ts';

const L = limitsFor('default');

export function refinementIssues(refinement: Refinement): FieldIssue[] {
  const list = new IssueList();
  const nameMessage = nameIssue(refinement.name);
  if (nameMessage) list.error('name', nameMessage);
  list.range('level', refinement.level, L.refinementLevel);
  checkMesh(list.nested('mesh'), refinement.mesh);
  checkAppearance(list.nested('appearance'), refinement.appearance);
  return list.issues;
}

export function sensorIssues(sensor: Sensor): FieldIssue[] {
  const list = new IssueList();
  const nameMessage = nameIssue(sensor.name);
  if (nameMessage) list.error('name', nameMessage);
  if (sensor.kind === 'point') list.vectorRange('position', sensor.position, {});
  else checkMesh(list.nested('mesh'), sensor.mesh);
  const offered = sensorAttributeOptions(sensor.kind);
  if (sensor.attributes.length === 0) list.error('attributes', MESSAGES.sensorAttributesRequired);
  else if (sensor.attributes.some((a) => !offered.includes(a))) list.error('attributes', MESSAGES.sensorAttributeUnavailable);
  checkAppearance(list.nested('appearance'), sensor.appearance);
  return list.issues;
}

export function volumeClipIssues(clip: VolumeClip, materialIds?: ReadonlySet<number>): FieldIssue[] {
  const list = new IssueList();
  const nameMessage = nameIssue(clip.name);
  if (nameMessage) list.error('name', nameMessage);
  checkMesh(list.nested('mesh'), clip.mesh);
  checkAppearance(list.nested('appearance'), clip.appearance);
  if (clip.materialId !== null && materialIds && !materialIds.has(clip.materialId)) {
    list.error('materialId', MESSAGES.materialMissing);
  }
  return list.issues;
}
