// The outputs of a run and the layout of their folders (spec 2 §3 'Output'): how many a run writes,
// the folder of each, the names of its array files and of the static folder that outputs share. Apart
// from the meta.json schemas (output.ts), so that the engine, which writes outputs, loads no zod.
import type { DatasetName } from './output.ts';
import type { SimulationSettings } from './settings.ts';

/** Version of meta.json that outputs are written with. */
export const OUTPUT_META_VERSION = 1;

/** Folder inside OUTPUTS_FOLDER for files that stay the same from output to output, written once. */
export const STATIC_OUTPUTS_FOLDER = 'static';
const STATIC_FILE_PREFIX = `../${STATIC_OUTPUTS_FOLDER}/`;
const FILE_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
/** A file name of an output folder, optionally `../static/` before it (kept in step with outputFileLocation). */
export const META_FILE = /^(\.\.\/static\/)?[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/** Where a file named in meta.json lies: in the output's own folder or in the shared static folder. */
export interface OutputFileLocation {
  folder: 'output' | 'static';
  name: string;
}

/** The location of a file as meta.json names it, or null when the name is none an output may use. */
export function outputFileLocation(file: string): OutputFileLocation | null {
  const shared = file.startsWith(STATIC_FILE_PREFIX);
  const name = shared ? file.slice(STATIC_FILE_PREFIX.length) : file;
  return FILE_NAME.test(name) ? { folder: shared ? 'static' : 'output', name } : null;
}

/** How meta.json names file `name` of the static folder. */
export function staticOutputFile(name: string): string {
  return `${STATIC_FILE_PREFIX}${name}`;
}

export function isStaticOutputFile(file: string): boolean {
  return outputFileLocation(file)?.folder === 'static';
}

/**
 * The path of a file named in an output's meta.json, given that output's folder as a '/'-separated path
 * or URL (no trailing '/'): `<folder>/<name>`, or `<parent of folder>/static/<name>` for a static file.
 * Every reader (solver, server, viewer) resolves output files with this function only.
 */
export function resolveOutputFile(outputFolder: string, file: string): string {
  const location = outputFileLocation(file);
  if (location === null) throw new Error(`not a file of an output folder: ${file}`);
  const folder = outputFolder.endsWith('/') ? outputFolder.slice(0, -1) : outputFolder;
  if (location.folder === 'output') return `${folder}/${location.name}`;
  const slash = folder.lastIndexOf('/');
  return `${slash < 0 ? '' : folder.slice(0, slash + 1)}${STATIC_OUTPUTS_FOLDER}/${location.name}`;
}

/** File names inside an output folder, shared by writer and readers. */
export function outputPositionsFile(objectId: string, dataset: DatasetName): string {
  return `${objectId}.${dataset}.positions.bin`;
}

export function outputAreasFile(objectId: string, dataset: DatasetName): string {
  return `${objectId}.${dataset}.areas.bin`;
}

export function outputIndicesFile(objectId: string, dataset: DatasetName): string {
  return `${objectId}.${dataset}.indices.bin`;
}

export function outputAttributeFile(objectId: string, dataset: DatasetName, attribute: string): string {
  return `${objectId}.${dataset}.${attribute}.bin`;
}

/** File of a per-material attribute (wetting by material) for one material. */
export function perMaterialAttributeFile(objectId: string, dataset: DatasetName, attribute: string, materialId: number): string {
  return `${objectId}.${dataset}.${attribute}.${materialId}.bin`;
}

/** The folder of a run that holds its outputs, one subfolder per output. */
export const OUTPUTS_FOLDER = 'outputs';

/**
 * Folder name of output n inside OUTPUTS_FOLDER: the number itself. The solver writes it, the server,
 * post-processing and the viewer lab read it; runs already on disk keep this layout.
 */
export function outputFolderName(outputNo: number): string {
  return String(outputNo);
}

/** Output n's folder relative to the run folder, with '/' separators (`outputs/<n>`). */
export function outputFolderPath(outputNo: number): string {
  return `${OUTPUTS_FOLDER}/${outputFolderName(outputNo)}`;
}

/** A file named in output n's meta.json, relative to the run folder (`outputs/<n>/…` or `outputs/static/…`). */
export function outputFilePath(outputNo: number, file: string): string {
  return resolveOutputFile(outputFolderPath(outputNo), file);
}

/**
 * Outputs a run writes, output 0 included: floor(endTime / outputTimeInterval) + 1. The small tolerance
 * keeps 2 / 0.1 from becoming 19.999... .
 */
export function outputCount(settings: Pick<SimulationSettings, 'endTime' | 'outputTimeInterval'>): number {
  if (!(settings.outputTimeInterval > 0) || !(settings.endTime >= 0)) return 0;
  return Math.floor(settings.endTime / settings.outputTimeInterval + 1e-9) + 1;
}
