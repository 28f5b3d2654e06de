// Where a run's files go: an output folder on disk (nodeFileSink.ts) or memory (browser, tests). Paths
// are relative, '/'-separated; writers create parent folders as needed.

export interface OutputSink {
  writeFile(path: string, data: Uint8Array | string): Promise<void>;
  readFile(path: string): Promise<Uint8Array | null>;
  appendFile(path: string, text: string): Promise<void>;
  /** Current size in bytes, or null when the file does not exist. */
  fileSize(path: string): Promise<number | null>;
  truncateFile(path: string, size: number): Promise<void>;
  /** Replaces `to` with `from` in one step (used to publish checkpoints atomically). */
  rename(from: string, to: string): Promise<void>;
  remove(path: string): Promise<void>;
}

const encoder = new TextEncoder();

function bytesOf(data: Uint8Array | string): Uint8Array {
  return typeof data === 'string' ? encoder.encode(data) : data;
}

/** In-memory sink: the browser's default, and handy for tests. */
export class MemorySink implements OutputSink {
  readonly files = new Map<string, Uint8Array>();

  async writeFile(path: string, data: Uint8Array | string): Promise<void> {
    this.files.set(path, bytesOf(data).slice());
  }

  async readFile(path: string): Promise<Uint8Array | null> {
    return this.files.get(path) ?? null;
  }

  async appendFile(path: string, text: string): Promise<void> {
    const prev = this.files.get(path) ?? new Uint8Array(0);
    const add = bytesOf(text);
    const next = new Uint8Array(prev.length + add.length);
    next.set(prev);
    next.set(add, prev.length);
    this.files.set(path, next);
  }

  async fileSize(path: string): Promise<number | null> {
    return this.files.get(path)?.length ?? null;
  }

  async truncateFile(path: string, size: number): Promise<void> {
    const prev = this.files.get(path);
    if (prev !== undefined) this.files.set(path, prev.slice(0, size));
  }

  async rename(from: string, to: string): Promise<void> {
    const data = this.files.get(from);
    if (data === undefined) throw new Error(`no such file: ${from}`);
    this.files.set(to, data);
    this.files.delete(from);
  }

  async remove(path: string): Promise<void> {
    for (const key of [...this.files.keys()]) if (key === path || key.startsWith(`${path}/`)) this.files.delete(key);
  }
}
