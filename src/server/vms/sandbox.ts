// The sandbox of a machine: a bubblewrap command line that gives a process a root of its own with the
// host's programs (/usr) read-only, the machine's home writable, the simulation's outputs and exports
// read-only under /workspace, a private /tmp, /proc and /dev, no network (its own empty network
// namespace), no capabilities and no way back into the host's namespaces. Nothing else of the host is
// visible: /etc holds generated passwd/group/hosts and a short list of harmless host files.
import { existsSync, lstatSync, readlinkSync } from 'node:fs';
import { access, constants, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { VM_WORKSPACE_MOUNT } from '../../domain/vm.ts';

/** The user inside every machine (a name and ids of its own; outside it maps to the server's user). */
export const SANDBOX_USER = { name: 'engineer', uid: 1000, gid: 1000 } as const;
export const SANDBOX_HOME = `${VM_WORKSPACE_MOUNT}/home`;

/** Host /etc entries a shell and Python want and that say nothing about the host. */
const ETC_ALLOWED = [
  'ld.so.cache', 'ld.so.conf', 'ld.so.conf.d', 'alternatives', 'localtime', 'bash.bashrc', 'profile', 'inputrc', 'terminfo',
  'fonts', 'mime.types', 'matplotlibrc', 'vim', 'nanorc', 'environment', 'python3',
];
/** Top-level folders that merged-/usr systems keep as links into /usr. */
const USR_LINKS = ['bin', 'sbin', 'lib', 'lib32', 'lib64', 'libx32'];
const TMP_BYTES = 1024 ** 3;

export interface SandboxSpec {
  bwrapPath: string;
  /** Host folders of the machine. */
  home: string;
  etc: string;
  outputs: string | null;
  exports: string | null;
  toolDirs: readonly string[];
  hostname: string;
}

/** Whether the sandbox program can be run here; the launch refuses with this message otherwise. */
export async function sandboxProblem(bwrapPath: string): Promise<string | null> {
  try {
    await access(bwrapPath, constants.X_OK);
    return null;
  } catch {
    return `The sandbox program bubblewrap (${bwrapPath}) is not installed on this server, so Virtual Machines cannot run here. An administrator installs it (Debian: apt-get install bubblewrap) or points SURGE_VM_BWRAP at it.`;
  }
}

/** Writes the machine's own /etc files (user, group, host name). */
export async function writeSandboxEtc(etc: string, hostname: string): Promise<void> {
  await mkdir(etc, { recursive: true });
  const { name, uid, gid } = SANDBOX_USER;
  await writeFile(join(etc, 'passwd'), `root:x:0:0:root:/root:/usr/sbin/nologin\n${name}:x:${uid}:${gid}:Surge engineer:${SANDBOX_HOME}:/bin/bash\nnobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n`);
  await writeFile(join(etc, 'group'), `root:x:0:\n${name}:x:${gid}:\nnogroup:x:65534:\n`);
  await writeFile(join(etc, 'hostname'), `${hostname}\n`);
  await writeFile(join(etc, 'hosts'), `127.0.0.1 localhost\n127.0.1.1 ${hostname}\n::1 localhost\n`);
}

/** bubblewrap's arguments that run `command` in the machine's sandbox. */
export function sandboxArgs(spec: SandboxSpec, command: readonly string[]): string[] {
  const args = [
    '--unshare-all',
    '--unshare-user',
    '--uid', String(SANDBOX_USER.uid),
    '--gid', String(SANDBOX_USER.gid),
    '--disable-userns',
    '--cap-drop', 'ALL',
    '--die-with-parent',
    '--hostname', spec.hostname,
    '--ro-bind', '/usr', '/usr',
  ];
  for (const name of USR_LINKS) {
    const path = `/${name}`;
    if (!existsSync(path)) continue;
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) args.push('--symlink', readlinkSync(path), path);
    else if (stat.isDirectory()) args.push('--ro-bind', path, path);
  }
  args.push('--proc', '/proc', '--dev', '/dev', '--size', String(TMP_BYTES), '--tmpfs', '/tmp', '--dir', '/run', '--dir', '/var/tmp');
  args.push('--dir', '/etc');
  for (const name of ['passwd', 'group', 'hostname', 'hosts']) args.push('--ro-bind', join(spec.etc, name), `/etc/${name}`);
  for (const name of ETC_ALLOWED) {
    const path = `/etc/${name}`;
    if (existsSync(path)) args.push('--ro-bind', path, path);
  }
  for (const dir of spec.toolDirs) if (existsSync(dir)) args.push('--ro-bind', dir, dir);
  args.push('--dir', VM_WORKSPACE_MOUNT, '--bind', spec.home, SANDBOX_HOME);
  args.push(...(spec.outputs ? ['--ro-bind', spec.outputs, `${VM_WORKSPACE_MOUNT}/outputs`] : ['--dir', `${VM_WORKSPACE_MOUNT}/outputs`]));
  args.push(...(spec.exports ? ['--ro-bind', spec.exports, `${VM_WORKSPACE_MOUNT}/exports`] : ['--dir', `${VM_WORKSPACE_MOUNT}/exports`]));
  args.push('--remount-ro', '/', '--chdir', SANDBOX_HOME, '--clearenv');
  const env: Record<string, string> = {
    HOME: SANDBOX_HOME,
    USER: SANDBOX_USER.name,
    LOGNAME: SANDBOX_USER.name,
    SHELL: '/bin/bash',
    PATH: '/usr/local/bin:/usr/bin:/bin',
    TERM: 'xterm-256color',
    LANG: 'C.UTF-8',
    MPLBACKEND: 'Agg',
    PYTHONDONTWRITEBYTECODE: '1',
  };
  for (const [key, value] of Object.entries(env)) args.push('--setenv', key, value);
  args.push('--', ...command);
  return args;
}
