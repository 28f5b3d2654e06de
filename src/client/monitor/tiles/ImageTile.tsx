// Image tile: the picture saved from Results for this simulation (its post image), read with the user's
// token; without one it says how to make one.
import { Anchor, Center, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../api/ApiClient.ts';
import { useServices } from '../../app/services.ts';
import { modeUnavailableReason, simulationPath } from '../../simulation/modes.ts';
import { fetchImageUrl } from '../../api/imagesApi.ts';
import type { TileProps } from './tileProps.ts';

export function ImageTile({ simulation }: TileProps) {
  const { auth } = useServices();
  const imageId = simulation.postImageId ?? simulation.postImage?.id ?? null;
  const [image, setImage] = useState<{ id: string; url: string } | null>(null);
  const [failed, setFailed] = useState<{ id: string; message: string } | null>(null);

  useEffect(() => {
    if (!imageId) return;
    const abort = new AbortController();
    let url: string | null = null;
    fetchImageUrl(auth, imageId, abort.signal)
      .then((u) => {
        url = u;
        setImage({ id: imageId, url: u });
      })
      .catch((e: unknown) => {
        if (!abort.signal.aborted) setFailed({ id: imageId, message: errorMessage(e) });
      });
    return () => {
      abort.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [auth, imageId]);

  if (imageId && image?.id === imageId) {
    return (
      <img
        src={image.url}
        alt={`Saved view of ${simulation.name}`}
        style={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }}
        data-testid="image-tile-picture"
      />
    );
  }
  const resultsOpen = modeUnavailableReason(simulation, 'results') === null;
  return (
    <Center h="100%" data-testid="image-tile-empty">
      <Stack gap={4} align="center" maw={360}>
        {imageId && failed?.id === imageId ? (
          <Text size="sm" c="red" ta="center">
            The saved image could not be loaded: {failed.message}
          </Text>
        ) : imageId ? (
          <Text size="sm" c="dimmed">Loading the saved image…</Text>
        ) : (
          <>
            <Text size="sm" fw={600}>No image saved yet</Text>
            <Text size="xs" c="dimmed" ta="center">
              In Results, choose Save Image to show a picture of the simulation here.
            </Text>
            {resultsOpen && (
              <Anchor component={Link} to={simulationPath(simulation.id, 'results')} size="xs">
                Open Results
              </Anchor>
            )}
          </>
        )}
      </Stack>
    </Center>
  );
}
