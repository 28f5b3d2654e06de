// CPU backend: the δ-SPH step on struct-of-arrays memory, split over threads by index ranges. Results
// do not depend on the thread count: every pass gathers per particle and sorting is serial and stable.
// Moving walls are placed from their setup positions before every rate evaluation (physics/motion.ts).
import {
  ParticleKind, allocateParticles, copyParticleState, type F64Field, type ParticleStore,
} from '../particles.ts';
import { balancedRanges, createSortScratch, sortByCell, type SortScratch } from '../grid.ts';
import { WallMode, type PhysicsParams } from '../params.ts';
import {
  RATE_BUILD_LIST, RATE_FROZEN_VISCOUS, RATE_PRESSURE, RATE_SHIFT, RATE_STORE_VISCOUS, RATE_VISCOUS,
  allocateNeighbourLists, listRadius2, rankFluid, type NeighbourLists,
} from '../physics/rates.ts';
import { openBoundaryHousekeeping } from '../physics/openBoundary.ts';
import { shearRates } from '../physics/shearRate.ts';
import { STATE_ARRAY_KEYS, THERMAL_ARRAY_KEYS, acousticDt } from '../engine.ts';
import { ThermoKindCode, fluidHeatFluxes } from '../physics/heat.ts';
import {
  BODY_FIELDS, bodyMoves, effectiveGravity, evaluateBodyFields, placeMovingWalls, type CaseMotion,
} from '../physics/motion.ts';
import { CFL_ACOUSTIC, CFL_VISCOUS, MAX_ACOUSTIC_SUBSTEPS } from '../params.ts';
import { acousticSubsteps, advectionStep, clampStep, rk4Step, wholeAcousticSteps } from '../timeStep.ts';
import { BOUNDS_ALL, BOUNDS_FLUID, BOUNDS_WALL, Pass, type PassScalars } from './passes.ts';
import { ThreadPool, type SpawnWorker } from './threadPool.ts';
import type {
  AdvanceLimits, AdvanceReport, EngineSetup, EngineSnapshot, EngineState, SolverBackend, TimeControl,
} from '../engine.ts';

export interface CpuBackendOptions {
  threads: number;
  /** Worker spawner (Node or browser adapter); null runs single-threaded on the calling thread. */
  spawnWorker: SpawnWorker | null;
}

/** Work fields that must follow the particles when they are re-sorted inside a dual time step. */
const DUAL_CARRIED: readonly F64Field[] = ['fvx', 'fvy', 'fvz', 'sx', 'sy', 'sz', 'srho', 'svx', 'svy', 'svz', 'fsn'];
/** A moving wall's acceleration (kept in ax..az, set with its position) follows it through its sort. */
const WALL_CARRIED: readonly F64Field[] = ['ax', 'ay', 'az'];
/** Time of the rate evaluation of RK4 stage k, as a fraction of the step. */
const STAGE_TIME = [0, 0.5, 0.5, 1];

