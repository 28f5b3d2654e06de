// GPU backend: the same δ-SPH step as the CPU backend as WGSL compute kernels (shaders/sph/) on any
// WebGPU device: Dawn in Node, navigator.gpu in the browser. Neighbour search by counting sort with a
// GPU prefix sum; time-step control stays on the GPU, the host reads the global state once per batch.
// Since the time lives on the GPU, so does the motion: the bodies' poses are evaluated there from a table
// of their movements before every rate evaluation, and the walls placed from their setup positions.
import { periodicEngine } from '../periodic.ts';
import { ParticleKind, allocateParticles } from '../particles.ts';
import { createSortScratch, sortByCell, type GridSpec } from '../grid.ts';
import {
  CFL_ACOUSTIC, CFL_ADVECTION, CFL_VISCOUS, MAX_ACOUSTIC_SUBSTEPS, type PhysicsParams,
} from '../params.ts';
import {
  RATE_FROZEN_VISCOUS, RATE_PRESSURE, RATE_SHIFT, RATE_STORE_VISCOUS, RATE_VISCOUS,
} from '../physics/rates.ts';
import { shearRates } from '../physics/shearRate.ts';
import { usesViscosityTable } from '../physics/viscosity.ts';
import type {
  AdvanceLimits, AdvanceReport, EngineSetup, EngineSnapshot, EngineState, SolverBackend, TimeControl,
} from '../engine.ts';
import { SPH_SHADER_FILES, declaredBindings, entryPoints, type ShaderSources, type SphShaderFile } from './shaderSource.ts';
import {
  BODY_ROWS, FEATURE, G, GLOBAL_SLOTS, HEAT_ROWS, MAX_HEAT_BODIES, MAX_PHASES, MAX_UNIFORM_BODIES, MAX_VISCOSITY_ROWS, PARAMS_BYTES,
  CELL_COUNTS, PARTICLE_BUFFERS, PERMUTED, PHASE_ROWS, SLOT_STRIDE, SORT_SCRATCH, particleBuffers, round16, sortGrid,
} from './gpuLayout.ts';
import {
  boundaryTables, contactTable, heatTable, motionTable, phaseTable, referenceTable, viscosityRows, viscosityTables,
} from './gpuTables.ts';
import { planMoves, type CaseMotion } from '../physics/motion.ts';
import { ThermoKindCode, fluidHeatFluxes, thermalDt, wallHeatSums } from '../physics/heat.ts';

export interface GpuBackendOptions {
  device: GPUDevice;
  shaders: ShaderSources;
  /** Adapter description for logs and reports. */
  deviceName: string;
  /** Most invocations per dispatch; larger dispatches are split (SwiftShader aborts on very large ones). */
  maxInvocationsPerDispatch?: number;
  /**
   * The cells the kernels sort into: 'auto' (default) half cells where sortGrid allows them, 'whole' the
   * host grid's (a benchmark's baseline, a test's reference).
   */
  cells?: 'auto' | 'whole';
  /**
   * 'case' (default): the kernels built for the case's features and, for the rate evaluation, each set of
   * flags the scheme dispatches; 'generic': one build of each that branches on the parameters (a
   * benchmark's baseline, a test's reference).
   */
  pipelines?: 'case' | 'generic';
}

interface Kernel {
  pipeline: GPUComputePipeline;
  file: SphShaderFile;
}

const f32 = Math.fround;

/** The sets of rate flags a step dispatches fluidRates with (encodeStep), by scheme. */
export function rateFlagSets(dual: boolean): number[] {
  return dual
    ? [RATE_VISCOUS | RATE_STORE_VISCOUS | RATE_SHIFT, RATE_PRESSURE | RATE_FROZEN_VISCOUS]
    : [RATE_PRESSURE | RATE_VISCOUS | RATE_SHIFT, RATE_PRESSURE | RATE_VISCOUS];
}

/** CASE_FEATURES of the generic kernels: every feature, each switched by its parameter. */
const ALL_FEATURES = 0xffffffff;

/** Params.viscKind (shaders/sph/common.wgsl): with several fluids 1 where any has a table, each one's kind in the phase table. */
function viscosityKind(p: PhysicsParams, tableViscosity: boolean): number {
  return p.phases !== null ? (tableViscosity ? 1 : 0) : p.viscosity?.kind ?? 0;
}

/**
 * The features of a case (CASE_FEATURES, shaders/sph/common.wgsl), each bit set exactly where its
 * parameter (writeParams) switches the feature on: the kernels are built without the others' code.
 */
function caseFeatures(p: PhysicsParams, cells: GridSpec, wallsMove: boolean, timeGravity: boolean, viscKind: number): number {
  const on: [boolean, number][] = [
    [(p.phases?.rho0.length ?? 0) > 1, FEATURE.multiphase], [p.heat !== null, FEATURE.heat],
    [p.surfaceTension !== null, FEATURE.surfaceTension], [p.rotating !== 0, FEATURE.rotating], [wallsMove, FEATURE.wallsMove],
    [viscKind !== 0, FEATURE.viscosityTable], [(cells.wrap ?? 0) !== 0, FEATURE.periodic], [timeGravity, FEATURE.timeGravity],
  ];
  return on.reduce((bits, [yes, bit]) => (yes ? bits | bit : bits), 0);
}

