// How a tessellation run lands in the setup document: an assembly part becomes (or updates) the setup part of
// the same id. A new one is a solid or an inlet/outlet with default settings; one already in the setup keeps
// its name, material, motions (they refer to the part's id), appearance, seed point and placement, and only
// its mesh (and its component, if it moved between Solids and Inlets/Outlets) changes.
import type { AssemblyComponentType } from './assembly.ts';
import { defaultOpenBoundaryComponent, defaultRigidComponent, type Component } from './component.ts';
import { MESSAGES } from './messages.ts';
import { createPart, type Part } from './part.ts';
import type { SetupDocument } from './setup.ts';
import { stlFileShape, type ShapeInfo, type Shape } from './shape.ts';
import { uniqueName } from './simulation.ts';

export interface TessellatedSetupPart {
  /** The assembly part's id, which the setup part takes. */
  id: string;
  name: string;
  componentType: AssemblyComponentType;
  file: { id: string; name: string };
  shapeInfo: ShapeInfo;
  hasIssues: boolean;
}

function defaultComponent(type: AssemblyComponentType): Component {
  return type === 'rigid' ? defaultRigidComponent() : defaultOpenBoundaryComponent();
}

function firstMaterialId(setup: Pick<SetupDocument, 'materials'>): number {
  return Math.min(...setup.materials.map((m) => m.id));
}

function meshWarnings(hasIssues: boolean): Pick<Part, 'hasWarnings' | 'warnings'> {
  return hasIssues ? { hasWarnings: true, warnings: [{ errorCode: 'mesh_health', message: MESSAGES.partIssues }] } : { hasWarnings: false, warnings: [] };
}

/** The new mesh in the shape of an existing part: an STL shape keeps its placement and resolution. */
function withMesh(shape: Shape, fresh: Extract<Shape, { type: 'stl' }>): Shape {
  return { ...fresh, translation: shape.translation, rotation: shape.rotation, scale: shape.scale, flipNormals: shape.flipNormals, resolution: shape.resolution };
}

export interface AppliedTessellation {
  document: SetupDocument;
  added: string[];
  updated: string[];
}

export function applyTessellation(setup: SetupDocument, tessellated: readonly TessellatedSetupPart[]): AppliedTessellation {
  const parts = [...setup.parts];
  const names = new Set(parts.map((p) => p.name));
  const added: string[] = [];
  const updated: string[] = [];
  for (const t of tessellated) {
    const fresh = { ...stlFileShape(t.file.id, { name: t.file.name, extension: 'stl', unit: 'm' }), info: t.shapeInfo };
    const at = parts.findIndex((p) => p.id === t.id);
    if (at >= 0) {
      const existing = parts[at];
      const sameKind = existing.component.type === t.componentType;
      parts[at] = {
        ...existing,
        shape: withMesh(existing.shape, fresh),
        ...(sameKind ? {} : { component: defaultComponent(t.componentType), materialId: t.componentType === 'rigid' ? null : firstMaterialId(setup) }),
        ...meshWarnings(t.hasIssues),
      };
      updated.push(t.id);
    } else {
      const name = uniqueName(t.name, names);
      names.add(name);
      const part = createPart({
        id: t.id,
        name,
        component: defaultComponent(t.componentType),
        shape: fresh,
        materialId: t.componentType === 'rigid' ? null : firstMaterialId(setup),
      });
      parts.push({ ...part, ...meshWarnings(t.hasIssues) });
      added.push(t.id);
    }
  }
  return { document: { ...setup, parts }, added, updated };
}