export class CpuBackend implements SolverBackend {
  readonly kind = 'cpu' as const;
  readonly threads: number;
  readonly device: string;
  /** Particle memory (state, work arrays, neighbour lists, cell lists) per particle. */
  get bytesPerParticle(): number {
    const bytes = this.store.buffer.byteLength + this.lists.buffer.byteLength + 2 * this.cellStart.byteLength + this.cellFluid.byteLength;
    return Math.round(bytes / Math.max(1, this.count));
  }
  private store: ParticleStore;
  private count: number;
  private sortedCount = 0;
  private readonly cellStart: Int32Array;
  /** Cell list of the walls at rest, which occupy [0, stillWalls). */
  private readonly wallStart: Int32Array;
  /** Cell list of the moving walls, [stillWalls, wallCount), re-sorted every step; null when none moves. */
  private readonly movingWallStart: Int32Array | null;
  private readonly stillWalls: number;
  private readonly motion: CaseMotion;
  /** Pose and velocity fields of every body at the time of the last placement. */
  private readonly bodyFields: Float64Array;
  /** Gravity less the frame acceleration, at the time of the current evaluation. */
  private readonly gravity = new Float64Array(3);
  /** Largest wall speed² at the last placement. */
  private wallVel2 = 0;
  private readonly cellFluid: Uint8Array;
  private scratch: SortScratch;
  private readonly pool: ThreadPool;
  private readonly prm: PhysicsParams;
  private readonly tc: TimeControl;
  private readonly grid: EngineSetup['grid'];
  private t: number;
  private stepCount: number;
  private nextId: number;
  private maxVel2: number;
  private maxAccel2: number;
  private lastDt = 0;
  /** Rate (force) evaluations so far in this session: four per RK4 step, one more per dual advection step. */
  evaluations = 0;
  private readonly shared: boolean;
  private lists: NeighbourLists;
  private readonly wallCount: number;
  /** Radius² of the neighbour lists of the current step. */
  private listR2 = 0;
  /** Reused so that the step loop allocates nothing. */
  private readonly scalars: PassScalars = { dt: 0, shiftScale: 0, listRadius2: 0, gravity: this.gravity };
  private bounds: Int32Array = new Int32Array(2);
  /** Some wall is a heat-flux or heat-transfer-coefficient wall: its kernel sums precede every rate evaluation. */
  private readonly heatSources: boolean;

  constructor(setup: EngineSetup, options: CpuBackendOptions) {
    const st = setup.state;
    this.prm = setup.prm;
    this.heatSources = setup.prm.heat?.walls.some((w) => w.kind === ThermoKindCode.heatFlux || w.kind === ThermoKindCode.heatTransferCoefficient) ?? false;
    this.tc = setup.time;
    this.grid = setup.grid;
    this.t = st.time;
    this.stepCount = st.step;
    this.nextId = st.nextId;
    this.maxVel2 = st.maxVel2;
    this.maxAccel2 = st.maxAccel2;
    this.count = st.count;
    const threads = options.spawnWorker === null ? 1 : Math.max(1, Math.floor(options.threads));
    this.shared = threads > 1;
    const extra = setup.prm.boundaries.length > 0 ? Math.max(1024, Math.ceil(st.count * 0.25)) : 0;
    this.store = allocateParticles(st.count + extra, this.shared);
    this.motion = setup.motion;
    const fieldBytes = Math.max(1, setup.motion.plan.bodies.length) * BODY_FIELDS * 8;
    this.bodyFields = new Float64Array(this.shared ? new SharedArrayBuffer(fieldBytes) : new ArrayBuffer(fieldBytes));
    // Walls first (stable): walls at rest are sorted by cell once and stay put; behind them the walls of
    // moving bodies, placed and re-sorted every step; then the fluid and buffer particles, re-sorted
    // every step.
    const moves = setup.motion.plan.bodies.map(bodyMoves);
    const order: number[] = [];
    for (let i = 0; i < st.count; i++) if (st.kind[i] === ParticleKind.wall && !moves[st.body[i]]) order.push(i);
    const still = order.length;
    for (let i = 0; i < st.count; i++) if (st.kind[i] === ParticleKind.wall && moves[st.body[i]]) order.push(i);
    const walls = order.length;
    for (let i = 0; i < st.count; i++) if (st.kind[i] !== ParticleKind.wall) order.push(i);
    const f = this.store.f;
    for (let k = 0; k < order.length; k++) {
      const i = order[k];
      for (const key of STATE_ARRAY_KEYS) f[key][k] = st[key][i];
      for (const key of THERMAL_ARRAY_KEYS) f[key][k] = st[key]?.[i] ?? 0;
      this.store.kind[k] = st.kind[i];
      this.store.body[k] = st.body[i];
      this.store.id[k] = st.id[i];
    }
    const cellBytes = (this.grid.nCells + 1) * 4;
    const sharedInts = () => new Int32Array(this.shared ? new SharedArrayBuffer(cellBytes) : new ArrayBuffer(cellBytes));
    this.cellStart = sharedInts();
    this.wallStart = sharedInts();
    this.movingWallStart = walls > still ? sharedInts() : null;
    const n = this.grid.nCells;
    this.cellFluid = new Uint8Array(this.shared ? new SharedArrayBuffer(n) : new ArrayBuffer(n));
    this.scratch = createSortScratch(this.grid, this.store.capacity);
    sortByCell(this.store, still, this.grid, this.wallStart, this.scratch);
    this.stillWalls = still;
    this.wallCount = walls;
    this.lists = allocateNeighbourLists(this.store.capacity, this.store.capacity - walls, this.shared);
    this.pool = new ThreadPool(threads, options.spawnWorker, {
      store: this.store, grid: this.grid, cellStart: this.cellStart, wallStart: this.wallStart,
      movingWallStart: this.movingWallStart, bodyFields: this.bodyFields, cellFluid: this.cellFluid, lists: this.lists,
      prm: this.prm,
    });
    this.threads = this.pool.threads;
    this.bounds = new Int32Array(this.threads + 1);
    this.device = `CPU, ${this.threads} thread${this.threads === 1 ? '' : 's'}`;
    // Walls where they are at this time, with their velocities, for outputs before the first step.
    this.placeWalls(this.t);
    this.sort([]);
  }

