// Uploaded STL files as the viewport draws them: parsing (binary and ASCII) into flat triangle soup, and
// placement with the shape's unit, scale, rotation and translation in the same order the solver uses
// (unit factor, then scale, then Euler XYZ rotation in degrees, then translation).
import type { FileReference, StlShape } from '../../domain/shape.ts';
import { stlUnitFactors } from '../../domain/shape.ts';
import { rotationMatrixFromEulerDeg } from '../../domain/vector.ts';

/** Three vertices per triangle, xyz each, in the file's own units. */
export interface TriangleSoup {
  positions: Float32Array;
  triangleCount: number;
}

const BINARY_HEADER_BYTES = 84;
const BINARY_TRIANGLE_BYTES = 50;

function isBinary(bytes: ArrayBuffer): boolean {
  if (bytes.byteLength < BINARY_HEADER_BYTES) return false;
  const count = new DataView(bytes).getUint32(80, true);
  // Binary files may also start with "solid"; the exact length tells them apart.
  return BINARY_HEADER_BYTES + count * BINARY_TRIANGLE_BYTES === bytes.byteLength;
}

function parseBinary(bytes: ArrayBuffer): TriangleSoup {
  const view = new DataView(bytes);
  const count = view.getUint32(80, true);
  const positions = new Float32Array(count * 9);
  for (let t = 0; t < count; t++) {
    const base = BINARY_HEADER_BYTES + t * BINARY_TRIANGLE_BYTES + 12;
    for (let k = 0; k < 9; k++) positions[t * 9 + k] = view.getFloat32(base + k * 4, true);
  }
  return { positions, triangleCount: count };
}

function parseAscii(text: string): TriangleSoup {
  const values: number[] = [];
  const vertex = /vertex\s+(\S+)\s+(\S+)\s+(\S+)/g;
  for (let match = vertex.exec(text); match !== null; match = vertex.exec(text)) {
    values.push(Number(match[1]), Number(match[2]), Number(match[3]));
  }
  if (values.some((v) => !Number.isFinite(v)) || values.length % 9 !== 0) {
    throw new Error('The STL file is not valid: a vertex is not a number or a facet is incomplete.');
  }
  return { positions: Float32Array.from(values), triangleCount: values.length / 9 };
}

export function parseStl(bytes: ArrayBuffer): TriangleSoup {
  if (isBinary(bytes)) return parseBinary(bytes);
  const text = new TextDecoder().decode(bytes);
  if (!/^\s*solid/.test(text)) throw new Error('The file is neither a binary nor an ASCII STL file.');
  return parseAscii(text);
}

/** World positions of the shape's triangles: file units to metres, then the shape's transform. */
export function placeStl(soup: TriangleSoup, shape: Pick<StlShape, 'translation' | 'rotation' | 'scale' | 'flipNormals'>, file: FileReference | null): Float32Array {
  const unit = stlUnitFactors[file?.unit ?? 'm'];
  const r = rotationMatrixFromEulerDeg(shape.rotation);
  const [sx, sy, sz] = shape.scale;
  const [tx, ty, tz] = shape.translation;
  const src = soup.positions;
  const out = new Float32Array(src.length);
  for (let i = 0; i < src.length; i += 3) {
    const x = src[i] * unit * sx;
    const y = src[i + 1] * unit * sy;
    const z = src[i + 2] * unit * sz;
    out[i] = r[0] * x + r[1] * y + r[2] * z + tx;
    out[i + 1] = r[3] * x + r[4] * y + r[5] * z + ty;
    out[i + 2] = r[6] * x + r[7] * y + r[8] * z + tz;
  }
  // Flipping or mirroring reverses the winding, so that back faces stay the dimmed ones.
  if (shape.flipNormals !== sx * sy * sz < 0) {
    for (let t = 0; t < out.length; t += 9) {
      for (let k = 0; k < 3; k++) {
        const b = out[t + 3 + k];
        out[t + 3 + k] = out[t + 6 + k];
        out[t + 6 + k] = b;
      }
    }
  }
  return out;
}
