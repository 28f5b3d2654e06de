// STL upload path: parse (binary or ASCII, unit to metres), weld, check.
import { MAX_TRIANGLES, type LengthUnit, type SurgeGeometry } from '../../wasm/surgeGeometry.ts';
import { checkPartMesh, type CheckOptions, type PartMesh } from './partMesh.ts';

export interface StlImportOptions extends CheckOptions {
  maxTriangles?: number;
}

export function parseStlFile(g: SurgeGeometry, bytes: Uint8Array, unit: LengthUnit, options: StlImportOptions = {}): PartMesh {
  const { positions } = g.parseStl(bytes, unit, options.maxTriangles ?? MAX_TRIANGLES);
  return checkPartMesh(g, positions, undefined, options);
}
