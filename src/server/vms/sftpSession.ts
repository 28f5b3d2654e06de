// The SFTP protocol over a machine's workspace (ssh2's server side): files and folders as workspace.ts
// allows them, so the session is confined to the workspace ('/' = home, outputs, exports), starts in
// /home, and writes only there. Links are listed but never followed; extended requests are refused.
import type { FileHandle } from 'node:fs/promises';
import ssh2, { type Attributes, type FileEntry, type SFTPWrapper } from 'ssh2';
import { normalizeVmPath, type VmFileEntry } from '../../domain/vm.ts';
import { WORKSPACE_START, WorkspaceError, type Workspace } from './workspace.ts';

const { OPEN_MODE, STATUS_CODE } = ssh2.utils.sftp;
/** Entries per READDIR answer. */
const NAMES_PER_REPLY = 64;
const MAX_READ = 256 * 1024;
const SANDBOX_IDS = { uid: 1000, gid: 1000 };

type Open = { kind: 'file'; handle: FileHandle } | { kind: 'dir'; entries: VmFileEntry[]; sent: boolean; path: string };

function modeOf(entry: VmFileEntry): number {
  const write = entry.writable ? 0o200 : 0;
  if (entry.type === 'directory') return 0o040000 | 0o555 | write;
  if (entry.type === 'symlink') return 0o120000 | 0o777;
  return 0o100000 | 0o444 | write;
}

function attrsOf(entry: VmFileEntry): Attributes {
  const time = Math.floor(new Date(entry.modifiedAt).getTime() / 1000);
  return { mode: modeOf(entry), ...SANDBOX_IDS, size: entry.size, atime: time, mtime: time };
}

function longname(entry: VmFileEntry): string {
  const kind = entry.type === 'directory' ? 'd' : entry.type === 'symlink' ? 'l' : '-';
  const mode = modeOf(entry);
  const bits = [0o400, 0o200, 0o100, 0o040, 0o020, 0o010, 0o004, 0o002, 0o001].map((bit, i) => (mode & bit ? 'rwx'[i % 3] : '-')).join('');
  const date = new Date(entry.modifiedAt).toISOString().slice(0, 16).replace('T', ' ');
  return `${kind}${bits} 1 engineer engineer ${String(entry.size).padStart(10)} ${date} ${entry.name}`;
}

function statusOf(error: unknown): number {
  if (error instanceof WorkspaceError) {
    if (error.code === 'not_found') return STATUS_CODE.NO_SUCH_FILE;
    if (error.code === 'read_only') return STATUS_CODE.PERMISSION_DENIED;
  }
  return STATUS_CODE.FAILURE;
}