  time(): number {
    return this.t;
  }

  steps(): number {
    return this.stepCount;
  }

  particleCount(): number {
    return this.count;
  }

  async advance(target: number, limits: AdvanceLimits): Promise<AdvanceReport> {
    const startMs = performance.now();
    let steps = 0;
    while (this.t < target && steps < limits.maxSteps) {
      steps += this.tc.dual ? this.dualStep(target) : this.rk4Step(target);
      if (performance.now() - startMs >= limits.maxWallMs) break;
    }
    return { time: this.t, steps, lastDt: this.lastDt, particles: this.count };
  }

  async snapshot(): Promise<EngineSnapshot> {
    const n = this.count;
    const f = this.store.f;
    const copy = (a: Float64Array) => a.slice(0, n);
    const shear = new Float64Array(n);
    shearRates(this.store, this.grid, this.cellStart, this.prm, n, this.sortedCount, shear);
    let thermal: Pick<EngineSnapshot, 'temp' | 'wdepth' | 'heatFlux'> = {};
    if (this.prm.heat !== null) {
      // Fluid: |k ∇T|; walls: the heat flux they pass into the fluid (physics/heat.ts).
      const heatFlux = new Float64Array(n);
      fluidHeatFluxes(this.store, this.grid, this.cellStart, this.prm, n, this.sortedCount, heatFlux);
      this.scalars.dt = 0;
      this.pool.run(Pass.heatWalls, 1, 0, this.scalars);
      for (let i = 0; i < this.wallCount; i++) heatFlux[i] = f.hflux[i];
      thermal = { temp: copy(f.temp), wdepth: copy(f.wdepth), heatFlux };
    }
    const ax = copy(f.ax), ay = copy(f.ay), az = copy(f.az);
    for (let i = 0; i < n; i++) {
      if (this.store.kind[i] !== ParticleKind.fluid) {
        ax[i] = 0;
        ay[i] = 0;
        az[i] = 0;
      }
    }
    return {
      time: this.t, step: this.stepCount, nextId: this.nextId, count: n,
      maxVel2: this.maxVel2, maxAccel2: this.maxAccel2, lastDt: this.lastDt,
      x: copy(f.x), y: copy(f.y), z: copy(f.z), vx: copy(f.vx), vy: copy(f.vy), vz: copy(f.vz),
      rho: copy(f.rho), p: copy(f.p), mass: copy(f.mass), nx: copy(f.nx), ny: copy(f.ny), nz: copy(f.nz), fs: copy(f.fs),
      kind: this.store.kind.slice(0, n), body: this.store.body.slice(0, n), id: this.store.id.slice(0, n),
      ax, ay, az, shearRate: shear, ...thermal,
    };
  }

  async dispose(): Promise<void> {
    await this.pool.close();
  }

