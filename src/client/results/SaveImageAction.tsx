// The Save Image action of Results: stores the canvas as the simulation's post image and says so with the
// spec's toasts ('Image saved!' pointing to the Monitor, or 'Saving image failed'). The simulation is
// updated in place so that the Monitor's image tile shows the new picture.
import { Button } from '@mantine/core';
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { IMAGE_MESSAGES } from '../../domain/images.ts';
import type { Simulation } from '../../domain/simulation.ts';
import { uploadImage } from '../api/imagesApi.ts';
import { updateSimulation } from '../api/simulationsApi.ts';
import { useServices } from '../app/services.ts';
import { simulationKey } from '../simulation/useSimulation.ts';
import { showError, showSuccess } from '../ui/toast.ts';
import type { Viewer } from '../viewer/ViewerEngine.ts';
import { resultsImageName, saveResultsImage } from './saveResultsImage.ts';

interface Props {
  viewer: Viewer | null;
  simulation: Simulation;
  /** The output on screen, for the image's name. */
  outputNo: number | null;
}

export function SaveImageAction({ viewer, simulation, outputNo }: Props) {
  const { api, auth } = useServices();
  const { mutate } = useSWRConfig();
  const [saving, setSaving] = useState(false);

  const save = async () => {
    if (!viewer) return;
    setSaving(true);
    try {
      const updated = await saveResultsImage(
        {
          capture: () => viewer.saveImage('image/png'),
          upload: (file, name) => uploadImage(auth, file, name, simulation.id),
          setPostImage: (postImageId) => updateSimulation(api, simulation.id, { postImageId }),
        },
        resultsImageName(simulation.name, outputNo),
      );
      await mutate(simulationKey(simulation.id), updated, { revalidate: false });
      showSuccess(IMAGE_MESSAGES.saved, IMAGE_MESSAGES.savedHint);
    } catch {
      // The spec's toast says what to do; the cause (network, storage) is not the user's to fix.
      showError(IMAGE_MESSAGES.saveFailed, IMAGE_MESSAGES.saveFailedHint);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Button
      size="xs"
      variant="white"
      color="dark"
      fullWidth
      loading={saving}
      disabled={!viewer}
      onClick={() => void save()}
      data-testid="action-save-image"
      style={{ boxShadow: '0 1px 3px rgba(0,0,0,.15)' }}
    >
      Save Image
    </Button>
  );
}
