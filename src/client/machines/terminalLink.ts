// The terminal's link to a machine's shell: a realtime socket of its own (/ws with a ticket) that attaches
// to the shell with vm.terminal.open and carries keystrokes, resizes and output. After a disconnect it
// reconnects up to 3 times at 1 s (spec 2 §9) and attaches again, the server sending the recent output
// to draw afresh; then it gives up. No React here: the component drives it.
import { VM_CONNECT_RETRIES, VM_CONNECT_RETRY_INTERVAL_MS } from '../../domain/constants.ts';
import type { VmTerminalStatus } from '../../domain/vm.ts';
import type { AuthSession } from '../auth/authSession.ts';
import { fetchRealtimeTicket, realtimeUrl } from '../realtime/createRealtimeConnection.ts';
import { RealtimeConnection, type SocketLike } from '../realtime/RealtimeConnection.ts';

/** The server closes a socket with this code when its access token expires: reopen with a new ticket. */
const TOKEN_EXPIRED_CLOSE_CODE = 4001;

export interface TerminalView {
  /** Draws the recent output after an attach (the view clears itself first). */
  replay(text: string): void;
  write(text: string): void;
  size(): { cols: number; rows: number };
}

export type TerminalLinkStatus = VmTerminalStatus | 'ended' | 'closed';

export class TerminalLink {
  private readonly connection: RealtimeConnection;
  private readonly simId: string;
  private readonly view: TerminalView;
  private status: TerminalLinkStatus = 'connecting';
  private readonly listeners = new Set<(status: TerminalLinkStatus, detail: string | null) => void>();
  private detail: string | null = null;
  private attached = false;

  /** `createSocket` and `fetchTicket` replace the browser's WebSocket and the ticket request (tests). */
  constructor(options: {
    auth: Pick<AuthSession, 'getUser'>;
    simId: string;
    view: TerminalView;
    origin?: string;
    createSocket?: (url: string) => SocketLike;
    fetchTicket?: (origin: string, accessToken: string) => Promise<string>;
  }) {
    this.simId = options.simId;
    this.view = options.view;
    const origin = options.origin ?? window.location.origin;
    const fetchTicket = options.fetchTicket ?? fetchRealtimeTicket;
    this.connection = new RealtimeConnection({
      createSocket: options.createSocket,
      resolveUrl: async () => {
        const user = await options.auth.getUser().catch(() => null);
        return user ? realtimeUrl(origin, await fetchTicket(origin, user.access_token)) : null;
      },
      timing: {
        maxRetries: VM_CONNECT_RETRIES,
        backoffStartMs: VM_CONNECT_RETRY_INTERVAL_MS,
        backoffMaxMs: VM_CONNECT_RETRY_INTERVAL_MS,
        cleanCloseCodes: [1000],
        renewCloseCodes: [TOKEN_EXPIRED_CLOSE_CODE],
        heartbeatFastMs: 1000,
        heartbeatSlowMs: 10_000,
        // The terminal is open on purpose: a hidden tab keeps its shell.
        hiddenDisconnectMs: Number.MAX_SAFE_INTEGER,
      },
      heartbeatMessage: () => ({ type: 'ping' }),
      isWorkloadReady: (message) => message.type === 'pong',
    });
    this.connection.onStatus((status) => {
      if (status === 'connected') this.attach();
      else if (status === 'reconnecting' || status === 'connecting') {
        this.attached = false;
        if (this.status !== 'ended' && this.status !== 'closed') this.setStatus('connecting', null);
      } else if (status === 'closed' && this.status !== 'closed') {
        this.attached = false;
        this.setStatus('failed', 'The connection to the Virtual Machine was lost.');
      }
    });
    this.connection.subscribe('vm.terminal.opened', (message) => {
      if (message.simId !== this.simId) return;
      this.attached = true;
      this.view.replay(message.replay);
      this.setStatus('connected', null);
    });
    this.connection.subscribe('vm.terminal.output', (message) => {
      if (message.simId === this.simId) this.view.write(message.data);
    });
    this.connection.subscribe('vm.terminal.exit', (message) => {
      if (message.simId !== this.simId) return;
      this.attached = false;
      this.view.write('\r\n[The shell ended. Press any key for a new one.]\r\n');
      this.setStatus('ended', null);
    });
    this.connection.subscribe('vm.terminal.closed', (message) => {
      if (message.simId !== this.simId) return;
      this.attached = false;
      this.setStatus('closed', message.description);
    });
    this.connection.subscribe('error', (message) => {
      if (!('command' in message) || message.command !== 'vm.terminal.open' || ('simId' in message && message.simId !== this.simId)) return;
      this.attached = false;
      this.setStatus('closed', message.description);
    });
  }

  start(): void {
    this.connection.start();
  }

  /** Starts over after giving up (the Retry button). */
  retry(): void {
    this.connection.stop();
    this.setStatus('connecting', null);
    this.connection.start();
  }

  stop(): void {
    if (this.attached) this.connection.send({ type: 'vm.terminal.close', simId: this.simId });
    this.connection.stop();
    this.listeners.clear();
  }

  input(data: string): void {
    if (this.status === 'ended') {
      this.attach();
      return;
    }
    if (this.attached) this.connection.send({ type: 'vm.terminal.input', simId: this.simId, data });
  }

  resize(cols: number, rows: number): void {
    if (this.attached) this.connection.send({ type: 'vm.terminal.resize', simId: this.simId, cols, rows });
  }

  getStatus(): TerminalLinkStatus {
    return this.status;
  }

  onStatus(listener: (status: TerminalLinkStatus, detail: string | null) => void): () => void {
    this.listeners.add(listener);
    listener(this.status, this.detail);
    return () => {
      this.listeners.delete(listener);
    };
  }

  private attach(): void {
    const { cols, rows } = this.view.size();
    this.connection.send({ type: 'vm.terminal.open', simId: this.simId, cols: Math.max(1, cols), rows: Math.max(1, rows) });
  }

  private setStatus(status: TerminalLinkStatus, detail: string | null): void {
    this.status = status;
    this.detail = detail;
    for (const listener of this.listeners) listener(status, detail);
  }
}