  /** One RK4 step (four rate evaluations); returns 1. */
  private rk4Step(target: number): number {
    this.placeWalls(this.t);
    this.sort([]);
    this.boundaryStates();
    this.maxAccel2 = this.rates(RATE_PRESSURE | RATE_VISCOUS | RATE_SHIFT | RATE_BUILD_LIST);
    const { dt, reaches } = clampStep(this.t, rk4Step(this.prm, this.tc, this.maxVel2), target);
    this.stages(this.t, dt, RATE_PRESSURE | RATE_VISCOUS, Math.sqrt(this.maxVel2) * dt);
    this.finishStep(dt, reaches, target, 1);
    return 1;
  }

  /**
   * One advection step of the dual scheme: viscous forces and shifting once, then acoustic RK4 sub-steps
   * for pressure and density. Returns the number of sub-steps.
   */
  private dualStep(target: number): number {
    this.placeWalls(this.t);
    this.sort([]);
    this.boundaryStates();
    this.rates(RATE_VISCOUS | RATE_STORE_VISCOUS | RATE_SHIFT | RATE_BUILD_LIST);
    const acoustic = this.tc.dynamic
      ? acousticDt(this.prm, this.maxVel2, CFL_ACOUSTIC, CFL_VISCOUS)
      : this.tc.staticDt;
    const advection = wholeAcousticSteps(Math.min(advectionStep(this.prm, this.tc, this.maxVel2), MAX_ACOUSTIC_SUBSTEPS * acoustic), acoustic);
    const clamp = clampStep(this.t, advection, target);
    const m = acousticSubsteps(clamp.dt, acoustic);
    const dt = clamp.dt / m;
    const t0 = this.t;
    const shiftScale = Math.sqrt(this.maxVel2) * clamp.dt;
    for (let k = 0; k < m; k++) {
      if (k > 0) {
        this.placeWalls(t0 + k * dt);
        this.sort(DUAL_CARRIED);
        this.boundaryStates();
      }
      this.maxAccel2 = this.rates(RATE_PRESSURE | RATE_FROZEN_VISCOUS | (k > 0 ? RATE_BUILD_LIST : 0));
      this.stages(t0 + k * dt, dt, RATE_PRESSURE | RATE_FROZEN_VISCOUS, k === m - 1 ? shiftScale : -1);
    }
    this.finishStep(dt, clamp.reaches, target, m, t0 + clamp.dt);
    return m;
  }

  /**
   * Stage 0 update (rates already evaluated at t0) and stages 1..3, each evaluated with the walls placed
   * at its time; shiftScale < 0 leaves the shift for later.
   */
  private stages(t0: number, dt: number, rateFlags: number, shiftScale: number): void {
    const v = this.scalars;
    v.dt = dt;
    v.shiftScale = 0;
    v.listRadius2 = 0;
    this.pool.run(Pass.stage, 0, 0, v);
    for (let stage = 1; stage < 4; stage++) {
      this.placeWalls(t0 + STAGE_TIME[stage] * dt);
      this.boundaryStates();
      this.rates(rateFlags);
      const apply = stage === 3 && shiftScale >= 0;
      v.dt = dt;
      v.shiftScale = apply ? shiftScale : 0;
      v.listRadius2 = 0;
      const v2 = this.pool.run(Pass.stage, stage, apply ? 1 : 0, v);
      // The fluid's speed alone: it sets the shifting, which a fast paddle must not spread over still water
      // far from it (the walls' own displacement in a step stays within the list skin, see sort()).
      if (stage === 3) this.maxVel2 = v2;
    }
  }

  /**
   * Places the moving walls at time t (position, normal, velocity, acceleration) and sets the frame's
   * body force of that time.
   */
  private placeWalls(t: number): void {
    const plan = this.motion.plan;
    this.gravity.set(effectiveGravity(plan, t));
    if (this.wallCount === this.stillWalls) return;
    evaluateBodyFields(plan, t, this.bodyFields);
    this.wallVel2 = placeMovingWalls(this.store, this.stillWalls, this.wallCount, this.bodyFields, this.motion.reference);
  }

  private finishStep(dt: number, reaches: boolean, target: number, steps: number, newTime?: number): void {
    this.housekeeping();
    this.t = reaches ? target : (newTime ?? this.t + dt);
    this.stepCount += steps;
    this.lastDt = dt;
  }

