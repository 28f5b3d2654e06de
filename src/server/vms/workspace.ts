// A machine's workspace as the server touches it (SFTP, the file browser): '/' holds home (writable),
// outputs and exports (read-only), the same folders the sandbox sees under /workspace. The server runs
// with more rights than the machine, and the machine can plant symbolic links in its home, so nothing
// here trusts a path: every file and folder is opened without following a final link and then checked,
// by what the kernel says the open descriptor is (/proc/self/fd), to lie inside its folder; names are
// created, renamed and removed relative to such a checked folder. A link planted to escape is refused.
import { constants, type Stats } from 'node:fs';
import { type FileHandle, lstat, mkdir, open, readdir, readlink, realpath, rename, rmdir, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import {
  normalizeVmPath,
  VM_FOLDERS,
  VM_HOME_PATH,
  VM_MESSAGES,
  vmFolderOf,
  vmPathWritable,
  type VmDirectory,
  type VmFileEntry,
  type VmFolder,
} from '../../domain/vm.ts';

/** Why a workspace operation was refused; `code` maps to SFTP statuses and HTTP answers. */
export class WorkspaceError extends Error {
  readonly code: 'not_found' | 'read_only' | 'invalid' | 'not_a_file' | 'exists' | 'not_empty';
  constructor(code: WorkspaceError['code'], message: string) {
    super(message);
    this.name = 'WorkspaceError';
    this.code = code;
  }
}

const notFound = () => new WorkspaceError('not_found', VM_MESSAGES.fileMissing);
const readOnly = () => new WorkspaceError('read_only', VM_MESSAGES.readOnly);

export interface WorkspaceFolders {
  home: string;
  outputs: string | null;
  exports: string | null;
}

/** An open checked file or folder: its descriptor and the path the kernel resolves it to. */
interface Checked {
  handle: FileHandle;
  /** /proc/self/fd/<n>: reaches the object itself, whatever happens to its name meanwhile. */
  procPath: string;
}

function translateErrno(error: unknown): never {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'ELOOP') throw notFound();
  if (code === 'EEXIST') throw new WorkspaceError('exists', 'Something of that name exists already.');
  if (code === 'ENOTEMPTY') throw new WorkspaceError('not_empty', 'The folder is not empty.');
  if (code === 'EISDIR') throw new WorkspaceError('not_a_file', VM_MESSAGES.notAFile);
  if (code === 'EROFS' || code === 'EACCES' || code === 'EPERM') throw readOnly();
  throw error;
}

export class Workspace {
  private readonly folders: WorkspaceFolders;
  private readonly real = new Map<VmFolder, string | null>();

  constructor(folders: WorkspaceFolders) {
    this.folders = folders;
  }

  /** The host folder of a root folder, symbolic links in its own path resolved once. */
  private async folderRoot(folder: VmFolder): Promise<string | null> {
    if (!this.real.has(folder)) {
      const host = this.folders[folder];
      this.real.set(folder, host ? await realpath(host).catch(() => null) : null);
    }
    return this.real.get(folder) ?? null;
  }

  /** A normalised path and its host path; null host path for the virtual root. */
  private async locate(path: string): Promise<{ path: string; folder: VmFolder | null; root: string | null; host: string | null }> {
    const normalized = normalizeVmPath(path);
    if (normalized === null) throw new WorkspaceError('invalid', VM_MESSAGES.pathInvalid);
    if (normalized === '/') return { path: normalized, folder: null, root: null, host: null };
    const folder = vmFolderOf(normalized);
    if (!folder) throw notFound();
    const root = await this.folderRoot(folder);
    if (!root) {
      if (normalized === `/${folder}`) return { path: normalized, folder, root: null, host: null };
      throw notFound();
    }
    const rest = normalized.slice(folder.length + 2);
    return { path: normalized, folder, root, host: rest === '' ? root : join(root, rest) };
  }

  /** Opens `host` without following a final link and checks that it is `root` or lies inside it. */
  private async openChecked(host: string, root: string, flags: number, mode?: number): Promise<Checked> {
    let handle: FileHandle;
    try {
      handle = await open(host, flags | constants.O_NOFOLLOW, mode);
    } catch (error) {
      translateErrno(error);
    }
    const procPath = `/proc/self/fd/${handle.fd}`;
    const target = await readlink(procPath).catch(() => '');
    if (target !== root && !target.startsWith(`${root}/`)) {
      await handle.close();
      throw notFound();
    }
    return { handle, procPath };
  }

  private async openFolder(host: string, root: string): Promise<Checked> {
    return this.openChecked(host, root, constants.O_RDONLY | constants.O_DIRECTORY);
  }

  private entry(path: string, name: string, stats: Stats): VmFileEntry {
    const type = stats.isSymbolicLink() ? 'symlink' : stats.isDirectory() ? 'directory' : stats.isFile() ? 'file' : 'other';
    return { name, path, type, size: type === 'file' ? stats.size : 0, modifiedAt: stats.mtime.toISOString(), writable: vmPathWritable(path) };
  }

