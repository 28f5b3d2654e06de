// A running machine of this host as the API uses it: its workspace's files and its terminal. Uploads go
// to a hidden name first and take the real one only once complete, so an aborted upload leaves nothing.
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { VM_MESSAGES, type VmDirectory, type VmFileEntry } from '../../domain/vm.ts';
import type { MachineAccess, TerminalSize, VmProvider, VmTerminal } from './provider.ts';
import { WorkspaceError, type Workspace } from './workspace.ts';

/** Raised when an upload passes its size limit. */
export class UploadTooLargeError extends Error {
  constructor() {
    super(VM_MESSAGES.uploadTooLarge);
    this.name = 'UploadTooLargeError';
  }
}

export async function writeWorkspaceFile(workspace: Workspace, path: string, source: Readable, maxBytes: number): Promise<VmFileEntry> {
  const slash = path.lastIndexOf('/');
  const partial = `${path.slice(0, slash)}/.${path.slice(slash + 1)}.upload-${randomBytes(4).toString('hex')}`;
  const handle = await workspace.openWrite(partial, { create: true, truncate: true, exclusive: true });
  try {
    let written = 0;
    for await (const chunk of source as AsyncIterable<Buffer>) {
      written += chunk.length;
      if (written > maxBytes) throw new UploadTooLargeError();
      await handle.write(chunk);
    }
  } catch (error) {
    source.destroy();
    await handle.close().catch(() => undefined);
    await workspace.remove(partial).catch(() => undefined);
    throw error;
  }
  await handle.close();
  await workspace.rename(partial, path);
  return workspace.stat(path);
}

export class LocalMachineAccess implements MachineAccess {
  private readonly provider: VmProvider;
  private readonly id: string;

  constructor(provider: VmProvider, id: string) {
    this.provider = provider;
    this.id = id;
  }

  private workspace(): Workspace {
    const workspace = this.provider.workspace(this.id);
    if (!workspace) throw new WorkspaceError('not_found', VM_MESSAGES.notRunning);
    return workspace;
  }

  list(path: string): Promise<VmDirectory> {
    return this.workspace().list(path);
  }

  async read(path: string): Promise<{ stream: Readable; size: number; name: string }> {
    const file = await this.workspace().openRead(path);
    return { stream: file.handle.createReadStream(), size: file.size, name: file.name };
  }

  write(path: string, source: Readable, maxBytes: number): Promise<VmFileEntry> {
    return writeWorkspaceFile(this.workspace(), path, source, maxBytes);
  }

  terminal(size: TerminalSize): Promise<VmTerminal> {
    return this.provider.connect(this.id, size);
  }
}
