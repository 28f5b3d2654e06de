// The uploaded files a setup refers to, resolved to paths under the storage directory: only files of
// the simulation's own organisation, whatever ids a setup document names.
import type { SetupDocument } from '../../domain/setup.ts';
import type { Executor } from '../platform/db/client.ts';
import { uploadedFilesByIds } from '../uploads/uploadedFiles.repository.ts';
import type { FileMap } from '../runs/solverProtocol.ts';
import type { RunStorage } from '../platform/storage/storage.ts';

export function fileIdsOfSetup(setup: SetupDocument): string[] {
  const ids = new Set<string>();
  for (const part of setup.parts) {
    const shape = part.shape;
    if ((shape.type === 'stl' || shape.type === 'pointcloud') && shape.fileId !== null) ids.add(shape.fileId);
  }
  // The solver reads the acceleration file through the same map.
  if (setup.settings.accelerationFile !== null) ids.add(setup.settings.accelerationFile.id);
  return [...ids];
}

export async function fileMapForSetup(db: Executor, storage: RunStorage, organizationId: string, setup: SetupDocument): Promise<FileMap> {
  const ids = fileIdsOfSetup(setup).filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  const rows = await uploadedFilesByIds(db, organizationId, ids);
  const map: FileMap = {};
  for (const row of rows) map[row.id] = storage.uploadPath(organizationId, row.id);
  return map;
}
