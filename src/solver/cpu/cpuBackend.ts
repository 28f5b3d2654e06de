// CPU backend: the δ-SPH step on struct-of-arrays memory, split over threads by index ranges. Results
// do not depend on the thread count: every pass gathers per particle and sorting is serial and stable.
// Moving walls are placed from their setup positions before every rate evaluation (physics/motion.ts).
import {
  ParticleKind, STATE_F64, allocateParticles, copyParticleState, type F64Field, type FloatField, type ParticleStore,
} from '../particles.ts';
import { balancedRanges, createSortScratch, sortByCell, type SortScratch } from '../grid.ts';
import { WallMode, type PhysicsParams } from '../params.ts';
import {
  RATE_BUILD_LIST, RATE_FROZEN_VISCOUS, RATE_PRESSURE, RATE_SHIFT, RATE_STORE_VISCOUS, RATE_VISCOUS,
} from '../physics/rates.ts';
import {
  allocateNeighbourLists, listRadius2, listBytesPerParticle, listRowsOf, listsOverflowed, type NeighbourLists,
} from '../physics/neighbourLists.ts';
import { openBoundaryHousekeeping } from '../physics/openBoundary.ts';
import { shearRates } from '../physics/shearRate.ts';
import { usesShearRateTable, usesViscosityTable } from '../physics/viscosity.ts';
import { STATE_ARRAY_KEYS, THERMAL_ARRAY_KEYS, acousticDt } from '../engine.ts';
import { ThermoKindCode, fluidHeatFluxes } from '../physics/heat.ts';
import {
  bodyMoves, effectiveGravity, evaluateBodyFields, placeMovingWalls, type CaseMotion,
} from '../physics/motion.ts';
import { BODY_FIELDS } from '../physics/bodyFieldLayout.ts';
import { CFL_ACOUSTIC, CFL_VISCOUS, MAX_ACOUSTIC_SUBSTEPS } from '../params.ts';
import { acousticSubsteps, advectionStep, clampStep, rk4Step, wholeAcousticSteps } from '../timeStep.ts';
import { periodicEngine } from '../periodic.ts';
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
const DUAL_CARRIED: readonly FloatField[] = ['fvx', 'fvy', 'fvz', 'sx', 'sy', 'sz', 'srho', 'svx', 'svy', 'svz', 'fsn'];
/** A moving wall's acceleration (kept in ax..az, set with its position) follows it through its sort. */
const WALL_CARRIED: readonly FloatField[] = ['ax', 'ay', 'az'];
/** Time of the rate evaluation of RK4 stage k, as a fraction of the step. */
const STAGE_TIME = [0, 0.5, 0.5, 1];
/**
 * Steps that the neighbour lists' skin is sized to last at the present speed where sorting may wait
 * (see lazySort): sorting and building the lists every step took a seventh of a step's time.
 */
const LIST_STEPS = 2;
/**
 * The neighbour lists' pool is sized for this many times the lists it must hold. A thread writes its lists
 * from the start of its region, so the rest of the pool is never touched and costs address space, not
 * resident memory. A pool that grows is a new buffer, and the old one stays resident until both threads'
 * collectors free it: a solver thread allocates next to nothing and may never collect. Twice the pool at
 * rest holds the lists of a flow up to |v| ≈ 0.1 c0 (a skin of 0.6 h: 1.7 times the bytes at rest); the
 * column impact at Δx = 0.02 m (2.9 m/s, c0 = 33.7 m/s) grew it three times without the reserve (130,
 * 163, 204, then 255 bytes per fluid particle).
 */