  /** What `path` is (links are described, not followed). */
  async stat(path: string): Promise<VmFileEntry> {
    const at = await this.locate(path);
    if (at.host === null || at.root === null) return { name: at.folder ?? '/', path: at.path, type: 'directory', size: 0, modifiedAt: new Date(0).toISOString(), writable: false };
    if (at.host === at.root) return this.entry(at.path, at.folder ?? '', await lstat(at.root));
    const parent = await this.openFolder(dirname(at.host), at.root);
    try {
      return this.entry(at.path, basename(at.host), await lstat(join(parent.procPath, basename(at.host))).catch(translateErrno));
    } finally {
      await parent.handle.close();
    }
  }

  async list(path: string): Promise<VmDirectory> {
    const at = await this.locate(path);
    if (at.folder === null) {
      const entries: VmFileEntry[] = [];
      for (const folder of VM_FOLDERS) {
        const root = await this.folderRoot(folder);
        const stats = root ? await lstat(root).catch(() => null) : null;
        entries.push({ name: folder, path: `/${folder}`, type: 'directory', size: 0, modifiedAt: (stats?.mtime ?? new Date(0)).toISOString(), writable: false });
      }
      return { path: '/', writable: false, entries };
    }
    if (at.host === null || at.root === null) return { path: at.path, writable: false, entries: [] };
    const folder = await this.openFolder(at.host, at.root);
    try {
      const names = await readdir(folder.procPath).catch(translateErrno);
      const entries: VmFileEntry[] = [];
      for (const name of names.sort((a, b) => a.localeCompare(b))) {
        const stats = await lstat(join(folder.procPath, name)).catch(() => null);
        if (stats) entries.push(this.entry(at.path === '/' ? `/${name}` : `${at.path}/${name}`, name, stats));
      }
      entries.sort((a, b) => Number(b.type === 'directory') - Number(a.type === 'directory') || a.name.localeCompare(b.name));
      return { path: at.path, writable: at.folder === 'home', entries };
    } finally {
      await folder.handle.close();
    }
  }

  /** A regular file opened for reading, checked to lie inside the workspace. */
  async openRead(path: string): Promise<{ handle: FileHandle; size: number; name: string }> {
    const at = await this.locate(path);
    if (at.host === null || at.root === null || at.host === at.root) throw new WorkspaceError('not_a_file', VM_MESSAGES.notAFile);
    const file = await this.openChecked(at.host, at.root, constants.O_RDONLY);
    const stats = await file.handle.stat();
    if (!stats.isFile()) {
      await file.handle.close();
      throw new WorkspaceError('not_a_file', VM_MESSAGES.notAFile);
    }
    return { handle: file.handle, size: stats.size, name: basename(at.host) };
  }

  /** A file of the home opened for writing: created, truncated or kept as `flags` say. */
  async openWrite(path: string, options: { create: boolean; truncate: boolean; exclusive: boolean; read?: boolean; append?: boolean }): Promise<FileHandle> {
    const at = await this.locate(path);
    if (!vmPathWritable(at.path) || at.host === null || at.root === null) throw readOnly();
    const parent = await this.openFolder(dirname(at.host), at.root);
    try {
      let flags = options.read ? constants.O_RDWR : constants.O_WRONLY;
      if (options.create) flags |= constants.O_CREAT;
      if (options.truncate) flags |= constants.O_TRUNC;
      if (options.exclusive) flags |= constants.O_EXCL;
      if (options.append) flags |= constants.O_APPEND;
      const file = await this.openChecked(join(parent.procPath, basename(at.host)), at.root, flags, 0o644);
      const stats = await file.handle.stat();
      if (!stats.isFile()) {
        await file.handle.close();
        throw new WorkspaceError('not_a_file', VM_MESSAGES.notAFile);
      }
      return file.handle;
    } finally {
      await parent.handle.close();
    }
  }

  /** Runs `action` with the checked parent folder of a writable path and the entry's name in it. */
  private async inParent<T>(path: string, action: (parent: string, name: string) => Promise<T>): Promise<T> {
    const at = await this.locate(path);
    if (!vmPathWritable(at.path) || at.host === null || at.root === null) throw readOnly();
    const parent = await this.openFolder(dirname(at.host), at.root);
    try {
      return await action(parent.procPath, basename(at.host)).catch(translateErrno);
    } finally {
      await parent.handle.close();
    }
  }

  async mkdir(path: string): Promise<void> {
    await this.inParent(path, (parent, name) => mkdir(join(parent, name), { mode: 0o755 }));
  }

  async rmdir(path: string): Promise<void> {
    await this.inParent(path, (parent, name) => rmdir(join(parent, name)));
  }

  async remove(path: string): Promise<void> {
    await this.inParent(path, async (parent, name) => {
      const stats = await lstat(join(parent, name));
      if (stats.isDirectory()) throw new WorkspaceError('not_a_file', VM_MESSAGES.notAFile);
      await unlink(join(parent, name));
    });
  }

  async rename(from: string, to: string): Promise<void> {
    await this.inParent(from, (fromParent, fromName) => this.inParent(to, (toParent, toName) => rename(join(fromParent, fromName), join(toParent, toName))));
  }
}

/** The path SFTP clients start in. */
export const WORKSPACE_START = VM_HOME_PATH;
