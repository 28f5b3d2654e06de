// Volume clips of a simulation replaced on their own, from Setup or Results: clips restrict what Results
// shows and what statistics analyse, never what the solver runs, so a run that locks the setup does not
// lock them. The same rules as a save of the whole setup apply to them.
import type { VolumeClip } from '../../../domain/volumeClip.ts';
import { emptySetup } from '../../../domain/setup.ts';
import { setupWriteErrors } from '../../../domain/validation/writeRules.ts';
import { ERROR_MESSAGES } from '../../../domain/errors.ts';
import { findSetup, saveSetup, updateSimulation } from '../../simulations/simulations.repository.ts';
import { HttpError } from '../../platform/http/errors.ts';
import type { JobServices } from '../../platform/jobs/registry.ts';
import { accessSimulation, type AuthContext } from '../../platform/access.ts';

export async function replaceVolumeClips(services: JobServices, auth: AuthContext, simulationId: string, volumeClips: VolumeClip[]): Promise<VolumeClip[]> {
  return services.db.transaction(async (tx) => {
    const simulation = await accessSimulation(tx, auth, simulationId, 'write');
    if (simulation.uploadedSetup) throw new HttpError('wrong_input', ERROR_MESSAGES.uploadedSetupNotEditable, { status: 409 });
    const setup = (await findSetup(tx, simulationId))?.document ?? emptySetup();
    const ids = new Set<string>();
    for (const clip of volumeClips) {
      const message = `duplicate id ${clip.id}`;
      if (ids.has(clip.id)) throw new HttpError('validation_error', message, { fieldErrors: [{ path: 'volumeClips', message }] });
      ids.add(clip.id);
    }
    const refusals = setupWriteErrors({ ...setup, volumeClips }).filter((e) => e.path === 'volumeClips' || e.path.startsWith('volumeClips.'));
    if (refusals.length > 0) throw new HttpError('validation_error', refusals[0].message, { fieldErrors: refusals });
    await saveSetup(tx, simulationId, { ...setup, volumeClips });
    await updateSimulation(tx, simulationId, {});
    return volumeClips;
  });
}