/** Serves one SFTP channel on `workspace` until it closes; open files are closed then. */
export function serveWorkspace(sftp: SFTPWrapper, workspace: Workspace, onError: (error: unknown) => void): void {
  const open = new Map<number, Open>();
  let nextHandle = 1;
  const handleBuffer = (id: number) => {
    const buffer = Buffer.alloc(4);
    buffer.writeUInt32BE(id);
    return buffer;
  };
  const lookup = (buffer: Buffer): [number, Open | undefined] => {
    const id = buffer.length === 4 ? buffer.readUInt32BE(0) : -1;
    return [id, open.get(id)];
  };
  const fail = (reqId: number, error: unknown) => {
    if (!(error instanceof WorkspaceError)) onError(error);
    sftp.status(reqId, statusOf(error), error instanceof Error ? error.message : undefined);
  };
  const run = (reqId: number, action: () => Promise<void>) => {
    action().catch((error: unknown) => fail(reqId, error));
  };
  const resolvePath = (path: string) => normalizeVmPath(path === '' ? '.' : path, WORKSPACE_START) ?? '\0';

  sftp.on('REALPATH', (reqId, path) => {
    const resolved = normalizeVmPath(path === '' ? '.' : path, WORKSPACE_START);
    if (resolved === null) return sftp.status(reqId, STATUS_CODE.NO_SUCH_FILE);
    sftp.name(reqId, [{ filename: resolved, longname: resolved, attrs: {} as Attributes }]);
  });

  const stat = (reqId: number, path: string) =>
    run(reqId, async () => {
      sftp.attrs(reqId, attrsOf(await workspace.stat(resolvePath(path))));
    });
  sftp.on('STAT', stat);
  sftp.on('LSTAT', stat);

  sftp.on('OPENDIR', (reqId, path) =>
    run(reqId, async () => {
      const listing = await workspace.list(resolvePath(path));
      const id = nextHandle++;
      open.set(id, { kind: 'dir', entries: listing.entries, sent: false, path: listing.path });
      sftp.handle(reqId, handleBuffer(id));
    }),
  );

  sftp.on('READDIR', (reqId, buffer) => {
    const [, entry] = lookup(buffer);
    if (!entry || entry.kind !== 'dir') return sftp.status(reqId, STATUS_CODE.FAILURE);
    if (entry.entries.length === 0) return sftp.status(reqId, STATUS_CODE.EOF);
    const batch = entry.entries.splice(0, NAMES_PER_REPLY);
    const names: FileEntry[] = batch.map((item) => ({ filename: item.name, longname: longname(item), attrs: attrsOf(item) }));
    sftp.name(reqId, names);
  });

  sftp.on('OPEN', (reqId, filename, flags) =>
    run(reqId, async () => {
      const path = resolvePath(filename);
      const writing = (flags & (OPEN_MODE.WRITE | OPEN_MODE.APPEND | OPEN_MODE.CREAT | OPEN_MODE.TRUNC)) !== 0;
      const handle = writing
        ? await workspace.openWrite(path, {
            create: (flags & OPEN_MODE.CREAT) !== 0,
            truncate: (flags & OPEN_MODE.TRUNC) !== 0,
            exclusive: (flags & OPEN_MODE.EXCL) !== 0,
            append: (flags & OPEN_MODE.APPEND) !== 0,
            read: (flags & OPEN_MODE.READ) !== 0,
          })
        : (await workspace.openRead(path)).handle;
      const id = nextHandle++;
      open.set(id, { kind: 'file', handle });
      sftp.handle(reqId, handleBuffer(id));
    }),
  );

  sftp.on('READ', (reqId, buffer, offset, length) => {
    const [, entry] = lookup(buffer);
    if (!entry || entry.kind !== 'file') return sftp.status(reqId, STATUS_CODE.FAILURE);
    run(reqId, async () => {
      const chunk = Buffer.alloc(Math.min(length, MAX_READ));
      const { bytesRead } = await entry.handle.read(chunk, 0, chunk.length, offset);
      if (bytesRead === 0) sftp.status(reqId, STATUS_CODE.EOF);
      else sftp.data(reqId, chunk.subarray(0, bytesRead));
    });
  });

  sftp.on('WRITE', (reqId, buffer, offset, data) => {
    const [, entry] = lookup(buffer);
    if (!entry || entry.kind !== 'file') return sftp.status(reqId, STATUS_CODE.FAILURE);
    run(reqId, async () => {
      await entry.handle.write(data, 0, data.length, offset);
      sftp.status(reqId, STATUS_CODE.OK);
    });
  });

  sftp.on('FSTAT', (reqId, buffer) => {
    const [, entry] = lookup(buffer);
    if (!entry) return sftp.status(reqId, STATUS_CODE.FAILURE);
    if (entry.kind === 'dir') return stat(reqId, entry.path);
    run(reqId, async () => {
      const stats = await entry.handle.stat();
      const time = Math.floor(stats.mtimeMs / 1000);
      sftp.attrs(reqId, { mode: stats.mode, ...SANDBOX_IDS, size: stats.size, atime: time, mtime: time });
    });
  });

  sftp.on('CLOSE', (reqId, buffer) => {
    const [id, entry] = lookup(buffer);
    if (!entry) return sftp.status(reqId, STATUS_CODE.FAILURE);
    open.delete(id);
    if (entry.kind === 'dir') return sftp.status(reqId, STATUS_CODE.OK);
    run(reqId, async () => {
      await entry.handle.close();
      sftp.status(reqId, STATUS_CODE.OK);
    });
  });

  sftp.on('MKDIR', (reqId, path) =>
    run(reqId, async () => {
      await workspace.mkdir(resolvePath(path));
      sftp.status(reqId, STATUS_CODE.OK);
    }),
  );
  sftp.on('RMDIR', (reqId, path) =>
    run(reqId, async () => {
      await workspace.rmdir(resolvePath(path));
      sftp.status(reqId, STATUS_CODE.OK);
    }),
  );
  sftp.on('REMOVE', (reqId, path) =>
    run(reqId, async () => {
      await workspace.remove(resolvePath(path));
      sftp.status(reqId, STATUS_CODE.OK);
    }),
  );
  sftp.on('RENAME', (reqId, from, to) =>
    run(reqId, async () => {
      await workspace.rename(resolvePath(from), resolvePath(to));
      sftp.status(reqId, STATUS_CODE.OK);
    }),
  );
  // Times and modes are the server's to keep; clients that set them after an upload are told it worked.
  sftp.on('SETSTAT', (reqId, path) =>
    run(reqId, async () => {
      await workspace.stat(resolvePath(path));
      sftp.status(reqId, STATUS_CODE.OK);
    }),
  );
  sftp.on('FSETSTAT', (reqId) => sftp.status(reqId, STATUS_CODE.OK));
  sftp.on('READLINK', (reqId) => sftp.status(reqId, STATUS_CODE.OP_UNSUPPORTED));
  sftp.on('SYMLINK', (reqId) => sftp.status(reqId, STATUS_CODE.OP_UNSUPPORTED));
  sftp.on('EXTENDED', (reqId) => sftp.status(reqId, STATUS_CODE.OP_UNSUPPORTED));

  sftp.on('close', () => {
    for (const entry of open.values()) if (entry.kind === 'file') void entry.handle.close().catch(() => undefined);
    open.clear();
  });
}
