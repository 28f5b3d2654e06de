// Realtime engine: one WebSocket to the server's /ws channel, kept alive by heartbeats and reconnected with
// exponential backoff (spec 2 §9). Screens subscribe to message types and to the connection status; no React here.

/** 'suspended': closed on purpose while the page was hidden; it reopens when the page shows again. */
export type ConnectionStatus = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'suspended' | 'closed';

import type {
  RealtimeCommandInput,
  RealtimeServerMessage,
  RealtimeServerMessageOf,
  RealtimeServerMessageType,
} from '../../domain/realtimeMessages.ts';

/** What a listener of `type` receives: that member of the server's union, or any message for '*'. */
export type MessageOf<T extends RealtimeServerMessageType | '*'> = T extends RealtimeServerMessageType ? RealtimeServerMessageOf<T> : RealtimeServerMessage;

/** The part of the browser WebSocket the engine uses, so tests can drive it without a network. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export interface RealtimeTiming {
  maxRetries: number;
  backoffStartMs: number;
  backoffMaxMs: number;
  /** Close codes after which the engine does not reconnect (a deliberate close by either side). */
  cleanCloseCodes: readonly number[];
  /** Close codes that ask for a fresh token: the engine reopens at once, without a 'reconnecting' notice. */
  renewCloseCodes: readonly number[];
  /** Heartbeat period until the server reports the workload ready, then the slow one. */
  heartbeatFastMs: number;
  heartbeatSlowMs: number;
  /** A page hidden for this long disconnects; it reconnects when it becomes visible again. */
  hiddenDisconnectMs: number;
}

export interface RealtimeOptions {
  /** Builds the socket URL, access token included; null means the user is not signed in. */
  resolveUrl: () => Promise<string | null>;
  timing: RealtimeTiming;
  heartbeatMessage: () => RealtimeCommandInput;
  /** Whether a message says the server side of the channel is fully up (slows the heartbeat down). */
  isWorkloadReady: (message: RealtimeServerMessage) => boolean;
  createSocket?: (url: string) => SocketLike;
}

const OPEN = 1;

type Listener = (message: RealtimeServerMessage) => void;

export class RealtimeConnection {
  private readonly options: RealtimeOptions;
  private socket: SocketLike | null = null;
  private status: ConnectionStatus = 'idle';
  private retries = 0;
  private everConnected = false;
  private workloadReady = false;
  private stopped = true;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private heartbeatTimer: ReturnType<typeof setTimeout> | null = null;
  private hiddenTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly statusListeners = new Set<(status: ConnectionStatus) => void>();

  constructor(options: RealtimeOptions) {
    this.options = options;
  }

  getStatus(): ConnectionStatus {
    return this.status;
  }

  /** Listens to messages of one type ('*' for all); returns the function that stops listening. */
  subscribe<T extends RealtimeServerMessageType | '*'>(type: T, listener: (message: MessageOf<T>) => void): () => void {
    let set = this.listeners.get(type);
    if (!set) {
      set = new Set();
      this.listeners.set(type, set);
    }
    // Messages are routed by their type, so a listener of `type` only ever sees MessageOf<T>.
    const entry = listener as Listener;
    set.add(entry);
    return () => {
      set.delete(entry);
    };
  }

  onStatus(listener: (status: ConnectionStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => {
      this.statusListeners.delete(listener);
    };
  }

  /** Sends a message if the socket is open; returns whether it was sent. */
  send(message: RealtimeCommandInput): boolean {
    if (!this.socket || this.socket.readyState !== OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.retries = 0;
    void this.open();
  }

  /** Closes the channel on purpose (code 1000): no reconnect follows. */
  stop(): void {
    this.stopped = true;
    this.clearTimers();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.close(1000, 'client closed');
    }
    this.setStatus('closed');
  }

  /**
   * Page visibility (spec 2 §4): a page hidden for the configured time lets go of its socket; when it shows
   * again, a suspended or given-up channel reopens at once.
   */
  setPageHidden(hidden: boolean): void {
    if (this.stopped) return;
    if (hidden) {
      if (this.hiddenTimer) return;
      this.hiddenTimer = setTimeout(() => {
        this.hiddenTimer = null;
        this.suspend();
      }, this.options.timing.hiddenDisconnectMs);
      return;
    }
    if (this.hiddenTimer) clearTimeout(this.hiddenTimer);
    this.hiddenTimer = null;
    if (this.status === 'suspended' || this.status === 'closed' || this.status === 'reconnecting') {
      const quiet = this.status === 'suspended';
      if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
      this.reconnectTimer = null;
      this.retries = 0;
      void this.open(quiet);
    }
  }

  private suspend(): void {
    this.clearTimers();
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.close(1000, 'page hidden');
    }
    this.setStatus('suspended');
  }

