// The SFTP server of the post-processing machines (ssh2): users log in with the machine's name and its
// password, and get the SFTP subsystem only (no shell, exec or forwarding). A machine of this host is
// served here on its workspace; a machine of another host (cluster) is passed through, byte for byte, to
// that host's SFTP server, logged in with the same credentials. Sessions end when their machine stops.
import type { AddressInfo } from 'node:net';
import ssh2, { type Connection, type ServerChannel } from 'ssh2';
import type { Workspace } from './workspace.ts';
import { serveWorkspace } from './sftpSession.ts';

/** Password tries one connection gets. */
const MAX_TRIES = 3;
/** Pause after a wrong password, so guessing is slow. */
const FAILURE_DELAY_MS = 400;

/** Where an authenticated machine's files are: this host's workspace, or another host's SFTP server. */
export type SftpTarget = { kind: 'local'; vmId: string; workspace: Workspace } | { kind: 'remote'; vmId: string; host: string; port: number };

export type SftpLogin = (username: string, password: string) => Promise<SftpTarget | null>;

export interface SftpLog {
  warn(object: object, message: string): void;
}

export class VmSftpServer {
  private readonly server: ssh2.Server;
  private readonly login: SftpLogin;
  private readonly log: SftpLog;
  private readonly connections = new Map<string, Set<Connection>>();
  private listening = false;
  /** Every host reads the same key from the database: the one a pass-through expects of the other host. */
  private readonly publicKey: Buffer;

  constructor(options: { hostKey: string; login: SftpLogin; log: SftpLog }) {
    this.login = options.login;
    this.log = options.log;
    const parsed = ssh2.utils.parseKey(options.hostKey);
    if (parsed instanceof Error) throw parsed;
    this.publicKey = (Array.isArray(parsed) ? parsed[0] : parsed).getPublicSSH();
    this.server = new ssh2.Server({ hostKeys: [options.hostKey], ident: 'Surge' }, (client) => this.accept(client));
    this.server.on('error', (error: unknown) => this.log.warn({ err: error }, 'SFTP server error'));
  }

  async listen(host: string, port: number): Promise<number> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        this.server.off('error', reject);
        this.listening = true;
        resolve();
      });
    });
    return this.port();
  }

  port(): number {
    return this.listening ? ((this.server.address() as AddressInfo | null)?.port ?? 0) : 0;
  }

  /** Ends every session of a machine (it stopped). */
  disconnectMachine(vmId: string): void {
    for (const client of this.connections.get(vmId) ?? []) client.end();
    this.connections.delete(vmId);
  }

  async close(): Promise<void> {
    for (const clients of this.connections.values()) for (const client of clients) client.end();
    this.connections.clear();
    if (!this.listening) return;
    this.listening = false;
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(client: Connection): void {
    let target: SftpTarget | null = null;
    let credentials: { username: string; password: string } | null = null;
    let tries = 0;
    client.on('error', () => undefined);
    client.on('authentication', (context) => {
      if (context.method !== 'password') return context.reject(['password']);
      tries += 1;
      const { username, password } = context;
      this.login(username, password).then(
        (found) => {
          if (found) {
            target = found;
            credentials = { username, password };
            return context.accept();
          }
          setTimeout(() => {
            context.reject(tries < MAX_TRIES ? ['password'] : []);
            if (tries >= MAX_TRIES) client.end();
          }, FAILURE_DELAY_MS);
        },
        (error: unknown) => {
          this.log.warn({ err: error }, 'SFTP login failed');
          context.reject([]);
          client.end();
        },
      );
    });
    client.on('ready', () => {
      const machine = target;
      const login = credentials;
      if (!machine || !login) return client.end();
      let set = this.connections.get(machine.vmId);
      if (!set) {
        set = new Set();
        this.connections.set(machine.vmId, set);
      }
      set.add(client);
      client.on('close', () => set.delete(client));
      client.on('session', (acceptSession) => {
        const session = acceptSession();
        if (machine.kind === 'local') {
          session.on('sftp', (acceptSftp) => serveWorkspace(acceptSftp(), machine.workspace, (error) => this.log.warn({ err: error, vmId: machine.vmId }, 'SFTP request failed')));
        } else {
          session.on('subsystem', (acceptSubsystem, reject, info) => {
            if (info.name !== 'sftp') return reject();
            passThrough(acceptSubsystem(), machine, login, this.publicKey, this.log);
          });
        }
      });
    });
  }
}

/** Joins a client's SFTP channel to the SFTP subsystem of the host that runs the machine. */
function passThrough(channel: ServerChannel, target: Extract<SftpTarget, { kind: 'remote' }>, login: { username: string; password: string }, hostKey: Buffer, log: SftpLog): void {
  const upstream = new ssh2.Client();
  const end = () => {
    channel.end();
    upstream.end();
  };
  upstream.on('error', (error: unknown) => {
    log.warn({ err: error, vmId: target.vmId }, 'SFTP pass-through failed');
    end();
  });
  upstream.on('ready', () => {
    upstream.subsys('sftp', (error, stream) => {
      if (error) return end();
      channel.pipe(stream).pipe(channel);
      stream.on('close', end);
      channel.on('close', end);
    });
  });
  upstream.connect({
    host: target.host,
    port: target.port,
    username: login.username,
    password: login.password,
    readyTimeout: 10_000,
    hostVerifier: (key: Buffer) => key.equals(hostKey),
  });
}
