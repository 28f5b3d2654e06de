// The agent of a cluster worker that runs machines: API replicas reach a machine's files and terminal on
// the worker that runs it through here (the worker writes the agent's URL on the machine's row). Every
// request carries the installation's agent key (server_secrets, shared by all processes through the
// database); machines are addressed by id and must run on this worker.
//   GET  /machines/:id/files?path=     a folder listing
//   GET  /machines/:id/file?path=      a file's bytes
//   PUT  /machines/:id/file?path=&max= writes the request body to a file of the home
//   WS   /machines/:id/terminal?cols=&rows=  the shell: JSON frames both ways
import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import WebSocket, { WebSocketServer } from 'ws';
import { VM_MESSAGES, VM_TERMINAL_MAX_COLS, VM_TERMINAL_MAX_ROWS, type VmDirectory, type VmFileEntry } from '../../domain/vm.ts';
import { LocalMachineAccess, UploadTooLargeError } from './localAccess.ts';
import type { MachineAccess, TerminalSize, VmProvider, VmTerminal } from './provider.ts';
import { WorkspaceError } from './workspace.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

type AgentFrame =
  | { type: 'opened'; replay: string }
  | { type: 'output'; data: string }
  | { type: 'exit'; exitCode: number }
  | { type: 'closed'; description: string };
type ClientFrame = { type: 'input'; data: string } | { type: 'resize'; cols: number; rows: number };

/** Error answers of the agent: a workspace refusal keeps its code, so the API answers as if local. */
type AgentError = { code: WorkspaceError['code'] | 'too_large' | 'unavailable'; message: string };

export interface AgentLog {
  warn(object: object, message: string): void;
}

export class VmAgent {
  private readonly server: Server;
  private readonly sockets: WebSocketServer;
  private readonly provider: VmProvider;
  private readonly key: string;
  private readonly log: AgentLog;

  constructor(options: { provider: VmProvider; key: string; log: AgentLog }) {
    this.provider = options.provider;
    this.key = options.key;
    this.log = options.log;
    this.server = createServer((request, response) => {
      this.handle(request, response).catch((error: unknown) => this.fail(response, error));
    });
    this.sockets = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
    this.server.on('upgrade', (request, socket, head) => {
      const target = this.target(request);
      if (!target || target.action !== 'terminal') {
        socket.end('HTTP/1.1 404 Not Found\r\n\r\n');
        return;
      }
      this.sockets.handleUpgrade(request, socket, head, (ws) => this.terminal(ws, target.id, target.url));
    });
  }

  async listen(host: string, port: number): Promise<number> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, host, () => {
        this.server.off('error', reject);
        resolve();
      });
    });
    return (this.server.address() as AddressInfo).port;
  }

  async close(): Promise<void> {
    for (const client of this.sockets.clients) client.terminate();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** The machine and action a request names, when it carries the key and the machine runs here. */
  private target(request: IncomingMessage): { id: string; action: string; url: URL } | null {
    const header = request.headers.authorization ?? '';
    if (!header.startsWith('Bearer ') || !sameSecret(header.slice(7), this.key)) return null;
    const url = new URL(request.url ?? '/', 'http://agent');
    const [, first, id, action] = url.pathname.split('/');
    if (first !== 'machines' || !id || !UUID.test(id) || !action) return null;
    if (this.provider.status(id)?.state !== 'running') return null;
    return { id, action, url };
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const target = this.target(request);
    if (!target) return this.answer(response, 404, { code: 'not_found', message: VM_MESSAGES.notRunning });
    const access = new LocalMachineAccess(this.provider, target.id);
    const path = target.url.searchParams.get('path') ?? '';
    if (request.method === 'GET' && target.action === 'files') return this.answer(response, 200, await access.list(path));
    if (request.method === 'GET' && target.action === 'file') {
      const file = await access.read(path);
      response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(file.size), 'x-surge-name': encodeURIComponent(file.name) });
      await pipeline(file.stream, response);
      return;
    }
    if (request.method === 'PUT' && target.action === 'file') {
      const max = Number(target.url.searchParams.get('max'));
      return this.answer(response, 201, await access.write(path, request, Number.isFinite(max) && max > 0 ? max : 0));
    }
    this.answer(response, 404, { code: 'not_found', message: VM_MESSAGES.notRunning });
  }

  private answer(response: ServerResponse, status: number, body: unknown): void {
    if (response.headersSent) return void response.end();
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  }

  private fail(response: ServerResponse, error: unknown): void {
    if (error instanceof WorkspaceError) return this.answer(response, 400, { code: error.code, message: error.message } satisfies AgentError);
    if (error instanceof UploadTooLargeError) return this.answer(response, 413, { code: 'too_large', message: error.message } satisfies AgentError);
    this.log.warn({ err: error }, 'machine agent request failed');
    if (!response.headersSent) this.answer(response, 500, { code: 'unavailable', message: VM_MESSAGES.unreachable } satisfies AgentError);
    else response.destroy();
  }

  private terminal(ws: WebSocket, id: string, url: URL): void {
    const size = { cols: Number(url.searchParams.get('cols')) || 80, rows: Number(url.searchParams.get('rows')) || 24 };
    const send = (frame: AgentFrame) => {
      if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(frame));
    };
    this.provider.connect(id, { cols: Math.min(size.cols, VM_TERMINAL_MAX_COLS), rows: Math.min(size.rows, VM_TERMINAL_MAX_ROWS) }).then(
      (terminal) => {
        send({ type: 'opened', replay: terminal.replay });
        terminal.onOutput((data) => send({ type: 'output', data }));
        terminal.onExit((exitCode) => {
          send({ type: 'exit', exitCode });
          ws.close(1000);
        });
        terminal.onClose((description) => {
          send({ type: 'closed', description });
          ws.close(1000);
        });
        ws.on('message', (raw) => {
          let frame: ClientFrame;
          try {
            frame = JSON.parse(raw.toString()) as ClientFrame;
          } catch {
            return;
          }
          if (frame.type === 'input' && typeof frame.data === 'string') terminal.write(frame.data);
          else if (frame.type === 'resize' && Number.isInteger(frame.cols) && Number.isInteger(frame.rows)) {
            terminal.resize(Math.max(1, Math.min(frame.cols, VM_TERMINAL_MAX_COLS)), Math.max(1, Math.min(frame.rows, VM_TERMINAL_MAX_ROWS)));
          }
        });
        ws.on('close', () => terminal.detach());
      },
      (error: unknown) => {
        send({ type: 'closed', description: error instanceof Error ? error.message : VM_MESSAGES.unreachable });
        ws.close(1000);
      },
    );
  }
}

