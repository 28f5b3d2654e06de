// World-space triangle meshes of the setup's sensors, volume clips and parts for post-processing:
// parametric definitions through the domain's mesh generator, stored (complex) meshes and file-based
// parts read from the organisation's uploads with the solver's STL reader, placed by their transform.
import { readFile } from 'node:fs/promises';
import type { MeshDefinition } from '../../domain/mesh.ts';
import { meshDefinitionTriangles } from '../../domain/meshGeometry.ts';
import type { SetupDocument } from '../../domain/setup.ts';
import { stlUnitFactors } from '../../domain/shape.ts';
import { resolvePartMeshes } from '../../solver/caseInput.ts';
import { meshFromArrays, placeMesh, type MeshData } from '../../solver/geometry/mesh.ts';
import { nodeGeometryKernel } from '../../solver/nodePlatform.ts';
import type { Executor } from '../platform/db/client.ts';
import { uploadedFilesByIds } from '../uploads/uploadedFiles.repository.ts';
import type { RunStorage } from '../platform/storage/storage.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reads uploaded files of one organisation by id (other organisations' ids resolve to nothing). */
export type UploadReader = (fileId: string) => Promise<{ bytes: Uint8Array; unit: 'm' | 'mm' | 'in' } | null>;

export function uploadReader(db: Executor, storage: RunStorage, organizationId: string): UploadReader {
  return async (fileId) => {
    if (!UUID.test(fileId)) return null;
    const [row] = await uploadedFilesByIds(db, organizationId, [fileId]);
    if (!row) return null;
    const bytes = new Uint8Array(await readFile(storage.uploadPath(organizationId, row.id)));
    return { bytes, unit: row.unit ?? 'm' };
  };
}

/** Triangles of a mesh definition in world space; null for points and for stored meshes that cannot be read. */
export async function meshOfDefinition(mesh: MeshDefinition, read: UploadReader): Promise<MeshData | null> {
  if (mesh.kind === 'complex') {
    const file = await read(mesh.fileId);
    if (!file) return null;
    const kernel = await nodeGeometryKernel();
    return placeMesh(kernel.readStl(file.bytes), mesh, stlUnitFactors[file.unit]);
  }
  const triangles = meshDefinitionTriangles(mesh);
  return triangles ? meshFromArrays(triangles.vertices, triangles.indices) : null;
}

/** Placed meshes of the setup's parts by part id (file-based parts read from the uploads). */
export async function partMeshes(setup: SetupDocument, read: UploadReader): Promise<Map<string, MeshData>> {
  return resolvePartMeshes(setup, {
    fileResolver: async (fileId) => {
      const file = await read(fileId);
      if (!file) throw new Error(`the uploaded file ${fileId} is missing`);
      return file.bytes;
    },
  });
}

/** The mesh as float32 arrays (what the geometry module and the sensor sampling take). */
export function float32Mesh(mesh: MeshData): { positions: Float32Array; indices: Uint32Array } {
  return { positions: Float32Array.from(mesh.positions), indices: mesh.indices };
}
