// Draws the setup's sensors and volume clips in the Results canvas (spec 2 §4: the postprocessor loads the
// volume clips; sensors take the Results colour) and cuts the particles with the visible volume clips.
// Mesh ids are the objects' own ids, so that a selection in the canvas names them as the statistics panel
// does.
import { useEffect, useMemo } from 'react';
import type { SetupDocument } from '../../../domain/setup.ts';
import { useServices } from '../../app/services.ts';
import { caseFrame, measureFileIds, type CaseBounds } from '../../measure/measureObjects.ts';
import { measureMeshes, measureMeshKey } from '../../measure/measureMeshes.ts';
import { volumeClipCuts } from '../../measure/volumeClipCuts.ts';
import { partsBounds } from '../../setup/sceneMeshes.ts';
import { useStlFileStore } from '../../setup/stlFileStore.ts';
import type { Viewer } from '../../viewer/ViewerEngine.ts';

/** The uploaded files Results needs: the sensors' and clips' geometry, and STL parts for the size of the case. */
function fileIdsOf(setup: SetupDocument): string[] {
  const parts = setup.parts.flatMap((p) => (p.shape.type === 'stl' && p.shape.fileId ? [p.shape.fileId] : []));
  return [...new Set([...measureFileIds(setup), ...parts])];
}

/** Draws them and returns the bounds of the case's parts, where new sensors and clips are placed. */
export function useResultsMeasureMeshes(viewer: Viewer | null, setup: SetupDocument | undefined): CaseBounds | null {
  const { auth } = useServices();
  const files = useStlFileStore((s) => s.files);
  const ensure = useStlFileStore((s) => s.ensure);
  const ids = useMemo(() => (setup ? fileIdsOf(setup) : []), [setup]);
  useEffect(() => ensure(auth, ids), [auth, ensure, ids]);

  const bounds = useMemo(() => (setup ? partsBounds(setup, files) : null), [setup, files]);
  const frame = caseFrame(bounds);
  const key = setup ? `${measureMeshKey(setup, files)}|${frame.size}` : '';
  useEffect(() => {
    if (!viewer || !setup) return;
    viewer.setMeshes(measureMeshes(setup, { files, mode: 'results', caseSize: frame.size, meshId: (_kind, id) => id }));
    // Rebuilt only when what is drawn changes (the key), not on every new setup object.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [viewer, key]);

  const cuts = useMemo(() => (setup ? volumeClipCuts(setup.volumeClips, files) : []), [setup, files]);
  const cutsKey = JSON.stringify(cuts);
  useEffect(() => {
    if (!viewer) return;
    viewer.setVolumeCuts(cuts);
    // Applied again only when the cuts change, not on every new setup object.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [viewer, cutsKey]);
  return bounds;
}