  private rates(flags: number): number {
    this.evaluations++;
    const v = this.scalars;
    v.dt = 0;
    v.shiftScale = 0;
    v.listRadius2 = this.listR2;
    return this.pool.run(Pass.rates, flags, 0, v);
  }

  private boundaryStates(): void {
    const v = this.scalars;
    v.dt = 0;
    v.shiftScale = 0;
    v.listRadius2 = 0;
    if (this.prm.wallMode === WallMode.mirrored) this.pool.run(Pass.walls, 0, 0, v);
    if (this.prm.boundaries.length > 0) this.pool.run(Pass.buffers, 0, 0, v);
    if (this.heatSources) this.pool.run(Pass.heatWalls, 0, 0, v);
  }

  private sort(extra: readonly F64Field[]): void {
    const w = this.wallCount;
    if (this.movingWallStart !== null) {
      sortByCell(this.store, w, this.grid, this.movingWallStart, this.scratch, WALL_CARRIED, null, this.stillWalls);
    }
    this.count = sortByCell(this.store, this.count, this.grid, this.cellStart, this.scratch, extra, this.cellFluid, w);
    this.sortedCount = this.count;
    const fluid = rankFluid(this.store.kind, this.count, this.lists);
    if (fluid > this.lists.listCapacity) {
      this.lists = allocateNeighbourLists(this.store.capacity, Math.ceil(fluid * 1.25), this.shared);
      rankFluid(this.store.kind, this.count, this.lists);
      this.pool.rebind(this.store, this.lists);
    }
    // The skin covers the moving walls as well (the radius changes which pairs are listed, never a result).
    this.listR2 = listRadius2(this.prm, Math.max(this.maxVel2, this.wallVel2), CFL_ACOUSTIC);
    const threads = this.pool.threads;
    const b = this.bounds;
    this.pool.setBounds(BOUNDS_FLUID, balancedRanges(this.store.kind, this.count, threads, ParticleKind.fluid, w, b));
    const split = (from: number, to: number) => {
      for (let t = 0; t <= threads; t++) b[t] = from + Math.floor(((to - from) * t) / threads);
      return b;
    };
    this.pool.setBounds(BOUNDS_WALL, split(0, w));
    this.pool.setBounds(BOUNDS_ALL, split(w, this.count));
  }

  private housekeeping(): void {
    if (this.prm.boundaries.length === 0) return;
    for (;;) {
      const r = openBoundaryHousekeeping(this.store, this.count, this.prm, this.nextId);
      if (r.needCapacity === 0) {
        this.count = r.count;
        this.nextId = r.nextId;
        return;
      }
      this.grow(Math.ceil(r.needCapacity * 1.5) + 1024);
    }
  }

  private grow(capacity: number): void {
    const next = allocateParticles(capacity, this.shared);
    copyParticleState(this.store, next, this.count);
    next.cell.set(this.store.cell.subarray(0, this.count));
    this.store = next;
    this.scratch = createSortScratch(this.grid, capacity);
    this.lists = allocateNeighbourLists(capacity, capacity - this.wallCount, this.shared);
    this.pool.rebind(next, this.lists);
  }
}

/** Fresh engine state from initial particles (time 0). */
export function initialEngineState(parts: Omit<EngineState, 'time' | 'step' | 'nextId' | 'maxVel2' | 'maxAccel2' | 'id'>, gravity2: number): EngineState {
  const id = new Uint32Array(parts.count);
  for (let i = 0; i < parts.count; i++) id[i] = i;
  let maxVel2 = 0;
  for (let i = 0; i < parts.count; i++) {
    if (parts.kind[i] !== ParticleKind.fluid) continue;
    const v2 = parts.vx[i] ** 2 + parts.vy[i] ** 2 + parts.vz[i] ** 2;
    if (v2 > maxVel2) maxVel2 = v2;
  }
  return { ...parts, id, time: 0, step: 0, nextId: parts.count, maxVel2, maxAccel2: gravity2 };
}