/** A machine on another host, reached through that host's agent. */
export class AgentMachineAccess implements MachineAccess {
  private readonly base: string;
  private readonly key: string;

  constructor(agentUrl: string, id: string, key: string) {
    this.base = `${agentUrl.replace(/\/$/, '')}/machines/${id}`;
    this.key = key;
  }

  private url(action: string, query: Record<string, string>): string {
    return `${this.base}/${action}?${new URLSearchParams(query).toString()}`;
  }

  private async request(action: string, query: Record<string, string>, init: RequestInit = {}): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(this.url(action, query), { ...init, headers: { ...init.headers, authorization: `Bearer ${this.key}` } });
    } catch {
      throw new WorkspaceError('not_found', VM_MESSAGES.unreachable);
    }
    if (response.ok) return response;
    const body = (await response.json().catch(() => null)) as AgentError | null;
    if (response.status === 413) throw new UploadTooLargeError();
    if (body && body.code !== 'too_large' && body.code !== 'unavailable') throw new WorkspaceError(body.code, body.message);
    throw new WorkspaceError('not_found', body?.message ?? VM_MESSAGES.unreachable);
  }

  async list(path: string): Promise<VmDirectory> {
    return (await (await this.request('files', { path })).json()) as VmDirectory;
  }

  async read(path: string): Promise<{ stream: Readable; size: number; name: string }> {
    const response = await this.request('file', { path });
    if (!response.body) throw new WorkspaceError('not_found', VM_MESSAGES.fileMissing);
    return {
      stream: Readable.fromWeb(response.body as import('node:stream/web').ReadableStream),
      size: Number(response.headers.get('content-length') ?? 0),
      name: decodeURIComponent(response.headers.get('x-surge-name') ?? 'file'),
    };
  }

  async write(path: string, source: Readable, maxBytes: number): Promise<VmFileEntry> {
    const response = await this.request('file', { path, max: String(maxBytes) }, { method: 'PUT', body: Readable.toWeb(source) as ReadableStream, duplex: 'half' } as RequestInit);
    return (await response.json()) as VmFileEntry;
  }

  terminal(size: TerminalSize): Promise<VmTerminal> {
    const url = this.url('terminal', { cols: String(size.cols), rows: String(size.rows) }).replace(/^http/, 'ws');
    const ws = new WebSocket(url, { headers: { authorization: `Bearer ${this.key}` } });
    const output: ((data: string) => void)[] = [];
    const exits: ((code: number) => void)[] = [];
    const closes: ((description: string) => void)[] = [];
    let ended = false;
    return new Promise((resolve, reject) => {
      let opened = false;
      const send = (frame: ClientFrame) => {
        if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(frame));
      };
      ws.on('message', (raw) => {
        let frame: AgentFrame;
        try {
          frame = JSON.parse(raw.toString()) as AgentFrame;
        } catch {
          return;
        }
        if (frame.type === 'opened' && !opened) {
          opened = true;
          resolve({
            replay: frame.replay,
            write: (data) => send({ type: 'input', data }),
            resize: (cols, rows) => send({ type: 'resize', cols, rows }),
            onOutput: (listener) => output.push(listener),
            onExit: (listener) => exits.push(listener),
            onClose: (listener) => closes.push(listener),
            detach: () => {
              ended = true;
              ws.close(1000);
            },
          });
        } else if (frame.type === 'output') for (const listener of output) listener(frame.data);
        else if (frame.type === 'exit') {
          ended = true;
          for (const listener of exits) listener(frame.exitCode);
        } else if (frame.type === 'closed') {
          ended = true;
          if (!opened) reject(new WorkspaceError('not_found', frame.description));
          for (const listener of closes) listener(frame.description);
        }
      });
      ws.on('error', () => undefined);
      ws.on('close', () => {
        if (!opened) return reject(new WorkspaceError('not_found', VM_MESSAGES.unreachable));
        if (!ended) for (const listener of closes) listener(VM_MESSAGES.unreachable);
        ended = true;
      });
    });
  }
}
