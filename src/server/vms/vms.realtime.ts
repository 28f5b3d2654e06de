// The terminal of a simulation's machine over the realtime channel: vm.terminal.open attaches the socket
// to the machine's shell (started on first use, wherever the machine runs), input and resize go to it,
// its output comes back as vm.terminal.output. Opening needs write access to the simulation; the socket
// itself needs the user's session and closes when it ends, which detaches its terminals.
import type { RealtimeServerMessage } from '../../domain/realtimeMessages.ts';
import { VM_MESSAGES } from '../../domain/vm.ts';
import { accessSimulation } from '../platform/access.ts';
import { HttpError } from '../platform/http/errors.ts';
import type { CommandRouter, RealtimeSession } from '../platform/realtime/router.ts';
import type { VmTerminal } from './provider.ts';
import { latestMachineOfSimulation } from './vms.repository.ts';
import type { VmServices } from './vms.service.ts';

export function registerVmCommands(router: CommandRouter, services: Pick<VmServices, 'ctx' | 'vms'>): void {
  const terminals = new WeakMap<RealtimeSession, Map<string, VmTerminal>>();

  const terminalsOf = (session: RealtimeSession): Map<string, VmTerminal> => {
    let map = terminals.get(session);
    if (!map) {
      const created = new Map<string, VmTerminal>();
      map = created;
      terminals.set(session, created);
      session.onClose(() => {
        for (const terminal of created.values()) terminal.detach();
        created.clear();
      });
    }
    return map;
  };

  const refused = (command: string, simId: string, error: 'forbidden' | 'not_found', description: string): RealtimeServerMessage => ({ type: 'error', error, command, simId, description });

  router.register('vm.terminal.open', async (session, command) => {
    const { simId } = command;
    try {
      await accessSimulation(session.ctx.db, session.auth, simId, 'write');
    } catch (error) {
      if (error instanceof HttpError) return refused(command.type, simId, error.status === 403 ? 'forbidden' : 'not_found', error.message);
      throw error;
    }
    const row = await latestMachineOfSimulation(session.ctx.db, simId);
    if (!row || row.state !== 'running') return refused(command.type, simId, 'not_found', row ? VM_MESSAGES.notRunning : VM_MESSAGES.notFound);
    const map = terminalsOf(session);
    map.get(simId)?.detach();
    map.delete(simId);
    let terminal: VmTerminal;
    try {
      terminal = await services.vms.access(row).terminal({ cols: command.cols, rows: command.rows });
    } catch (error) {
      return refused(command.type, simId, 'not_found', error instanceof Error ? error.message : VM_MESSAGES.unreachable);
    }
    map.set(simId, terminal);
    const forget = () => {
      if (map.get(simId) === terminal) map.delete(simId);
    };
    terminal.onOutput((data) => session.send({ type: 'vm.terminal.output', simId, data }));
    terminal.onExit((exitCode) => {
      forget();
      session.send({ type: 'vm.terminal.exit', simId, exitCode });
    });
    terminal.onClose((description) => {
      forget();
      session.send({ type: 'vm.terminal.closed', simId, description });
    });
    return { type: 'vm.terminal.opened', simId, replay: terminal.replay };
  });

  const attached = (session: RealtimeSession, simId: string): VmTerminal | undefined => terminals.get(session)?.get(simId);

  router.register('vm.terminal.input', (session, command) => {
    const terminal = attached(session, command.simId);
    if (!terminal) return refused(command.type, command.simId, 'not_found', 'Open the terminal first.');
    terminal.write(command.data);
  });

  router.register('vm.terminal.resize', (session, command) => {
    const terminal = attached(session, command.simId);
    if (!terminal) return refused(command.type, command.simId, 'not_found', 'Open the terminal first.');
    terminal.resize(command.cols, command.rows);
  });

  router.register('vm.terminal.close', (session, command) => {
    const map = terminals.get(session);
    map?.get(command.simId)?.detach();
    map?.delete(command.simId);
  });
}
