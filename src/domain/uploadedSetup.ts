// Uploading a preprocessed setup (spec 1 §2 'Upload', §5 'uploaded-setup needs a zip file and job
// filename'): a zip with a job file (a Surge setup document as JSON) and the geometry it refers to.
// Only organisations with the upload_preprocessing feature may do it.
import { z } from 'zod';

const MIB = 1024 * 1024;

/**
 * Defaults; an installation changes the zip's unpacking limits with SURGE_UPLOAD_ZIP_* settings (see the
 * README). The unpacking limits are checked on the zip's directory before anything is unpacked, and again
 * while unpacking, so that a zip bomb costs no more than reading its directory.
 */
export const UPLOADED_SETUP_LIMITS = {
  /** The zip file as uploaded. */
  zipMaxBytes: 512 * MIB,
  maxEntries: 1000,
  /** Largest uncompressed entry (geometry). */
  maxEntryBytes: 1024 * MIB,
  /** All entries together, uncompressed. */
  maxTotalBytes: 2048 * MIB,
  /**
   * Largest uncompressed/compressed ratio of an entry over 1 MiB, and of the zip as a whole. STL and point clouds deflate to about a
   * third of their size, JSON to a tenth or so; zeros deflate 1000 to 1, which only a bomb contains.
   */
  maxRatio: 100,
  /** The job file is read into memory. */
  jobFileMaxBytes: 64 * MIB,
} as const;

export type UploadedSetupLimits = { -readonly [K in keyof typeof UPLOADED_SETUP_LIMITS]: number };

export const JOB_FILENAME_MAX_LENGTH = 255;

/** The path of the job file inside the zip, as the user typed it. */
export const jobFilenameSchema = z
  .string()
  .trim()
  .min(1, 'Enter the name of the job file inside the zip file')
  .max(JOB_FILENAME_MAX_LENGTH, `The job file name must be at most ${JOB_FILENAME_MAX_LENGTH} characters`);

/** POST /api/simulations/:id/uploaded_setup answers with what was taken from the zip. */
export const uploadedSetupSchema = z
  .object({
    simulationId: z.string(),
    zipName: z.string(),
    zipSize: z.number().int().nonnegative(),
    /** The job file's path inside the zip. */
    jobFilename: z.string(),
    /** Uploaded files created from geometry inside the zip. */
    fileIds: z.array(z.string()),
    createdAt: z.string(),
  })
  .meta({ id: 'UploadedSetup' });
export type UploadedSetup = z.infer<typeof uploadedSetupSchema>;

export const UPLOADED_SETUP_MESSAGES = {
  featureMissing: 'Uploading preprocessed setups is not enabled for your organisation.',
  notZip: 'Choose a .zip file.',
  noFile: 'Send the zip file in the multipart field "file".',
  badZip: (detail: string) => `The file is not a valid zip file. ${detail}`,
  unpacksTooLarge: (detail: string) => `The zip file unpacks to more than this server accepts, so nothing was unpacked or stored. ${detail}`,
  tooLarge: (maxBytes: number) => `The zip file is larger than the limit of ${Math.round((maxBytes / MIB) * 10) / 10} MB.`,
  empty: 'The zip file is empty.',
  jobFileMissing: (name: string) => `The job file ${name} is not in the zip file.`,
  jobFileNotJson: (name: string, detail: string) => `The job file ${name} is not valid JSON: ${detail}`,
  jobFileNotSetup: (name: string, detail: string) => `The job file ${name} is not a Surge setup document: ${detail}`,
  referenceMissing: (reference: string) => `The job file refers to ${reference}, which is not in the zip file.`,
  alreadyStarted: 'A setup can only be uploaded to a simulation that has not been started.',
} as const;

/** The name as a path inside the zip: forward slashes, without a leading './' or '/'. */
export function normalizeZipPath(name: string): string {
  return name
    .trim()
    .replaceAll('\\', '/')
    .split('/')
    .filter((segment) => segment !== '' && segment !== '.')
    .join('/');
}
