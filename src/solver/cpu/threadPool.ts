// Main-thread side of the CPU backend's threads: starts workers through an injected spawner (Node
// worker_threads or browser Web Workers), hands out passes through the shared control block and
// waits for them with Atomics. The calling thread is thread 0 and runs its own share.
import {
  CTRL_ARG0, CTRL_ARG1, CTRL_BOUNDS, CTRL_COMMAND, CTRL_DONE, CTRL_GENERATION, F64_DT, F64_GRAVITY, F64_LIST_R2, F64_RESULTS,
  F64_SHIFT_SCALE, Pass,
  boundsSetOf, controlInts, runPass, type PassContext, type PassScalars,
} from './passes.ts';
import type { WorkerInit, WorkerRebind } from './workerLoop.ts';
import type { ParticleStore } from '../particles.ts';
import type { NeighbourLists } from '../physics/neighbourLists.ts';

export interface WorkerHandle {
  postMessage(message: unknown): void;
  terminate(): Promise<unknown> | void;
}

/** Starts one solver worker thread running workerLoop with `init`. */
export type SpawnWorker = (init: WorkerInit) => WorkerHandle;

/** A worker that does not answer within this time is taken as lost. */
const PASS_TIMEOUT_MS = 120_000;

export class ThreadPool {
  readonly threads: number;
  private readonly ctrl: Int32Array;
  private readonly res: Float64Array;
  private readonly workers: WorkerHandle[] = [];
  private ctx: PassContext;

  constructor(threads: number, spawn: SpawnWorker | null, ctx: PassContext) {
    this.threads = spawn === null ? 1 : Math.max(1, Math.floor(threads));
    this.ctx = ctx;
    const control = new SharedArrayBuffer(controlInts(this.threads) * 4);
    const results = new SharedArrayBuffer((F64_RESULTS + this.threads) * 8);
    this.ctrl = new Int32Array(control);
    this.res = new Float64Array(results);
    if (this.threads > 1 && spawn !== null) {
      const sharedAll = [ctx.store.buffer, ctx.cellStart.buffer, ctx.wallStart.buffer, ctx.cellFluid.buffer, ctx.lists.buffer, ctx.bodyFields.buffer]
        .concat(ctx.movingWallStart === null ? [] : [ctx.movingWallStart.buffer])
        .every((b) => b instanceof SharedArrayBuffer);
      if (!sharedAll) {
        throw new Error('threaded solver needs particle memory in SharedArrayBuffers');
      }
      for (let t = 1; t < this.threads; t++) {
        this.workers.push(spawn({
          threadIndex: t, threads: this.threads, control, results, particles: ctx.store.buffer as SharedArrayBuffer,
          capacity: ctx.store.capacity, cellStart: ctx.cellStart.buffer as SharedArrayBuffer,
          wallStart: ctx.wallStart.buffer as SharedArrayBuffer,
          movingWallStart: ctx.movingWallStart === null ? null : ctx.movingWallStart.buffer as SharedArrayBuffer,
          bodyFields: ctx.bodyFields.buffer as SharedArrayBuffer,
          cellFluid: ctx.cellFluid.buffer as SharedArrayBuffer, lists: ctx.lists.buffer as SharedArrayBuffer,
          grid: ctx.grid, prm: ctx.prm,
        }));
      }
    }
  }

  /** Sets the per-thread index bounds (threads + 1 entries) of one bounds set. */
  setBounds(set: number, bounds: Int32Array): void {
    this.ctrl.set(bounds, CTRL_BOUNDS + set * (this.threads + 1));
  }

  /** Runs a pass on all threads and returns the largest per-thread result. */
  run(pass: number, arg0: number, arg1: number, v: PassScalars): number {
    const ctrl = this.ctrl;
    this.res[F64_DT] = v.dt;
    this.res[F64_SHIFT_SCALE] = v.shiftScale;
    this.res[F64_LIST_R2] = v.listRadius2;
    this.res.set(v.gravity, F64_GRAVITY);
    const base = CTRL_BOUNDS + boundsSetOf(pass) * (this.threads + 1);
    if (this.threads === 1) {
      return runPass(this.ctx, pass, arg0, arg1, v, ctrl[base], ctrl[base + 1]);
    }
    ctrl[CTRL_COMMAND] = pass;
    ctrl[CTRL_ARG0] = arg0;
    ctrl[CTRL_ARG1] = arg1;
    Atomics.store(ctrl, CTRL_DONE, 0);
    Atomics.add(ctrl, CTRL_GENERATION, 1);
    Atomics.notify(ctrl, CTRL_GENERATION);
    let result = runPass(this.ctx, pass, arg0, arg1, v, ctrl[base], ctrl[base + 1]);
    this.waitForWorkers();
    for (let t = 1; t < this.threads; t++) {
      const r = this.res[F64_RESULTS + t];
      if (Number.isNaN(r)) throw new Error(`solver thread ${t} failed in pass ${pass}`);
      if (r > result) result = r;
    }
    return result;
  }

  /** Points the workers at new particle memory (after the store grew). */
  rebind(store: ParticleStore, lists: NeighbourLists): void {
    this.ctx = { ...this.ctx, store, lists };
    if (this.workers.length === 0) return;
    const msg: WorkerRebind = {
      particles: store.buffer as SharedArrayBuffer, capacity: store.capacity,
      lists: lists.buffer as SharedArrayBuffer,
    };
    for (const w of this.workers) w.postMessage(msg);
    this.signal(Pass.rebind);
  }

  async close(): Promise<void> {
    if (this.workers.length > 0) {
      this.signal(Pass.exit);
      await Promise.all(this.workers.map((w) => w.terminate()));
      this.workers.length = 0;
    }
  }

  private signal(pass: number): void {
    const ctrl = this.ctrl;
    ctrl[CTRL_COMMAND] = pass;
    Atomics.store(ctrl, CTRL_DONE, 0);
    Atomics.add(ctrl, CTRL_GENERATION, 1);
    Atomics.notify(ctrl, CTRL_GENERATION);
    this.waitForWorkers();
  }

  private waitForWorkers(): void {
    const ctrl = this.ctrl;
    const want = this.threads - 1;
    const deadline = Date.now() + PASS_TIMEOUT_MS;
    for (;;) {
      const done = Atomics.load(ctrl, CTRL_DONE);
      if (done >= want) return;
      if (Atomics.wait(ctrl, CTRL_DONE, done, 1000) === 'timed-out' && Date.now() > deadline) {
        throw new Error('a solver thread stopped responding');
      }
    }
  }
}
