// Where run data and uploads live under the storage directory, and the only way to turn request
// parameters into paths there: ids are checked, file names matched, and the result must stay inside.
import { access } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { OUTPUTS_FOLDER, STATIC_OUTPUTS_FOLDER, outputFileLocation, outputFilePath } from '../../../domain/output.ts';
import { OUTPUT_FILE_NAME_PATTERN } from '../../../domain/runOutputs.ts';
import { CHECKPOINT_FILE } from '../../../solver/output/checkpoint.ts';
import { LOG_FILE } from '../../../solver/run.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function id(value: string): string {
  if (!UUID.test(value)) throw new Error(`not an id: ${value}`);
  return value.toLowerCase();
}

export class RunStorage {
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  /** Everything of a simulation: its runs. */
  simulationDir(simulationId: string): string {
    return join(this.root, 'simulations', id(simulationId));
  }

  /** The folder of a run (outputs/<n>/ as domain outputFolderPath names them, outputs/static/, log.jsonl, checkpoint.bin), written by the solver. */
  runDir(simulationId: string, runId: string): string {
    return join(this.simulationDir(simulationId), 'runs', id(runId));
  }

  uploadPath(organizationId: string, fileId: string): string {
    return join(this.root, 'organizations', id(organizationId), 'files', id(fileId));
  }

  /** An image saved from the results viewer. */
  imagePath(organizationId: string, imageId: string): string {
    return join(this.root, 'organizations', id(organizationId), 'images', id(imageId));
  }

  logFile(simulationId: string, runId: string): string {
    return join(this.runDir(simulationId, runId), LOG_FILE);
  }

  async hasCheckpoint(simulationId: string, runId: string): Promise<boolean> {
    try {
      await access(join(this.runDir(simulationId, runId), CHECKPOINT_FILE));
      return true;
    } catch {
      return false;
    }
  }

  /**
   * A file of output `outputNo` as its meta.json names it (`meta.json`, `<name>` or `../static/<name>`, the
   * latter in the run's static folder), or null when the name is not one an output folder can hold.
   */
  outputFile(simulationId: string, runId: string, outputNo: number, file: string): string | null {
    const location = outputFileLocation(file);
    if (!Number.isInteger(outputNo) || outputNo < 0 || location === null || !OUTPUT_FILE_NAME_PATTERN.test(location.name) || location.name.includes('..')) return null;
    const runDir = this.runDir(simulationId, runId);
    const full = resolve(runDir, outputFilePath(outputNo, file));
    return full.startsWith(join(runDir, OUTPUTS_FOLDER) + sep) ? full : null;
  }

  /** The folder of a run that holds the files its outputs share (the walls of parts that do not move). */
  staticOutputDir(simulationId: string, runId: string): string {
    return join(this.runDir(simulationId, runId), OUTPUTS_FOLDER, STATIC_OUTPUTS_FOLDER);
  }
}
