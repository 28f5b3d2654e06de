// Images saved from the results viewer (spec 2 §7 'Data tables, dashboards, images'): PNG or JPEG only,
// decided by the bytes rather than the name, bounded in size, shown as a simulation's post image.
import { z } from 'zod';
import { MESSAGES } from './messages.ts';

const MIB = 1024 * 1024;
/** Largest accepted image (bytes): a viewer screenshot at 4K as PNG stays well below it. */
export const IMAGE_MAX_BYTES = 20 * MIB;
export const IMAGE_NAME_MAX_LENGTH = 255;

export const imageContentTypes = ['image/png', 'image/jpeg'] as const;
export const imageContentTypeSchema = z.enum(imageContentTypes);
export type ImageContentType = z.infer<typeof imageContentTypeSchema>;

/** Extensions (lower case, no dot) that announce an image type Surge accepts. */
export const IMAGE_EXTENSIONS: readonly string[] = ['png', 'jpg', 'jpeg'];

/** The multipart field "name" of POST /api/client-upload/images (the file name when absent). */
export const imageNameSchema = z
  .string()
  .trim()
  .min(1, 'Enter a name for the image')
  .max(IMAGE_NAME_MAX_LENGTH, `The image name must be at most ${IMAGE_NAME_MAX_LENGTH} characters`);

export const imageSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    contentType: imageContentTypeSchema,
    size: z.number().int().nonnegative(),
    /** The simulation it was saved from (its dashboard may show it); null for images saved without one. */
    simulationId: z.string().nullable(),
    createdBy: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Image' });
export type Image = z.infer<typeof imageSchema>;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Bytes needed to tell the type: the PNG signature and its first chunk's length and type. */
export const IMAGE_PROBE_BYTES = 16;

/**
 * The type the bytes are: a PNG (signature, then the IHDR chunk every PNG starts with) or a JPEG (start of
 * image marker followed by another marker); null for anything else.
 */
export function detectImageType(bytes: Uint8Array): ImageContentType | null {
  if (bytes.length >= IMAGE_PROBE_BYTES && PNG_SIGNATURE.every((b, i) => bytes[i] === b)) {
    const chunk = String.fromCharCode(bytes[12], bytes[13], bytes[14], bytes[15]);
    return chunk === 'IHDR' ? 'image/png' : null;
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff && bytes[3] >= 0xc0 && bytes[3] !== 0xff) return 'image/jpeg';
  return null;
}

export function imageExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/**
 * Answers of the image upload. A file whose name or declared type says image but whose bytes are something
 * else is refused as a security risk with IMAGE_REJECTED_STATUS; the client then shows
 * MESSAGES.uploadRejected(file) with MESSAGES.uploadSecurityRisk, otherwise MESSAGES.uploadFailed(file).
 */
export const IMAGE_REJECTED_STATUS = 503;

export const IMAGE_MESSAGES = {
  noFile: 'Send the image in the multipart field "file".',
  notImage: 'Only PNG and JPEG images can be uploaded.',
  securityRisk: MESSAGES.uploadSecurityRisk,
  tooLarge: `The image is larger than the limit of ${IMAGE_MAX_BYTES / MIB} MB.`,
  empty: 'The image is empty.',
  notFound: 'Image not found.',
  /** PUT /api/simulations/:id with a postImageId of no image of the organisation. */
  unknownPostImage: 'The image does not exist.',
  /** A dashboard tile given an image that is not one of its simulation's. */
  notOfSimulation: 'The image does not belong to this simulation.',
  /** An upload naming a simulation that does not exist or that the caller may not open. */
  unknownSimulation: 'The simulation does not exist.',
  saved: MESSAGES.imageSaved,
  savedHint: MESSAGES.imageSavedHint,
  saveFailed: MESSAGES.imageSaveFailed,
  saveFailedHint: MESSAGES.imageSaveFailedHint,
} as const;
