// Geometry uploads (spec 1 §5, spec 2 §7): accepted kinds, size limits, the stored file record, and the
// content check that decides what a file is from its bytes rather than from its name.
import { z } from 'zod';
import { shapeInfoSchema, stlUnitSchema } from './shape.ts';

export const uploadKinds = ['stl', 'step'] as const;
export type UploadKind = (typeof uploadKinds)[number];

const MIB = 1024 * 1024;
/** Largest accepted upload per kind (bytes). STEP files above STEP_UPLOAD_WARNING_BYTES only warn. */
export const UPLOAD_MAX_BYTES: Readonly<Record<UploadKind, number>> = { stl: 1024 * MIB, step: 2048 * MIB };
/** File names are kept for display, bounded like the setup document's file references. */
export const UPLOAD_NAME_MAX_LENGTH = 255;

/** Extensions per kind, lower case without the dot. */
export const UPLOAD_EXTENSIONS: Readonly<Record<UploadKind, readonly string[]>> = { stl: ['stl'], step: ['step', 'stp'] };

export function uploadKindOfName(name: string): UploadKind | null {
  const extension = fileExtension(name);
  for (const kind of uploadKinds) if (UPLOAD_EXTENSIONS[kind].includes(extension)) return kind;
  return null;
}

export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** POST /api/simulations/:id/files?unit=m|mm|in. */
export const uploadQuerySchema = z.object({ unit: stlUnitSchema.default('m') });

/** The stored file as POST /api/simulations/:id/files answers it; shapeInfo is null for STEP files. */
export const uploadedFileSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    extension: z.string(),
    size: z.number().int().nonnegative(),
    unit: stlUnitSchema.nullable(),
    shapeInfo: shapeInfoSchema.nullable(),
    /** Mesh-health warning texts (holes, non-manifold edges); empty for a healthy mesh. */
    warnings: z.array(z.string()),
    createdAt: z.string(),
  })
  .meta({ id: 'UploadedFile' });
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

export const UPLOAD_MESSAGES = {
  noFile: 'Send the file in the multipart field "file".',
  unsupportedName: 'Only STL (.stl) and STEP (.step, .stp) files can be uploaded.',
  notStl: 'The file is not an STL file (binary or ASCII).',
  notStep: 'The file is not a STEP file (ISO 10303-21).',
  tooLarge: (kind: UploadKind) => `The file is larger than the limit of ${Math.round(UPLOAD_MAX_BYTES[kind] / MIB)} MB for ${kind.toUpperCase()} files.`,
  empty: 'The file is empty.',
  unreadableMesh: 'The STL file could not be read.',
} as const;

const ASCII_PROBE_BYTES = 4096;

function leadingText(bytes: Uint8Array, length: number): string {
  let start = 0;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) start = 3;
  let text = '';
  const end = Math.min(bytes.length, start + length);
  for (let i = start; i < end; i++) text += String.fromCharCode(bytes[i]);
  return text;
}

/** Printable ASCII (and whitespace) only: what text formats are made of. */
function isPlainText(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 9 || c === 10 || c === 13) continue;
    if (c < 32 || c > 126) return false;
  }
  return true;
}

/**
 * What the bytes are: a binary STL (84-byte header, then exactly 50 bytes per announced triangle), an
 * ASCII STL ("solid" ... "facet"), a STEP file ("ISO-10303-21;"), or nothing we accept. Binary STLs may
 * begin with "solid" too, so the size rule is checked first.
 */
export function detectUploadKind(bytes: Uint8Array): UploadKind | null {
  if (bytes.length >= 84) {
    const triangles = new DataView(bytes.buffer, bytes.byteOffset + 80, 4).getUint32(0, true);
    if (triangles > 0 && bytes.length === 84 + 50 * triangles) return 'stl';
  }
  const head = leadingText(bytes, ASCII_PROBE_BYTES);
  if (!isPlainText(head)) return null;
  const trimmed = head.trimStart();
  if (trimmed.startsWith('ISO-10303-21;')) return 'step';
  if (/^solid\b/i.test(trimmed) && /\bfacet\s+normal\b/i.test(head)) return 'stl';
  return null;
}

/** A body of a tessellated STEP file: its assembly node and triangle count. */
export const tessellatedBodySchema = z.object({
  entryId: z.string(),
  labelName: z.string(),
  shapeType: z.string(),
  triangles: z.number().int().nonnegative(),
});
export type TessellatedBody = z.infer<typeof tessellatedBodySchema>;

/** One part made of a tessellated STEP file: an STL upload (metres, with its shape info) and the bodies
 * it holds. */
export const tessellatedPartSchema = z.object({
  name: z.string(),
  file: uploadedFileSchema,
  bodies: z.array(tessellatedBodySchema),
});
export type TessellatedPart = z.infer<typeof tessellatedPartSchema>;

/** The reply to a tessellation of an uploaded STEP file: the parts made of the chosen bodies (one merged
 * part, or one per body). */
export const stepTessellationSchema = z
  .object({
    source: z.object({ id: z.string(), name: z.string() }),
    parts: z.array(tessellatedPartSchema),
    triangleCount: z.number().int().nonnegative(),
    warnings: z.array(z.string()),
  })
  .meta({ id: 'StepTessellation' });
export type StepTessellation = z.infer<typeof stepTessellationSchema>;

/** Which bodies of the file to import (assembly entry ids; all when absent) and whether each becomes a
 * part of its own or all are merged into one. */
export const tessellationSelectionSchema = z.object({
  entryIds: z.array(z.string().min(1).max(200)).min(1).max(10_000).optional(),
  separate: z.boolean().optional(),
});
export type TessellationSelection = z.infer<typeof tessellationSelectionSchema>;

export const TESSELLATION_MESSAGES = {
  notStep: 'Only an uploaded STEP file can be tessellated.',
  unreadable: 'The STEP file could not be tessellated.',
  unknownBody: (entryId: string) => `The STEP file has no body ${entryId}.`,
} as const;