const LIST_RESERVE = 2;

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
  /**
   * The particles need not be re-sorted every step: only the rate pass looks for neighbours (through its
   * lists), no wall moves, and no particle is added, removed or changes kind (no open boundary, no
   * deletion). Otherwise a pass searches the cell lists, or indices change, and every step sorts.
   */
  private readonly lazySort: boolean;
  /** Bound of any particle's displacement since the last sort (sum of the steps' largest). */
  private moved = 0;
  /** The next rate evaluation rebuilds the neighbour lists (a sort happened since the last build). */
  private listsStale = true;
  /** State fields that the sorts of the walls and of the moving particles carry. */
  private readonly wallState: readonly F64Field[];
  private readonly movingState: readonly F64Field[];
  /** The last build ran out of its pool somewhere: the next sort grows it. */
  private listsFull = false;

  constructor(setup: EngineSetup, options: CpuBackendOptions) {
    const st = setup.state;
    // Periodic axes: the grid tiles each period and the parameters carry the periods (periodic.ts).
    const periodic = periodicEngine(setup.prm, setup.grid, setup.periodic);
    this.prm = periodic.prm;
    this.heatSources = this.prm.heat?.walls.some((w) => w.kind === ThermoKindCode.heatFlux || w.kind === ThermoKindCode.heatTransferCoefficient) ?? false;
    this.tc = setup.time;
    this.grid = periodic.grid;
    this.t = st.time;
    this.stepCount = st.step;
    this.nextId = st.nextId;
    this.maxVel2 = st.maxVel2;
    this.maxAccel2 = st.maxAccel2;
    this.count = st.count;
    const threads = options.spawnWorker === null ? 1 : Math.max(1, Math.floor(options.threads));
    this.shared = threads > 1;
    const extra = this.prm.boundaries.length > 0 ? Math.max(1024, Math.ceil(st.count * 0.25)) : 0;
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
      // Absent thermal fields stay as allocated (zero, and untouched: see wallState).
      for (const key of THERMAL_ARRAY_KEYS) if (st[key] !== undefined) f[key][k] = st[key][i];
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
    // The sorts carry the temperature only with heat transfer, and a wall's depth behind its surface only
    // for walls: the fluid's is zero and never read. Left out, their pages are never touched (16 bytes per
    // fluid particle, 8 per wall particle of resident memory).
    this.wallState = STATE_F64.filter((k) => k !== 'temp' || setup.prm.heat !== null);
    this.movingState = this.wallState.filter((k) => k !== 'wdepth');
    sortByCell(this.store, still, this.grid, this.wallStart, this.scratch, [], null, 0, this.wallState);
    this.stillWalls = still;
    this.wallCount = walls;
    this.lazySort = walls === still && this.prm.boundaries.length === 0 && this.prm.domainActive === 0 &&
      this.prm.wallMode === WallMode.riemann && !this.heatSources &&
      // The shear rate of a viscosity table walks the cells, which only hold every pair right after a sort.
      !usesShearRateTable(this.prm);
    const listBytes = listBytesPerParticle(listRadius2(this.prm, this.maxVel2, CFL_ACOUSTIC, this.lazySort ? LIST_STEPS : 1), this.prm.dx, listRowsOf(this.grid));
    this.lists = allocateNeighbourLists(this.store.capacity, walls, LIST_RESERVE * listBytes, this.shared);
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

  async snapshot(reuse?: EngineSnapshot): Promise<EngineSnapshot> {
    // The cell lists that the shear rates search must be those of the present positions.
    if (this.moved > 0) this.sort([]);
    const n = this.count;
    const f = this.store.f;
    // An array of `reuse` where it fits (zeroed, as a new one is), else a new one.
    const f64 = (old: Float64Array | undefined) => (old !== undefined && old.length === n ? old.fill(0) : new Float64Array(n));
    // Float64 copies, of the Float32 work fields too (the snapshot's arrays are Float64).
    const copy = (a: Float64Array | Float32Array, old: Float64Array | undefined) => {
      const out = f64(old);
      out.set(a.subarray(0, n));
      return out;
    };
    const shear = f64(reuse?.shearRate);
    shearRates(this.store, this.grid, this.cellStart, this.prm, n, this.sortedCount, shear);
    let thermal: Pick<EngineSnapshot, 'temp' | 'wdepth' | 'heatFlux'> = {};
    if (this.prm.heat !== null) {
      // Fluid: |k ∇T|; walls: the heat flux they pass into the fluid (physics/heat.ts).
      const heatFlux = f64(reuse?.heatFlux);
      fluidHeatFluxes(this.store, this.grid, this.cellStart, this.prm, n, this.sortedCount, heatFlux);
      this.scalars.dt = 0;
      this.pool.run(Pass.heatWalls, 1, 0, this.scalars);
      for (let i = 0; i < this.wallCount; i++) heatFlux[i] = f.hflux[i];
      thermal = { temp: copy(f.temp, reuse?.temp), wdepth: copy(f.wdepth, reuse?.wdepth), heatFlux };
    } else if (this.prm.surfaceTension !== null) {
      thermal = { wdepth: copy(f.wdepth, reuse?.wdepth) };
    }
    // Kinematic viscosity of the fluid in the state written (the table's ν of its shear rate or temperature).
    let kinematicViscosity: Float64Array;
    if (usesViscosityTable(this.prm)) {
      this.viscosities();
      kinematicViscosity = copy(f.visc, reuse?.kinematicViscosity);
    } else if (this.prm.phases !== null) {
      // Several fluids: each particle's phase's constant (walls: the largest, as with one fluid).
      const { bodyPhase, nu } = this.prm.phases;
      kinematicViscosity = f64(reuse?.kinematicViscosity);
      for (let i = 0; i < n; i++) kinematicViscosity[i] = nu[bodyPhase[this.store.body[i]]] ?? this.prm.nu;
    } else {
      kinematicViscosity = f64(reuse?.kinematicViscosity).fill(this.prm.nu);
    }
    const ax = copy(f.ax, reuse?.ax), ay = copy(f.ay, reuse?.ay), az = copy(f.az, reuse?.az);
    for (let i = 0; i < n; i++) {
      if (this.store.kind[i] !== ParticleKind.fluid) {
        ax[i] = 0;
        ay[i] = 0;
        az[i] = 0;
      }
    }
    const ints = <T extends Uint8Array | Uint16Array | Uint32Array>(a: T, old: T | undefined): T => {
      if (old === undefined || old.length !== n || old.constructor !== a.constructor) return a.slice(0, n) as T;
      old.set(a.subarray(0, n));
      return old;
    };
    return {
      time: this.t, step: this.stepCount, nextId: this.nextId, count: n,
      maxVel2: this.maxVel2, maxAccel2: this.maxAccel2, lastDt: this.lastDt,
      x: copy(f.x, reuse?.x), y: copy(f.y, reuse?.y), z: copy(f.z, reuse?.z),
      vx: copy(f.vx, reuse?.vx), vy: copy(f.vy, reuse?.vy), vz: copy(f.vz, reuse?.vz),
      rho: copy(f.rho, reuse?.rho), p: copy(f.p, reuse?.p), mass: copy(f.mass, reuse?.mass),
      nx: copy(f.nx, reuse?.nx), ny: copy(f.ny, reuse?.ny), nz: copy(f.nz, reuse?.nz), fs: copy(f.fs, reuse?.fs),
      kind: ints(this.store.kind, reuse?.kind), body: ints(this.store.body, reuse?.body), id: ints(this.store.id, reuse?.id),
      ax, ay, az, shearRate: shear, kinematicViscosity, ...thermal,
    };
  }

  async dispose(): Promise<void> {
    await this.pool.close();
  }

  /** One RK4 step (four rate evaluations); returns 1. */
  private rk4Step(target: number): number {
    this.placeWalls(this.t);
    const { dt, reaches } = clampStep(this.t, rk4Step(this.prm, this.tc, this.maxVel2), target);
    this.sortUnlessCovered([], dt);
    this.boundaryStates();
    this.viscosities();
    this.maxAccel2 = this.rates(RATE_PRESSURE | RATE_VISCOUS | RATE_SHIFT);
    this.stages(this.t, dt, RATE_PRESSURE | RATE_VISCOUS, Math.sqrt(this.maxVel2) * dt);
    this.addDisplacement();
    this.finishStep(dt, reaches, target, 1);
    return 1;
  }

  /**
   * One advection step of the dual scheme: viscous forces and shifting once, then acoustic RK4 sub-steps
   * for pressure and density. Returns the number of sub-steps.
   */
  private dualStep(target: number): number {
    this.placeWalls(this.t);
    const acoustic = this.tc.dynamic
      ? acousticDt(this.prm, this.maxVel2, CFL_ACOUSTIC, CFL_VISCOUS)
      : this.tc.staticDt;
    this.sortUnlessCovered([], acoustic);
    this.boundaryStates();
    this.viscosities();
    this.rates(RATE_VISCOUS | RATE_STORE_VISCOUS | RATE_SHIFT);
    const advection = wholeAcousticSteps(Math.min(advectionStep(this.prm, this.tc, this.maxVel2), MAX_ACOUSTIC_SUBSTEPS * acoustic), acoustic);
    const clamp = clampStep(this.t, advection, target);
    const m = acousticSubsteps(clamp.dt, acoustic);
    const dt = clamp.dt / m;
    const t0 = this.t;
    const shiftScale = Math.sqrt(this.maxVel2) * clamp.dt;
    for (let k = 0; k < m; k++) {
      if (k > 0) {
        this.placeWalls(t0 + k * dt);
        this.sortUnlessCovered(DUAL_CARRIED, dt);
        this.boundaryStates();
      }
      this.maxAccel2 = this.rates(RATE_PRESSURE | RATE_FROZEN_VISCOUS);
      this.stages(t0 + k * dt, dt, RATE_PRESSURE | RATE_FROZEN_VISCOUS, k === m - 1 ? shiftScale : -1);
      this.addDisplacement();
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

  /** A rate evaluation; the first after a sort rebuilds the neighbour lists. */
  private rates(flags: number): number {
    this.evaluations++;
    const v = this.scalars;
    v.dt = 0;
    v.shiftScale = 0;
    v.listRadius2 = this.listR2;
    const build = this.listsStale ? RATE_BUILD_LIST : 0;
    this.listsStale = false;
    let maxAccel2: number;
    if (this.prm.surfaceTension !== null) {
      // The normals pass builds the neighbour lists when they are due, then the rates only read them.
      this.pool.run(Pass.normals, build, 0, v);
      this.pool.run(Pass.normals, 0, 1, v);
      maxAccel2 = this.pool.run(Pass.rates, flags, 0, v);
    } else {
      maxAccel2 = this.pool.run(Pass.rates, flags | build, 0, v);
    }
    if (build !== 0) {
      this.listsFull = listsOverflowed(this.store.kind, this.wallCount, this.count, this.lists);
      if (!this.listsFull) this.balanceByLists();
    }
    return maxAccel2;
  }

  /**
   * Splits the fluid over the threads by the length of its neighbour lists, the work of a rate pass,
   * rather than by count: fluid by the walls has more neighbours. Only while no list went to a thread's
   * overflow map (it must stay with that thread). Results do not depend on the split.
   */
  private balanceByLists(): void {
    const threads = this.pool.threads;
    if (threads === 1) return;
    const count = this.lists.count;
    const kind = this.store.kind;
    const from = this.wallCount, to = this.count;
    // Per particle: its list entries plus a fixed share for the particle's own work.
    const own = 8;
    let total = 0;
    for (let i = from; i < to; i++) {
      if (kind[i] !== ParticleKind.fluid) continue;
      const c = count[i];
      if (c < 0) return;
      total += (c & 0xffff) + own;
    }
    const b = this.bounds;
    b[0] = from;
    let seen = 0, part = 1;
    for (let i = from; i < to && part < threads; i++) {
      if (kind[i] !== ParticleKind.fluid) continue;
      seen += (count[i] & 0xffff) + own;
      while (part < threads && seen >= (total * part) / threads) b[part++] = i + 1;
    }
    for (; part <= threads; part++) b[part] = to;
    this.pool.setBounds(BOUNDS_FLUID, b);
  }

  /**
   * Sorts (and so rebuilds the lists) unless the lists still hold every pair that comes within 2h during
   * the next step of length dt: a pair listed at distance up to 2h + skin has closed in by at most twice
   * the largest displacement since the sort, plus twice the next step's, (|v|max + |a|max Δt) Δt.
   */
  private sortUnlessCovered(extra: readonly FloatField[], dt: number): void {
    if (this.lazySort && !this.listsStale) {
      const skin = Math.sqrt(this.listR2) - 2 * this.prm.h;
      const next = (Math.sqrt(this.maxVel2) + Math.sqrt(this.maxAccel2) * dt) * dt;
      if (2 * (this.moved + next) < skin) return;
    }
    this.sort(extra);
  }

  /** Adds the step's largest particle displacement to the bound since the last sort. */
  private addDisplacement(): void {
    if (!this.lazySort) return;
    const v = this.scalars;
    v.dt = 0;
    v.shiftScale = 0;
    v.listRadius2 = 0;
    this.moved += Math.sqrt(this.pool.run(Pass.displacement, 0, 0, v));
  }

  /** ν of every fluid particle from the viscosity table, for the step that starts (none: constant ν). */
  private viscosities(): void {
    if (!usesViscosityTable(this.prm)) return;
    const v = this.scalars;
    v.dt = 0;
    v.shiftScale = 0;
    v.listRadius2 = 0;
    this.pool.run(Pass.viscosity, 0, 0, v);
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

  private sort(extra: readonly FloatField[]): void {
    const w = this.wallCount;
    if (this.movingWallStart !== null) {
      sortByCell(this.store, w, this.grid, this.movingWallStart, this.scratch, WALL_CARRIED, null, this.stillWalls, this.wallState);
    }
    this.count = sortByCell(this.store, this.count, this.grid, this.cellStart, this.scratch, extra, this.cellFluid, w, this.movingState);
    this.sortedCount = this.count;
    this.moved = 0;
    this.listsStale = true;
    // The skin covers the moving walls as well (the radius changes which pairs are listed, never a result).
    this.listR2 = listRadius2(this.prm, Math.max(this.maxVel2, this.wallVel2), CFL_ACOUSTIC, this.lazySort ? LIST_STEPS : 1);
    this.fitListPool();
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

  /**
   * Grows the lists' pool before a build when the radius needs more entries per particle than it holds,
   * or when the last build ran out: to the reserve over what is needed, and by a quarter at least, so
   * that a flow gathering speed reallocates a few times only. It never shrinks (a slower flow leaves part
   * of each region untouched).
   */
  private fitListPool(): void {
    const old = this.lists.bytesPer;
    const needed = listBytesPerParticle(this.listR2, this.prm.dx, listRowsOf(this.grid));
    if (needed <= old && !this.listsFull) return;
    const bytes = Math.max(LIST_RESERVE * needed, Math.ceil(old * 1.25));
    this.lists = allocateNeighbourLists(this.store.capacity, this.wallCount, bytes, this.shared);
    this.listsFull = false;
    this.pool.rebind(this.store, this.lists);
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
    this.lists = allocateNeighbourLists(capacity, this.wallCount, this.lists.bytesPer, this.shared);
    this.pool.rebind(next, this.lists);
    this.listsStale = true;
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