  /** Delay before reconnect attempt `attempt` (0-based): doubling from the start value, capped. */
  static backoffDelay(attempt: number, timing: Pick<RealtimeTiming, 'backoffStartMs' | 'backoffMaxMs'>): number {
    return Math.min(timing.backoffMaxMs, timing.backoffStartMs * 2 ** attempt);
  }

  /** `quiet`: a reopen the user asked for by coming back to the page, not a lost connection. */
  private async open(quiet = false): Promise<void> {
    if (this.stopped) return;
    this.setStatus(this.everConnected && !quiet ? 'reconnecting' : 'connecting');
    let url: string | null;
    try {
      url = await this.options.resolveUrl();
    } catch {
      url = null;
    }
    if (this.stopped) return;
    if (!url) {
      this.scheduleReconnect();
      return;
    }
    const create = this.options.createSocket ?? ((target: string) => new WebSocket(target) as unknown as SocketLike);
    const socket = create(url);
    this.socket = socket;
    this.workloadReady = false;
    socket.onopen = () => {
      this.retries = 0;
      this.everConnected = true;
      this.setStatus('connected');
      this.beat();
    };
    socket.onmessage = (event) => this.receive(event.data);
    socket.onerror = () => {
      // The close event that follows decides whether to reconnect.
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.clearHeartbeat();
      if (this.stopped) return;
      if (this.options.timing.cleanCloseCodes.includes(event.code)) {
        this.setStatus('closed');
        return;
      }
      if (this.options.timing.renewCloseCodes.includes(event.code)) {
        void this.open(true);
        return;
      }
      this.scheduleReconnect();
    };
  }

  private scheduleReconnect(): void {
    const { timing } = this.options;
    if (this.retries >= timing.maxRetries) {
      this.setStatus('closed');
      return;
    }
    if (this.everConnected) this.setStatus('reconnecting');
    const delay = RealtimeConnection.backoffDelay(this.retries, timing);
    this.retries += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      void this.open();
    }, delay);
  }

  private receive(data: unknown): void {
    if (typeof data !== 'string') return;
    let message: RealtimeServerMessage;
    try {
      const parsed: unknown = JSON.parse(data);
      if (!parsed || typeof parsed !== 'object' || typeof (parsed as { type?: unknown }).type !== 'string') return;
      // The server sends members of the domain's union only (src/domain/realtimeMessages.ts).
      message = parsed as RealtimeServerMessage;
    } catch {
      return;
    }
    if (!this.workloadReady && this.options.isWorkloadReady(message)) {
      this.workloadReady = true;
    }
    for (const listener of this.listeners.get(message.type) ?? []) listener(message);
    for (const listener of this.listeners.get('*') ?? []) listener(message);
  }

  private beat(): void {
    this.send(this.options.heartbeatMessage());
    const { heartbeatFastMs, heartbeatSlowMs } = this.options.timing;
    this.heartbeatTimer = setTimeout(() => this.beat(), this.workloadReady ? heartbeatSlowMs : heartbeatFastMs);
  }

  private clearHeartbeat(): void {
    if (this.heartbeatTimer) clearTimeout(this.heartbeatTimer);
    this.heartbeatTimer = null;
  }

  private clearTimers(): void {
    this.clearHeartbeat();
    if (this.hiddenTimer) clearTimeout(this.hiddenTimer);
    this.hiddenTimer = null;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
  }

  private setStatus(status: ConnectionStatus): void {
    if (this.status === status) return;
    this.status = status;
    for (const listener of this.statusListeners) listener(status);
  }
}
