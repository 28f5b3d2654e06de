// Texts of spec 2 §8 "Colormap" for the availability of the selected attribute.
import { VIEWER_MESSAGES } from './defaults.ts';
import type { ColormapStatus } from './viewerState.ts';

export function colormapStatusText(status: ColormapStatus, attributeLabel: string): string {
  switch (status.kind) {
    case 'computing':
      return VIEWER_MESSAGES.attributeComputing(attributeLabel);
    case 'failed':
      return VIEWER_MESSAGES.attributeFailed(attributeLabel);
    case 'unavailable':
      return VIEWER_MESSAGES.attributeNotAvailable(attributeLabel);
    case 'derivedFailed':
      return VIEWER_MESSAGES.derivedAttributesFailed;
  }
}
