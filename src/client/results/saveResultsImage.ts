// Save Image of Results (spec 2 §2 canvas action menu, §7 images): the viewer's canvas as a PNG, stored as
// an image of the organisation, then made the simulation's post image, which the Monitor's image tile
// shows. The steps are injected so that the sequence can be checked without a browser.
import type { Image } from '../../domain/images.ts';
import type { Simulation } from '../../domain/simulation.ts';

export interface SaveImageSteps {
  /** The canvas as a PNG. */
  capture: () => Promise<Blob>;
  /** POST /api/client-upload/images. */
  upload: (file: Blob, name: string) => Promise<Image>;
  /** PUT /api/simulations/:id {postImageId}. */
  setPostImage: (imageId: string) => Promise<Simulation>;
}

/** File name of a saved picture: the simulation, and the output on screen when there is one. */
export function resultsImageName(simulationName: string, outputNo: number | null): string {
  return outputNo === null ? `${simulationName}.png` : `${simulationName} - output ${outputNo}.png`;
}

/** Captures, uploads and sets the post image; resolves with the updated simulation. */
export async function saveResultsImage(steps: SaveImageSteps, name: string): Promise<Simulation> {
  const png = await steps.capture();
  const image = await steps.upload(png, name);
  return steps.setPostImage(image.id);
}