export class GpuBackend implements SolverBackend {
  readonly kind = 'gpu' as const;
  readonly threads = 1;
  readonly device: string;
  /** GPU memory of all buffers per particle. */
  get bytesPerParticle(): number {
    let bytes = 0;
    // The bin counts may share the sort's scratch (allocate): each buffer once.
    for (const b of new Set(this.buffers.values())) bytes += b.size;
    return Math.round(bytes / Math.max(1, this.count));
  }
  private readonly dev: GPUDevice;
  private readonly prm: PhysicsParams;
  /** The host's grid (the CPU passes of the upload). */
  private readonly grid: GridSpec;
  /** The cells the kernels sort into and walk, and how many on either side they walk (sortGrid). */
  private readonly cells: GridSpec;
  readonly reach: number;
  /** The bins' counts when the sort's scratch is too small to hold them (allocate). */
  private ownCounts: GPUBuffer | null = null;
  private readonly tc: TimeControl;
  private readonly maxInvocations: number;
  private capacity = 0;
  private chunkSize = 0;
  private nChunks = 0;
  private count: number;
  private t: number;
  private stepCount: number;
  private lastDt = 0;
  private reached = false;
  private batch = 4;
  private readonly spawnMargin: number;
  private readonly buffers = new Map<number, GPUBuffer>();
  private readonly kernels = new Map<string, Kernel>();
  private readonly layouts = new Map<SphShaderFile, GPUBindGroupLayout>();
  private readonly groups = new Map<SphShaderFile, GPUBindGroup>();
  private readonly dispatchLayout: GPUBindGroupLayout;
  private dispatchBuffer: GPUBuffer | null = null;
  private dispatchGroup: GPUBindGroup | null = null;
  private readonly slots = new Map<string, number>();
  private slotData = new Uint32Array(0);
  private slotsDirty = true;
  private readonly globalsRead: GPUBuffer;
  private readonly nBlocks: number;
  private lost: string | null = null;
  private readonly sources: ShaderSources;
  private readonly motion: CaseMotion;
  /** Some wall moves or carries a surface velocity: the walls are placed before every evaluation. */
  private readonly wallsMove: boolean;
  /** The acceleration file makes gravity a function of time, evaluated on the GPU. */
  private readonly timeGravity: boolean;
  /** Some wall is a heat-flux or heat-transfer-coefficient wall: its kernel sums precede every rate evaluation. */
  private readonly heatSources: boolean;
  /** Some fluid takes ν from a table: each fluid particle's ν of the step is evaluated before the rates. */
  private readonly tableViscosity: boolean;

