// The shell of a machine: one pseudo-terminal (node-pty) running bash in the sandbox, watched by any
// number of clients. It outlives a client that disconnects, so a reconnect finds the same shell and the
// recent output to draw again; it ends when bash exits or the machine stops.
import { spawn as spawnPty, type IPty } from 'node-pty';
import type { TerminalSize, VmTerminal } from './provider.ts';

/** Output kept for clients that attach later (characters). */
const REPLAY_CHARS = 256 * 1024;

interface Watcher {
  output: ((data: string) => void)[];
  exit: ((exitCode: number) => void)[];
  close: ((description: string) => void)[];
}

export class ShellSession {
  private readonly pty: IPty;
  private replay = '';
  private readonly watchers = new Set<Watcher>();
  private ended = false;
  private readonly endListeners: (() => void)[] = [];

  /** `command` is the full command line (limits wrapper, bwrap, bash). */
  constructor(command: readonly string[], size: TerminalSize) {
    this.pty = spawnPty(command[0], command.slice(1), {
      name: 'xterm-256color',
      cols: size.cols,
      rows: size.rows,
      cwd: '/',
      env: { PATH: '/usr/bin:/bin', LANG: 'C.UTF-8' },
    });
    this.pty.onData((data) => {
      this.replay = (this.replay + data).slice(-REPLAY_CHARS);
      for (const watcher of this.watchers) for (const listener of watcher.output) listener(data);
    });
    this.pty.onExit(({ exitCode }) => {
      this.ended = true;
      for (const watcher of this.watchers) for (const listener of watcher.exit) listener(exitCode);
      this.watchers.clear();
      for (const listener of this.endListeners.splice(0)) listener();
    });
  }

  get pid(): number {
    return this.pty.pid;
  }

  get alive(): boolean {
    return !this.ended;
  }

  onEnd(listener: () => void): void {
    if (this.ended) listener();
    else this.endListeners.push(listener);
  }

  attach(): VmTerminal {
    const watcher: Watcher = { output: [], exit: [], close: [] };
    this.watchers.add(watcher);
    return {
      replay: this.replay,
      write: (data) => {
        if (!this.ended) this.pty.write(data);
      },
      resize: (cols, rows) => {
        if (!this.ended) this.pty.resize(cols, rows);
      },
      onOutput: (listener) => watcher.output.push(listener),
      onExit: (listener) => watcher.exit.push(listener),
      onClose: (listener) => watcher.close.push(listener),
      detach: () => {
        this.watchers.delete(watcher);
      },
    };
  }

  /** Ends the shell and tells every watcher why (the machine stops). */
  close(description: string): void {
    for (const watcher of this.watchers) for (const listener of watcher.close) listener(description);
    this.watchers.clear();
    if (!this.ended) {
      try {
        this.pty.kill('SIGKILL');
      } catch {
        // Already gone.
      }
    }
  }
}
