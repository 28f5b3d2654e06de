// Save Image of Results without a browser: the canvas PNG is uploaded under a name that says which
// simulation and output it shows, then set as the simulation's post image; a failed step stops the rest.
import { describe, expect, it } from 'vitest';
import type { Image } from '../../../src/domain/images.ts';
import type { Simulation } from '../../../src/domain/simulation.ts';
import { resultsImageName, saveResultsImage } from '../../../src/client/results/saveResultsImage.ts';
import { imageUploadName } from '../../../src/client/api/imagesApi.ts';

const image: Image = { id: '0f4b7a52-44f6-4bd1-9c38-1f2d7f3e9a10', name: 'x.png', contentType: 'image/png', size: 3, simulationId: null, createdBy: null, createdAt: '2026-01-01T00:00:00Z' };

describe('Save Image', () => {
  it('uploads the captured PNG, then sets it as the post image', async () => {
    const calls: string[] = [];
    const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e])], { type: 'image/png' });
    const updated = await saveResultsImage(
      {
        capture: async () => (calls.push('capture'), png),
        upload: async (file, name) => {
          calls.push(`upload ${name} ${file === png}`);
          return image;
        },
        setPostImage: async (id) => {
          calls.push(`post image ${id}`);
          return { id: 'sim', postImageId: id } as Simulation;
        },
      },
      resultsImageName('Dam break', 5),
    );
    expect(calls).toEqual(['capture', 'upload Dam break - output 5.png true', `post image ${image.id}`]);
    expect(updated.postImageId).toBe(image.id);
  });

  it('does not touch the simulation when the upload fails', async () => {
    const calls: string[] = [];
    await expect(
      saveResultsImage(
        {
          capture: async () => new Blob([]),
          upload: async () => {
            throw new Error('503');
          },
          setPostImage: async () => (calls.push('post image'), {} as Simulation),
        },
        'x.png',
      ),
    ).rejects.toThrow('503');
    expect(calls).toEqual([]);
  });

  it('names images within the API limit, keeping the extension', () => {
    expect(resultsImageName('Dam break', null)).toBe('Dam break.png');
    const long = imageUploadName(`${'w'.repeat(300)}.png`);
    expect(long).toHaveLength(255);
    expect(long.endsWith('.png')).toBe(true);
  });
});
