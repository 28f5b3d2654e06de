// This process as a host of machines: its provider, an id the machine rows name it by, and where other
// processes reach what it runs (its SFTP server, and in a cluster its agent).
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { VmStopReason } from '../../domain/vm.ts';
import type { VmConfig } from './config.ts';
import { LocalVmProvider, type ProviderLog } from './localProvider.ts';

export class VmHost {
  readonly hostId = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  readonly config: VmConfig;
  readonly provider: LocalVmProvider;
  /** Set once the agent listens (cluster mode). */
  agentUrl: string | null = null;
  /** host:port of this process's SFTP server, set once it listens. */
  sftpAddress = '';
  private readonly stopListeners: ((vmId: string) => void)[] = [];

  constructor(config: VmConfig, log: ProviderLog) {
    this.config = config;
    this.provider = new LocalVmProvider(config, log);
  }

  /** Runs `listener` whenever a machine of this host has stopped (its sessions end). */
  onMachineStopped(listener: (vmId: string) => void): void {
    this.stopListeners.push(listener);
  }

  async stop(vmId: string, reason: VmStopReason): Promise<void> {
    await this.provider.stop(vmId, reason);
    for (const listener of this.stopListeners) listener(vmId);
  }

  address(): { hostId: string; agentUrl: string | null; sftpAddress: string } {
    return { hostId: this.hostId, agentUrl: this.agentUrl, sftpAddress: this.sftpAddress };
  }
}
