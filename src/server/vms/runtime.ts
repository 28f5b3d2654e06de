// Wires the machines of one process: the host (when this process runs remote_vm jobs) with its provider,
// the SFTP server (every API process and every host), the agent (hosts of a cluster), and the gateway
// that hands the API a running machine wherever it runs. Closing stops this host's machines.
import { randomBytes } from 'node:crypto';
import ssh2 from 'ssh2';
import { VM_MESSAGES } from '../../domain/vm.ts';
import { verifyPassword } from '../account/identity/passwordHashing.ts';
import type { Database } from '../platform/db/client.ts';
import { getOrCreateSecret } from '../platform/db/secrets.repository.ts';
import { AgentMachineAccess, VmAgent } from './agent.ts';
import type { VmConfig } from './config.ts';
import { VmHost } from './host.ts';
import { LocalMachineAccess } from './localAccess.ts';
import type { ProviderLog } from './localProvider.ts';
import type { MachineAccess } from './provider.ts';
import { VmSftpServer, type SftpTarget } from './sftpServer.ts';
import { endMachinesLeftRunning, findMachineByUsername, liveMachineIds, type MachineRow } from './vms.repository.ts';
import { WorkspaceError } from './workspace.ts';

export type VmLog = ProviderLog & { error(object: object, message: string): void };

export class VmRuntime {
  readonly config: VmConfig;
  /** This process's machines; null where it runs none. */
  readonly host: VmHost | null;
  readonly sftp: VmSftpServer;
  private readonly agent: VmAgent | null;
  private readonly agentKey: string;

  private constructor(options: { config: VmConfig; host: VmHost | null; sftp: VmSftpServer; agent: VmAgent | null; agentKey: string }) {
    this.config = options.config;
    this.host = options.host;
    this.sftp = options.sftp;
    this.agent = options.agent;
    this.agentKey = options.agentKey;
  }

  /**
   * `runsMachines`: this process takes remote_vm jobs. `cluster`: other processes must reach its machines
   * (REDIS_URL), so a host starts its agent.
   */
  static async create(options: { db: Database; config: VmConfig; log: VmLog; runsMachines: boolean; cluster: boolean }): Promise<VmRuntime> {
    const { db, config, log } = options;
    const hostKey = await getOrCreateSecret(db, 'vm.sftp_host_key', sftpHostKey);
    const agentKey = await getOrCreateSecret(db, 'vm.agent_key', () => randomBytes(32).toString('base64url'));
    const host = options.runsMachines ? new VmHost(config, log) : null;
    // Without a cluster this process is the only host: machines the database still calls running were
    // left by its previous life, whose processes died with it.
    if (host && !options.cluster) {
      const left = await endMachinesLeftRunning(db);
      if (left > 0) log.warn({ machines: left }, 'virtual machines left running by the previous start are marked stopped');
    }
    if (host) await host.provider.removeLeftovers(new Set(await liveMachineIds(db)));

    const login = async (username: string, password: string): Promise<SftpTarget | null> => {
      if (username.length > 64 || password.length > 256) return null;
      const row = await findMachineByUsername(db, username);
      if (!row || row.state !== 'running' || !(await verifyPassword(password, row.passwordHash))) return null;
      if (host && row.hostId === host.hostId) {
        const workspace = host.provider.workspace(row.id);
        return workspace ? { kind: 'local', vmId: row.id, workspace } : null;
      }
      const [address, port] = splitAddress(row.sftpAddress);
      return address ? { kind: 'remote', vmId: row.id, host: address, port } : null;
    };
    const sftp = new VmSftpServer({ hostKey, login, log });
    // A port in use leaves this process without SFTP (said in the log and on the VM screen), not down.
    const port = await sftp.listen(config.sftpHost, config.sftpPort).catch((error: unknown) => {
      log.error({ err: error, port: config.sftpPort }, 'the SFTP server of the virtual machines could not listen; set SURGE_VM_SFTP_PORT');
      return 0;
    });
    let agent: VmAgent | null = null;
    if (host) {
      host.onMachineStopped((vmId) => sftp.disconnectMachine(vmId));
      let reachableAs = advertisedHost(config.sftpHost);
      if (options.cluster) {
        agent = new VmAgent({ provider: host.provider, key: agentKey, log });
        const agentPort = await agent.listen(config.agentHost, config.agentPort).catch((error: unknown) => {
          log.error({ err: error, port: config.agentPort }, 'the agent of this host could not listen: other processes cannot reach its virtual machines; set SURGE_VM_AGENT_PORT');
          return 0;
        });
        if (agentPort > 0) {
          host.agentUrl = config.agentUrl ?? `http://${advertisedHost(config.agentHost)}:${agentPort}`;
          // Other hosts reach this one's SFTP server where they reach its agent.
          if (config.sftpHost === '0.0.0.0' || config.sftpHost === '::') reachableAs = new URL(host.agentUrl).hostname;
        }
      }
      host.sftpAddress = port > 0 ? `${reachableAs}:${port}` : '';
    }
    log.info({ sftpPort: port, host: host?.hostId ?? null, agent: host?.agentUrl ?? null }, 'virtual machines ready');
    return new VmRuntime({ config, host, sftp, agent, agentKey });
  }

  /** A running machine wherever it runs; refused when it is not running or its host cannot be reached. */
  access(row: MachineRow): MachineAccess {
    if (row.state !== 'running') throw new WorkspaceError('not_found', VM_MESSAGES.notRunning);
    if (this.host && row.hostId === this.host.hostId) return new LocalMachineAccess(this.host.provider, row.id);
    if (row.agentUrl) return new AgentMachineAccess(row.agentUrl, row.id, this.agentKey);
    throw new WorkspaceError('not_found', VM_MESSAGES.unreachable);
  }

  /** 0 when the SFTP server could not listen. */
  sftpPort(): number {
    return this.sftp.port();
  }

  /** Stops this host's machines (after the job runner has let its jobs end) and the servers. */
  async close(): Promise<void> {
    await this.host?.provider.stopAll('server_shutdown');
    await this.agent?.close();
    await this.sftp.close();
  }
}

/** The address other processes reach a server bound to `bindHost` at. */
function advertisedHost(bindHost: string): string {
  return bindHost === '0.0.0.0' || bindHost === '::' ? '127.0.0.1' : bindHost;
}

function splitAddress(address: string | null): [string | null, number] {
  if (!address) return [null, 0];
  const at = address.lastIndexOf(':');
  return [address.slice(0, at), Number(address.slice(at + 1))];
}

/**
 * A new SFTP host key. ssh2 writes an ed25519 key now and then (about 1 in 300 here) that its own parser
 * refuses, and a stored key is kept for good, so only a key that parses back is accepted.
 */
export function sftpHostKey(): string {
  for (let attempt = 0; attempt < 20; attempt++) {
    const key = ssh2.utils.generateKeyPairSync('ed25519').private;
    if (!(ssh2.utils.parseKey(key) instanceof Error)) return key;
  }
  throw new Error('no SFTP host key that parses could be generated');
}