  constructor(setup: EngineSetup, options: GpuBackendOptions) {
    this.dev = options.device;
    this.sources = options.shaders;
    this.device = options.deviceName;
    // Periodic axes: the grid tiles each period and the parameters carry the periods (periodic.ts).
    const periodic = periodicEngine(setup.prm, setup.grid, setup.periodic);
    this.prm = periodic.prm;
    this.grid = periodic.grid;
    const sorted = options.cells === 'whole' ? { grid: this.grid, reach: 1 } : sortGrid(this.grid, setup.state.count);
    this.cells = sorted.grid;
    this.reach = sorted.reach;
    this.tc = setup.time;
    this.motion = setup.motion;
    this.wallsMove = planMoves(setup.motion.plan);
    if (this.wallsMove && setup.motion.plan.bodies.length > MAX_UNIFORM_BODIES) {
      throw new Error(`the WebGPU backend moves walls in setups of at most ${MAX_UNIFORM_BODIES} parts`);
    }
    this.timeGravity = setup.motion.plan.acceleration !== null;
    this.tableViscosity = usesViscosityTable(this.prm);
    if (viscosityTables(this.prm).reduce((n, t) => n + (t?.x.length ?? 0), 0) > MAX_VISCOSITY_ROWS) {
      throw new Error(`the WebGPU backend takes viscosity tables of at most ${MAX_VISCOSITY_ROWS} rows (all fluids' together)`);
    }
    const hp = this.prm.heat;
    if (hp !== null && hp.walls.length > MAX_HEAT_BODIES) {
      throw new Error(`the WebGPU backend runs heat transfer in setups of at most ${MAX_HEAT_BODIES} parts`);
    }
    const phases = setup.prm.phases;
    if (phases !== null) {
      if (phases.rho0.length > MAX_PHASES) throw new Error(`the WebGPU backend runs at most ${MAX_PHASES} fluids`);
      // The conduction constants go into the phase table's pair rows by the phases' order (physics/heat.ts).
      if (hp !== null && hp.phases.length !== phases.rho0.length) throw new Error('heat transfer needs the thermal constants of every fluid');
    }
    this.heatSources = hp?.walls.some((w) => w.kind === ThermoKindCode.heatFlux || w.kind === ThermoKindCode.heatTransferCoefficient) ?? false;
    this.maxInvocations = Math.max(256, Math.floor((options.maxInvocationsPerDispatch ?? 65535 * 64) / 256) * 256);
    const st = setup.state;
    this.count = st.count;
    this.t = st.time;
    this.stepCount = st.step;
    let buffers = 0;
    for (let i = 0; i < st.count; i++) if (st.kind[i] === ParticleKind.buffer) buffers++;
    this.spawnMargin = buffers > 0 ? Math.max(1024, 2 * buffers) : 0;
    this.nBlocks = Math.ceil(this.bins() / 1024);
    void this.dev.lost.then((info) => {
      this.lost = info.message || 'device lost';
    });
    this.dispatchLayout = this.dev.createBindGroupLayout({
      entries: [{ binding: 0, visibility: GPUShaderStage.COMPUTE, buffer: { type: 'uniform', hasDynamicOffset: true } }],
    });
    const generic = options.pipelines === 'generic';
    const features = generic ? ALL_FEATURES : caseFeatures(this.prm, this.cells, this.wallsMove, this.timeGravity, viscosityKind(this.prm, this.tableViscosity));
    for (const file of SPH_SHADER_FILES) {
      const source = options.shaders[file];
      const module = this.dev.createShaderModule({ code: source, label: file });
      const layout = this.dev.createBindGroupLayout({
        label: file,
        entries: declaredBindings(source).map((b) => ({
          binding: b.binding, visibility: GPUShaderStage.COMPUTE, buffer: { type: b.kind },
        })),
      });
      this.layouts.set(file, layout);
      const pipelineLayout = this.dev.createPipelineLayout({ bindGroupLayouts: [layout, this.dispatchLayout] });
      const pipeline = (entry: string, constants: Record<string, number>) =>
        this.dev.createComputePipeline({ label: entry, layout: pipelineLayout, compute: { module, entryPoint: entry, constants } });
      for (const entry of entryPoints(source)) {
        this.kernels.set(entry, { file, pipeline: pipeline(entry, { CASE_FEATURES: features }) });
        // The rate evaluation once more for each set of flags the scheme dispatches, those flags built in.
        if (entry !== 'fluidRates' || generic) continue;
        for (const flags of rateFlagSets(this.tc.dual)) {
          this.kernels.set(`${entry}@${flags}`, { file, pipeline: pipeline(entry, { CASE_FEATURES: features, FIXED_FLAGS: flags }) });
        }
      }
    }
    this.globalsRead = this.dev.createBuffer({ size: GLOBAL_SLOTS * 4, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
    this.createStaticBuffers();
    this.allocate(st.count + this.spawnMargin);
    this.upload(st);
    // Walls where they are at this time, with their velocities, for outputs before the first step.
    if (this.motionOn()) {
      const enc = this.dev.createCommandEncoder();
      const pass = enc.beginComputePass();
      this.placeWalls(pass, 0);
      pass.end();
      this.dev.queue.submit([enc.finish()]);
    }
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
    this.checkLost();
    const start = performance.now();
    const steps0 = this.stepCount;
    if (this.t >= target) return { time: this.t, steps: 0, lastDt: this.lastDt, particles: this.count };
    this.setTarget(target);
    while (!this.reached) {
      let n = this.batch;
      if (this.lastDt > 0) n = Math.max(1, Math.min(n, Math.ceil((target - this.t) / this.lastDt) + 1));
      n = Math.min(n, Math.max(1, limits.maxSteps - (this.stepCount - steps0)));
      const t0 = performance.now();
      this.encodeSteps(n);
      await this.readGlobals(target);
      const ms = (performance.now() - t0) / n;
      this.batch = Math.max(1, Math.min(256, Math.round(100 / Math.max(ms, 0.01))));
      if (this.count + this.spawnMargin > this.capacity) this.grow(Math.ceil((this.count + this.spawnMargin) * 1.5));
      if (performance.now() - start >= limits.maxWallMs || this.stepCount - steps0 >= limits.maxSteps) break;
    }
    return { time: this.t, steps: this.stepCount - steps0, lastDt: this.lastDt, particles: this.count };
  }

  /**
   * Where a step's GPU time goes, for the benchmark: a whole step, the counting sort, the wall states,
   * one rate evaluation and one RK4 stage update, each encoded `repeats` times into a command buffer of
   * its own and timed from its submission to its completion (ms per repeat). The parts after the step
   * change the particles (stage updates without their rates), so a backend profiled is disposed of, not
   * run on.
   */
  async profile(repeats: number): Promise<Record<'step' | 'sort' | 'wallStates' | 'rates' | 'stageUpdate', number>> {
    this.checkLost();
    const cap = this.capacity;
    const rateFlags = this.tc.dual ? RATE_PRESSURE | RATE_FROZEN_VISCOUS : RATE_PRESSURE | RATE_VISCOUS;
    const time = async (encode: (enc: GPUCommandEncoder) => void): Promise<number> => {
      const enc = this.dev.createCommandEncoder();
      for (let r = 0; r < repeats; r++) encode(enc);
      const commands = enc.finish();
      await this.dev.queue.onSubmittedWorkDone();
      const t0 = performance.now();
      this.dev.queue.submit([commands]);
      await this.dev.queue.onSubmittedWorkDone();
      return (performance.now() - t0) / repeats;
    };
    const inPass = (encode: (pass: GPUComputePassEncoder) => void) => (enc: GPUCommandEncoder) => {
      const pass = enc.beginComputePass();
      encode(pass);
      pass.end();
    };
    return {
      step: await time((enc) => this.encodeStep(enc)),
      sort: await time((enc) => this.encodeSort(enc)),
      wallStates: await time(inPass((pass) => this.boundaryStates(pass))),
      rates: await time(inPass((pass) => this.overRange(pass, 'fluidRates', cap, rateFlags))),
      stageUpdate: await time(inPass((pass) => this.overRange(pass, 'stageUpdate', cap, 0, 1, 0))),
    };
  }

  async snapshot(): Promise<EngineSnapshot> {
    this.checkLost();
    const n = this.count;
    const read = async (binding: number, bytesPer: number) => {
      const size = Math.max(4, n * bytesPer);
      const staging = this.dev.createBuffer({ size, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
      const enc = this.dev.createCommandEncoder();
      enc.copyBufferToBuffer(this.buf(binding), 0, staging, 0, size);
      this.dev.queue.submit([enc.finish()]);
      await staging.mapAsync(GPUMapMode.READ);
      const copy = staging.getMappedRange().slice(0);
      staging.unmap();
      staging.destroy();
      return copy;
    };
    if (this.tableViscosity) {
      // ν of the state written: the particles sorted as at the start of a step, then the table's ν of
      // their shear rate into nrm.x (the next step sorts again, so this changes no result).
      const enc = this.dev.createCommandEncoder();
      this.encodeSort(enc);
      const pass = enc.beginComputePass();
      this.single(pass, 'finishSort');
      this.placeWalls(pass, 0);
      this.boundaryStates(pass);
      this.overRange(pass, 'particleViscosity', this.capacity);
      pass.end();
      this.dev.queue.submit([enc.finish()]);
    }
    const pos = new Float32Array(await read(1, 16));
    const vel = new Float32Array(await read(2, 16));
    const aux = new Float32Array(await read(3, 16));
    const nrm = new Float32Array(await read(4, 16));
    const meta = new Uint32Array(await read(5, 8));
    const rates = new Float32Array(await read(7, 16));
    // Outputs want the shear rate, which the step does not need: computed here on the host.
    const store = allocateParticles(n, false);
    const f = store.f;
    const heatOn = this.prm.heat !== null;
    const tableViscosity = this.tableViscosity;
    const phases = this.prm.phases;
    for (let i = 0; i < n; i++) {
      f.x[i] = pos[4 * i]; f.y[i] = pos[4 * i + 1]; f.z[i] = pos[4 * i + 2];
      store.kind[i] = Math.round(pos[4 * i + 3]);
      f.vx[i] = vel[4 * i]; f.vy[i] = vel[4 * i + 1]; f.vz[i] = vel[4 * i + 2]; f.rho[i] = vel[4 * i + 3];
      f.p[i] = aux[4 * i]; f.mass[i] = aux[4 * i + 1]; f.fs[i] = aux[4 * i + 2];
      // A fluid particle's ν of the step with a viscosity table is in nrm.x (shaders/sph/common.wgsl);
      // without one, several fluids write each particle's phase's constant, as the CPU does (walls the largest).
      if (tableViscosity && Math.round(pos[4 * i + 3]) === ParticleKind.fluid) f.visc[i] = nrm[4 * i];
      else f.visc[i] = phases === null || tableViscosity ? this.prm.nu : phases.nu[phases.bodyPhase[meta[2 * i + 1]]] ?? this.prm.nu;
      if (heatOn) f.temp[i] = aux[4 * i + 3];
      if (heatOn || this.prm.surfaceTension !== null) {
        if (Math.round(pos[4 * i + 3]) === ParticleKind.wall) {
          f.wdepth[i] = f.fs[i];
          f.fs[i] = 0;
        } else {
          f.wdepth[i] = 0;
        }
      }
      f.nx[i] = nrm[4 * i]; f.ny[i] = nrm[4 * i + 1]; f.nz[i] = nrm[4 * i + 2];
      // With surface tension a fluid particle carries its interface normal in nrm: not a state.
      if (pos[4 * i + 3] === ParticleKind.fluid) f.nx[i] = f.ny[i] = f.nz[i] = 0;
      store.id[i] = meta[2 * i]; store.body[i] = meta[2 * i + 1];
      const fluid = store.kind[i] === ParticleKind.fluid;
      f.ax[i] = fluid ? rates[4 * i] : 0; f.ay[i] = fluid ? rates[4 * i + 1] : 0; f.az[i] = fluid ? rates[4 * i + 2] : 0;
    }
    const cellStart = new Int32Array(this.grid.nCells + 1);
    const cellFluid = new Uint8Array(this.grid.nCells + 1);
    const live = sortByCell(store, n, this.grid, cellStart, createSortScratch(this.grid, n), ['ax', 'ay', 'az', 'visc'], cellFluid);
    const shear = new Float64Array(live);
    shearRates(store, this.grid, cellStart, this.prm, live, live, shear);
    const g = await this.readGlobalsRaw();
    const copy = (a: Float64Array | Float32Array) => Float64Array.from(a.subarray(0, live));
    let thermal: Pick<EngineSnapshot, 'temp' | 'wdepth' | 'heatFlux'> = {};
    if (heatOn) {
      // Heat flux as the CPU backend outputs it, on the host (physics/heat.ts): fluid |k ∇T|, walls the
      // flux they pass into the fluid.
      const heatFlux = new Float64Array(live);
      fluidHeatFluxes(store, this.grid, cellStart, this.prm, live, live, heatFlux);
      wallHeatSums(store, this.grid, cellStart, cellFluid, this.prm, 0, live, true);
      for (let i = 0; i < live; i++) if (store.kind[i] === ParticleKind.wall) heatFlux[i] = f.hflux[i];
      thermal = { temp: copy(f.temp), wdepth: copy(f.wdepth), heatFlux };
    }
    return {
      time: this.t, step: this.stepCount, nextId: g.u[G.nextId], count: live,
      maxVel2: g.f[G.prevV2], maxAccel2: g.f[G.prevA2], lastDt: this.lastDt,
      x: copy(f.x), y: copy(f.y), z: copy(f.z), vx: copy(f.vx), vy: copy(f.vy), vz: copy(f.vz), rho: copy(f.rho),
      p: copy(f.p), mass: copy(f.mass), nx: copy(f.nx), ny: copy(f.ny), nz: copy(f.nz), fs: copy(f.fs),
      kind: store.kind.slice(0, live), body: store.body.slice(0, live), id: store.id.slice(0, live),
      ax: copy(f.ax), ay: copy(f.ay), az: copy(f.az), shearRate: shear, kinematicViscosity: copy(f.visc), ...thermal,
      // The walls' depths travel with a checkpoint, for the contact angle of a resumed run.
      ...(this.prm.surfaceTension !== null ? { wdepth: copy(f.wdepth) } : {}),
    };
  }

  async dispose(): Promise<void> {
    await this.dev.queue.onSubmittedWorkDone();
    for (const b of this.buffers.values()) b.destroy();
    this.dispatchBuffer?.destroy();
    this.globalsRead.destroy();
  }

  private checkLost(): void {
    if (this.lost !== null) throw new Error(`the GPU device was lost: ${this.lost}`);
  }

  private buf(binding: number): GPUBuffer {
    const b = this.buffers.get(binding);
    if (b === undefined) throw new Error(`GPU buffer ${binding} missing`);
    return b;
  }

  private createBuffer(binding: number, size: number, extraUsage = 0): void {
    this.buffers.get(binding)?.destroy();
    this.buffers.set(binding, this.dev.createBuffer({
      label: `sph-${binding}`, size: Math.max(16, Math.ceil(size / 16) * 16),
      usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST | extraUsage,
    }));
  }

  /** Sort bins: moving particles per cell, walls per cell, dead particles (shaders/sph/sort.wgsl). */
  private bins(): number {
    return 2 * this.cells.nCells + 1;
  }

  /** Buffers whose size does not depend on the particle capacity. */
  private createStaticBuffers(): void {
    const cells = this.bins();
    this.createBuffer(9, cells * 4);
    this.createBuffer(12, (this.nBlocks + 1) * 4);
    this.createBuffer(13, GLOBAL_SLOTS * 4);
    const { boundaries, polygons } = boundaryTables(this.prm);
    this.createBuffer(15, boundaries.byteLength);
    this.dev.queue.writeBuffer(this.buf(15), 0, boundaries);
    this.createBuffer(16, polygons.byteLength);
    this.dev.queue.writeBuffer(this.buf(16), 0, polygons);
    const params = this.dev.createBuffer({ label: 'sph-params', size: PARAMS_BYTES, usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST });
    this.buffers.set(0, params);
    const table = motionTable(this.motion.plan);
    this.createBuffer(24, table.byteLength);
    this.dev.queue.writeBuffer(this.buf(24), 0, table);
    this.createBuffer(25, Math.max(1, this.motion.plan.bodies.length) * BODY_ROWS * 16);
    this.createBuffer(27, MAX_UNIFORM_BODIES * 3 * 16, GPUBufferUsage.UNIFORM);
    this.createBuffer(28, HEAT_ROWS * 16, GPUBufferUsage.UNIFORM);
    const heat = heatTable(this.prm);
    if (heat !== null) this.dev.queue.writeBuffer(this.buf(28), 0, heat);
    if (this.tableViscosity) this.dev.queue.writeBuffer(this.buf(28), (HEAT_ROWS - MAX_VISCOSITY_ROWS) * 16, viscosityRows(this.prm));
    this.createBuffer(29, PHASE_ROWS * 16, GPUBufferUsage.UNIFORM);
    if (this.prm.phases !== null) this.dev.queue.writeBuffer(this.buf(29), 0, phaseTable(this.prm));
    const refData = referenceTable(this.motion.reference);
    this.createBuffer(26, refData.byteLength);
    this.dev.queue.writeBuffer(this.buf(26), 0, refData);
    const contact = contactTable(this.prm);
    this.createBuffer(30, contact.byteLength);
    this.dev.queue.writeBuffer(this.buf(30), 0, contact);
  }

  private motionOn(): boolean {
    return this.wallsMove || this.timeGravity;
  }

  /** (Re)creates the per-particle buffers for `capacity` particles, keeping the first `count` when growing. */
  private allocate(capacity: number): void {
    const perParticle = particleBuffers(this.prm);
    const old = new Map<number, GPUBuffer>();
    if (this.capacity > 0) for (const [b, per] of perParticle) if (per > 0) old.set(b, this.buf(b));
    const oldCapacity = this.capacity;
    this.capacity = Math.max(64, Math.ceil(capacity / 64) * 64);
    this.chunkSize = Math.min(this.capacity, this.maxInvocations);
    this.nChunks = Math.ceil(this.capacity / this.chunkSize);
    const enc = this.dev.createCommandEncoder();
    for (const [binding, per] of perParticle) {
      // A buffer the case does not use keeps its 16 bytes; the sort's scratch holds nothing between sorts.
      if (per === 0 && this.buffers.has(binding)) continue;
      const next = this.dev.createBuffer({
        label: `sph-${binding}`, size: round16(this.capacity * per),
        usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST,
      });
      const prev = old.get(binding);
      if (prev !== undefined && binding !== SORT_SCRATCH) enc.copyBufferToBuffer(prev, 0, next, 0, oldCapacity * per);
      this.buffers.set(binding, next);
    }
    this.createBuffer(23, this.nChunks * 12, GPUBufferUsage.INDIRECT);
    // The bins' counts live from clearCounts to scanBlocks, the sort's scratch from the scatter on (no
    // kernel file binds both): they share a buffer where the scratch holds the bins.
    const scratch = this.buf(SORT_SCRATCH);
    if (scratch.size >= 4 * this.bins()) {
      this.ownCounts?.destroy();
      this.ownCounts = null;
      this.buffers.set(CELL_COUNTS, scratch);
    } else {
      this.ownCounts ??= this.dev.createBuffer({
        label: `sph-${CELL_COUNTS}`, size: round16(4 * this.bins()), usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST,
      });
      this.buffers.set(CELL_COUNTS, this.ownCounts);
    }
    this.dev.queue.submit([enc.finish()]);
    for (const b of old.values()) b.destroy();
    this.writeParams();
    for (const file of SPH_SHADER_FILES) {
      const layout = this.layouts.get(file);
      if (layout === undefined) continue;
      this.groups.set(file, this.dev.createBindGroup({
        layout,
        entries: declaredBindings(this.sources[file]).map((b) => ({ binding: b.binding, resource: { buffer: this.buf(b.binding) } })),
      }));
    }
    this.slots.clear();
    this.prepareSlots();
    this.flushSlots();
  }

  /** Every per-dispatch argument set the step uses, for the current capacity. */
  private prepareSlots(): void {
    const variants: [number, number, number][] = [
      [0, 0, 0], [RATE_PRESSURE | RATE_VISCOUS | RATE_SHIFT, 0, 0], [RATE_PRESSURE | RATE_VISCOUS, 0, 0],
      [RATE_VISCOUS | RATE_STORE_VISCOUS | RATE_SHIFT, 0, 0], [RATE_PRESSURE | RATE_FROZEN_VISCOUS, 0, 0],
      [0, 1, 0], [0, 2, 0], [0, 3, 1], [0, 3, 0],
    ];
    const cells = this.bins();
    for (let base = 0; base < Math.max(this.capacity, cells); base += this.chunkSize) {
      for (const [flags, stage, extra] of variants) this.addSlot(base, flags, stage, extra);
    }
    const blocksPerDispatch = Math.max(1, Math.floor(this.chunkSize / 256));
    for (let b = 0; b < this.nBlocks; b += blocksPerDispatch) this.addSlot(b, 0, 0, 0);
  }

  private grow(capacity: number): void {
    this.allocate(capacity);
  }

  private writeParams(): void {
    const p = this.prm;
    const g = this.cells;
    const tc = this.tc;
    const data = new ArrayBuffer(PARAMS_BYTES);
    const f = new Float32Array(data);
    const u = new Uint32Array(data);
    f.set([p.h, p.support2, p.kernelAlpha, p.kernelGrad, p.wDx, p.rho0, p.c0, p.gamma, p.b, p.nu, p.delta, p.alphaVisc,
      p.gx, p.gy, p.gz, p.wallVolume, p.shiftCoeff, p.shiftMax, p.surfaceDivr, p.isolatedDivr, p.rhoMin, p.rhoMax], 0);
    u.set([p.densityLimiter, p.wallMode, p.lowDissipation, p.shifting, p.domainActive, p.boundaries.length], 22);
    f.set([...p.domainMin, 0, ...p.domainMax, 0, g.ox, g.oy, g.oz, g.cellSize], 28);
    u.set([g.nx, g.ny, g.nz, g.nCells, this.capacity, tc.dual ? 1 : 0, tc.dynamic ? 1 : 0], 40);
    const conductionDt = p.heat === null ? 0 : thermalDt(p.heat, p.rho0, p.h);
    f.set([tc.staticDt, tc.staticAdvectionDt, CFL_ACOUSTIC, conductionDt, CFL_VISCOUS, CFL_ADVECTION], 47);
    u.set([MAX_ACOUSTIC_SUBSTEPS, this.chunkSize, this.nChunks], 53);
    u.set([this.wallsMove ? 1 : 0, this.timeGravity ? 1 : 0, this.motion.plan.bodies.length, this.motion.reference.idBase, p.rotating, p.heat === null ? 0 : 1], 56);
    f.set([...p.omega, 0, ...p.omegaDot, 0, ...p.frameCenter, 0], 64);
    const viscKind = viscosityKind(p, this.tableViscosity);
    u.set([viscKind, p.viscosity?.x.length ?? 0, g.wrap ?? 0], 75);
    u[78] = p.phases?.rho0.length ?? 0;
    const st = p.surfaceTension;
    if (st !== null) {
      u[62] = 1;
      f[31] = st.sigma;
      f[35] = st.deltaScale;
      f[63] = st.capillaryDt;
      f[67] = st.normalThreshold;
      u[79] = Math.max(0, st.phase);
    }
    f[71] = p.dx;
    u[80] = this.reach;
    this.dev.queue.writeBuffer(this.buf(0), 0, data);
  }

  private upload(st: EngineState): void {
    const n = st.count;
    const pos = new Float32Array(this.capacity * 4);
    const vel = new Float32Array(this.capacity * 4);
    const aux = new Float32Array(this.capacity * 4);
    const nrm = new Float32Array(this.capacity * 4);
    const meta = new Uint32Array(this.capacity * 2);
    const heatOn = this.prm.heat !== null;
    const depthInZ = heatOn || this.prm.surfaceTension !== null;
    const bodyPhase = this.prm.phases?.bodyPhase ?? null;
    if (heatOn && (st.temp === undefined || st.wdepth === undefined)) throw new Error('heat transfer needs the temperature and wall depth in the state');
    for (let i = 0; i < n; i++) {
      const k = st.kind[i];
      pos.set([st.x[i], st.y[i], st.z[i], k], 4 * i);
      vel.set([st.vx[i], st.vy[i], st.vz[i], st.rho[i]], 4 * i);
      // A wall's depth behind its surface in aux.z with heat transfer (its extrapolation) or surface
      // tension (the contact angle's wall distance); aux.w the temperature with heat transfer.
      const fs = depthInZ && k === ParticleKind.wall ? st.wdepth?.[i] ?? 0 : st.fs[i];
      aux.set([st.p[i], st.mass[i], fs, heatOn ? st.temp?.[i] ?? 0 : 0], 4 * i);
      // A fluid particle's tag is its phase with several fluids (shaders/sph/common.wgsl).
      const tag = k === ParticleKind.wall ? 2 * st.body[i] + (this.prm.noSlip[st.body[i]] ?? 0)
        : k === ParticleKind.buffer ? this.prm.bodyBoundary[st.body[i]] ?? 0
          : bodyPhase === null ? 0 : Math.max(0, bodyPhase[st.body[i]] ?? 0);
      nrm.set([st.nx[i], st.ny[i], st.nz[i], tag], 4 * i);
      meta[2 * i] = st.id[i];
      meta[2 * i + 1] = st.body[i];
    }
    const q = this.dev.queue;
    q.writeBuffer(this.buf(1), 0, pos);
    q.writeBuffer(this.buf(2), 0, vel);
    q.writeBuffer(this.buf(3), 0, aux);
    q.writeBuffer(this.buf(4), 0, nrm);
    q.writeBuffer(this.buf(5), 0, meta);
    const zero = (b: number, per: number) => q.writeBuffer(this.buf(b), 0, new Uint8Array(this.capacity * per));
    zero(6, 64);
    zero(7, 16);
    zero(8, 48);
    const gl = new ArrayBuffer(GLOBAL_SLOTS * 4);
    const gu = new Uint32Array(gl);
    const gf = new Float32Array(gl);
    gu[G.count] = n;
    gu[G.live] = n;
    gf[G.tHi] = f32(st.time);
    gf[G.tLo] = f32(st.time - f32(st.time));
    gu[G.steps] = st.step;
    gf[G.prevV2] = st.maxVel2;
    gf[G.prevA2] = st.maxAccel2;
    gu[G.nextId] = st.nextId;
    q.writeBuffer(this.buf(13), 0, gl);
  }

  private setTarget(target: number): void {
    const data = new ArrayBuffer(12);
    const u = new Uint32Array(data);
    const f = new Float32Array(data);
    u[0] = 0;
    f[1] = f32(target);
    f[2] = f32(target - f32(target));
    this.dev.queue.writeBuffer(this.buf(13), G.reached * 4, data);
    this.reached = false;
  }

  private async readGlobalsRaw(): Promise<{ u: Uint32Array; f: Float32Array }> {
    const enc = this.dev.createCommandEncoder();
    enc.copyBufferToBuffer(this.buf(13), 0, this.globalsRead, 0, GLOBAL_SLOTS * 4);
    this.dev.queue.submit([enc.finish()]);
    await this.globalsRead.mapAsync(GPUMapMode.READ);
    const copy = this.globalsRead.getMappedRange().slice(0);
    this.globalsRead.unmap();
    return { u: new Uint32Array(copy), f: new Float32Array(copy) };
  }

  private async readGlobals(target: number): Promise<void> {
    const g = await this.readGlobalsRaw();
    this.checkLost();
    this.count = g.u[G.count];
    this.stepCount = g.u[G.steps];
    this.reached = g.u[G.reached] !== 0;
    this.t = this.reached ? target : g.f[G.tHi] + g.f[G.tLo];
    const dt = g.f[G.dt];
    if (dt > 0) this.lastDt = dt;
    if (g.u[G.overflow] !== 0) throw new Error('GPU particle memory overflowed while spawning inflow particles');
  }

  private slot(base: number, flags: number, stage: number, extra: number): number {
    const s = this.slots.get(`${base}:${flags}:${stage}:${extra}`);
    if (s === undefined) throw new Error(`no dispatch arguments for ${base}:${flags}:${stage}:${extra}`);
    return s;
  }

  private addSlot(base: number, flags: number, stage: number, extra: number): void {
    const key = `${base}:${flags}:${stage}:${extra}`;
    let s = this.slots.get(key);
    if (s === undefined) {
      s = this.slots.size;
      this.slots.set(key, s);
      const words = SLOT_STRIDE / 4;
      if ((s + 1) * words > this.slotData.length) {
        const next = new Uint32Array(Math.max(64, 2 * (s + 1)) * words);
        next.set(this.slotData);
        this.slotData = next;
      }
      this.slotData.set([base, flags, stage, extra], s * words);
      this.slotsDirty = true;
    }
  }

  private flushSlots(): void {
    if (!this.slotsDirty) return;
    if (this.dispatchBuffer === null || this.dispatchBuffer.size < this.slotData.byteLength) {
      this.dispatchBuffer?.destroy();
      this.dispatchBuffer = this.dev.createBuffer({
        label: 'sph-dispatch', size: this.slotData.byteLength, usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST,
      });
      this.dispatchGroup = this.dev.createBindGroup({
        layout: this.dispatchLayout, entries: [{ binding: 0, resource: { buffer: this.dispatchBuffer, size: 16 } }],
      });
    }
    this.dev.queue.writeBuffer(this.dispatchBuffer, 0, this.slotData);
    this.slotsDirty = false;
  }

  /** Binds kernel `entry`, its pipeline for `flags` where it has one (fluidRates). */
  private use(pass: GPUComputePassEncoder, entry: string, flags = 0): void {
    const k = this.kernels.get(`${entry}@${flags}`) ?? this.kernels.get(entry);
    if (k === undefined) throw new Error(`GPU kernel ${entry} missing`);
    const group = this.groups.get(k.file);
    if (group === undefined) throw new Error(`GPU bind group ${k.file} missing`);
    pass.setPipeline(k.pipeline);
    pass.setBindGroup(0, group);
  }

  private setArgs(pass: GPUComputePassEncoder, base: number, flags = 0, stage = 0, extra = 0): void {
    if (this.dispatchGroup === null) throw new Error('dispatch arguments not uploaded');
    pass.setBindGroup(1, this.dispatchGroup, [this.slot(base, flags, stage, extra) * SLOT_STRIDE]);
  }

  /** One dispatch per chunk of `total` invocations (64 per workgroup). */
  private overRange(pass: GPUComputePassEncoder, entry: string, total: number, flags = 0, stage = 0, extra = 0): void {
    this.use(pass, entry, flags);
    for (let base = 0; base < total; base += this.chunkSize) {
      this.setArgs(pass, base, flags, stage, extra);
      pass.dispatchWorkgroups(Math.ceil(Math.min(this.chunkSize, total - base) / 64));
    }
  }

  private single(pass: GPUComputePassEncoder, entry: string): void {
    this.use(pass, entry);
    this.setArgs(pass, 0);
    pass.dispatchWorkgroups(1);
  }

  /**
   * Bodies' poses and the frame's gravity at the time of RK4 stage `stage` (0 at the step's start, then
   * ½, ½, 1 of it), and the walls placed there.
   */
  private placeWalls(pass: GPUComputePassEncoder, stage: number): void {
    if (!this.motionOn()) return;
    this.use(pass, 'bodyMotion');
    this.setArgs(pass, 0, 0, stage, 0);
    pass.dispatchWorkgroups(Math.max(1, Math.ceil(this.motion.plan.bodies.length / 64)));
    if (this.wallsMove) this.overRange(pass, 'moveWalls', this.capacity, 0, stage, 0);
  }

  /** Colour gradients, then interface normals, before a rate evaluation with the pressure terms. */
  private interfaceNormals(pass: GPUComputePassEncoder): void {
    if (this.prm.surfaceTension === null) return;
    this.overRange(pass, 'colourGradients', this.capacity);
    this.overRange(pass, 'interfaceNormals', this.capacity);
  }

  private boundaryStates(pass: GPUComputePassEncoder): void {
    if (this.prm.wallMode === 1) this.overRange(pass, 'wallStates', this.capacity);
    if (this.prm.boundaries.length > 0) this.overRange(pass, 'bufferStates', this.capacity);
    if (this.heatSources) this.overRange(pass, 'heatWalls', this.capacity);
  }

  private encodeSteps(n: number): void {
    const enc = this.dev.createCommandEncoder();
    for (let s = 0; s < n; s++) this.encodeStep(enc);
    this.dev.queue.submit([enc.finish()]);
  }

  /** Counting sort of the particles into cell order (moving particles, then walls, per cell). */
  private encodeSort(enc: GPUCommandEncoder): void {
    const cap = this.capacity;
    const cells = this.bins();
    const sortPass = enc.beginComputePass();
    this.overRange(sortPass, 'clearCounts', cells);
    this.overRange(sortPass, 'countCells', cap);
    this.use(sortPass, 'scanBlocks');
    const blocksPerDispatch = Math.max(1, Math.floor(this.chunkSize / 256));
    for (let b = 0; b < this.nBlocks; b += blocksPerDispatch) {
      this.setArgs(sortPass, b);
      sortPass.dispatchWorkgroups(Math.min(blocksPerDispatch, this.nBlocks - b));
    }
    this.single(sortPass, 'scanSums');
    this.overRange(sortPass, 'addOffsets', cells);
    this.overRange(sortPass, 'destinations', cap);
    sortPass.end();
    for (const [entry, bindings] of PERMUTED) {
      const pass = enc.beginComputePass();
      this.overRange(pass, entry, cap);
      pass.end();
      let offset = 0;
      for (const b of bindings) {
        const size = cap * PARTICLE_BUFFERS[b];
        enc.copyBufferToBuffer(this.buf(SORT_SCRATCH), offset, this.buf(b), 0, size);
        offset += size;
      }
    }
  }

  private encodeStep(enc: GPUCommandEncoder): void {
    const cap = this.capacity;
    this.encodeSort(enc);
    const pass = enc.beginComputePass();
    this.single(pass, 'finishSort');
    this.placeWalls(pass, 0);
    this.boundaryStates(pass);
    const tableViscosity = this.tableViscosity;
    if (this.tc.dual) {
      this.single(pass, 'decideAdvection');
      if (tableViscosity) {
        // ν of the particles where an advection step starts, as the frozen viscous forces need it.
        this.use(pass, 'particleViscosity');
        for (let c = 0; c < this.nChunks; c++) {
          this.setArgs(pass, c * this.chunkSize);
          pass.dispatchWorkgroupsIndirect(this.buf(23), c * 12);
        }
      }
      this.use(pass, 'fluidRates', RATE_VISCOUS | RATE_STORE_VISCOUS | RATE_SHIFT);
      for (let c = 0; c < this.nChunks; c++) {
        this.setArgs(pass, c * this.chunkSize, RATE_VISCOUS | RATE_STORE_VISCOUS | RATE_SHIFT);
        pass.dispatchWorkgroupsIndirect(this.buf(23), c * 12);
      }
      this.interfaceNormals(pass);
      this.overRange(pass, 'fluidRates', cap, RATE_PRESSURE | RATE_FROZEN_VISCOUS);
      this.single(pass, 'afterRates');
    } else {
      if (tableViscosity) this.overRange(pass, 'particleViscosity', cap);
      this.single(pass, 'beginStep');
      this.interfaceNormals(pass);
      this.overRange(pass, 'fluidRates', cap, RATE_PRESSURE | RATE_VISCOUS | RATE_SHIFT);
      this.single(pass, 'chooseStep');
    }
    const rateFlags = this.tc.dual ? RATE_PRESSURE | RATE_FROZEN_VISCOUS : RATE_PRESSURE | RATE_VISCOUS;
    this.overRange(pass, 'stageUpdate', cap);
    for (let stage = 1; stage < 4; stage++) {
      this.placeWalls(pass, stage);
      this.boundaryStates(pass);
      this.interfaceNormals(pass);
      this.overRange(pass, 'fluidRates', cap, rateFlags);
      this.overRange(pass, 'stageUpdate', cap, 0, stage, stage === 3 ? 1 : 0);
    }
    this.single(pass, 'endStep');
    if (this.prm.boundaries.length > 0) this.overRange(pass, 'housekeeping', cap);
    pass.end();
  }
}
