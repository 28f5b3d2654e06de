// The worker's side of a post-processing process: started on the first task, at a lower CPU priority
// when asked (the reduction after each output must not slow the solver that runs beside it), given
// tasks in order, and stopped when idle or closed. A process that dies fails the tasks it held; the
// next task starts a fresh one.
import { fork, type ChildProcess } from 'node:child_process';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { PostprocessingReply, PostprocessingTask } from './postprocessingProtocol.ts';

const SCRIPT = fileURLToPath(new URL('./postprocessingProcess.ts', import.meta.url));

export interface ChildOptions {
  /** Niceness of the process (0 normal, 19 lowest priority). */
  niceness: number;
  /** The process ends after this long without tasks (ms). */
  idleMs: number;
}

type Pending = { resolve(reply: PostprocessingReply): void; reject(error: Error): void };

export class PostprocessingChild {
  private options: ChildOptions;
  private child: ChildProcess | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private idleTimer: NodeJS.Timeout | null = null;

  constructor(options: ChildOptions) {
    this.options = options;
  }

  private start(): ChildProcess {
    const child = fork(SCRIPT, [], {
      execArgv: ['--disable-warning=ExperimentalWarning'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      serialization: 'advanced',
    });
    if (this.options.niceness !== 0) this.applyNiceness(child);
    child.on('message', (reply: PostprocessingReply) => {
      const entry = this.pending.get(reply.id);
      if (!entry) return;
      this.pending.delete(reply.id);
      entry.resolve(reply);
      this.armIdle();
    });
    child.on('exit', (code, signal) => {
      if (this.child === child) this.child = null;
      const error = new Error(`the post-processing process ended (${signal ?? `code ${code}`})`);
      for (const entry of this.pending.values()) entry.reject(error);
      this.pending.clear();
    });
    child.on('error', () => undefined);
    return child;
  }

  private applyNiceness(child: ChildProcess): void {
    if (child.pid === undefined) return;
    try {
      setPriority(child.pid, this.options.niceness);
    } catch {
      // Without the permission (raising a priority back needs it), the process keeps the one it has.
    }
  }

  /** Process id of the running process (none before the first task and after close). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Sets the niceness of the running process and of those started later. */
  setNiceness(niceness: number): void {
    if (niceness === this.options.niceness) return;
    this.options = { ...this.options, niceness };
    if (this.child) this.applyNiceness(this.child);
  }

  /** An idle process (and its channel) does not keep this one alive: a server that closes just ends. */
  private hold(child: ChildProcess, held: boolean): void {
    const channel = child.channel as { ref?: () => void; unref?: () => void } | null | undefined;
    if (held) {
      child.ref();
      channel?.ref?.();
    } else {
      child.unref();
      channel?.unref?.();
    }
  }

  private armIdle(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    if (this.pending.size > 0) return;
    if (this.child) this.hold(this.child, false);
    this.idleTimer = setTimeout(() => this.close(), this.options.idleMs);
    this.idleTimer.unref();
  }

  run(task: Omit<PostprocessingTask, 'id'>): Promise<PostprocessingReply> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    this.child ??= this.start();
    const id = this.nextId++;
    const child = this.child;
    this.hold(child, true);
    return new Promise<PostprocessingReply>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      child.send({ ...task, id }, (error) => {
        if (!error) return;
        this.pending.delete(id);
        reject(error);
      });
    });
  }

  /** Stops the process; tasks it still held fail. */
  close(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    const child = this.child;
    this.child = null;
    if (child && child.exitCode === null) child.kill('SIGTERM');
  }
}
