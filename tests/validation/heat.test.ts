// Heat conduction (src/solver/physics/heat.ts) against analytic solutions, on still fluid: the particles sit
// on the solver's lattice and do not move, so what is measured is the conduction operator and the thermal
// wall conditions alone.
// - a slab of water between two walls held at different temperatures, periodic across: the transient
//   profile T(x, t) of the Fourier series at three Fourier numbers;
// - a closed box with adiabatic walls, hot half and cold half: the thermal energy stays, while the
//   temperatures mix;
// - the whole engine (CPU): a cube of still fluid, 16 Δx across, in a tank held at a wall temperature
//   against the 3D Fourier series (at 10 Δx across the error was 5 % at Fo = 0.02: the case needs the
//   resolution, the tolerance stays);
// - the whole engine (CPU): a closed tank of still fluid, hot half and cold half, adiabatic walls: the
//   run keeps the thermal energy of its outputs and mixes the halves, and lists temperature and heat flux;
// - the same box with one heat-flux wall: the fluid's energy rises at q A; with a heat-transfer-coefficient
//   wall the heat rate is h A (T_ref − T) for a uniform fluid, either way.
import { describe, expect, it } from 'vitest';
import { createSolverRun } from '../../src/solver/run.ts';
import { nodePlatform } from '../../src/solver/nodePlatform.ts';
import { MemorySink } from '../../src/solver/output/sink.ts';
import { readOutputMeta, readOutputObject } from '../../src/solver/output/outputReader.ts';
import { createPart } from '../../src/domain/part.ts';
import { cubeShape } from '../../src/domain/shape.ts';
import { defaultFlowComponent } from '../../src/domain/component.ts';
import { tankCase } from '../unit/solver/cases.ts';
import { SMOOTHING_RATIO, kernelConstants, wendlandGradFactor, wendlandW } from '../../src/solver/kernel.ts';
import {
  ThermoKindCode, adiabaticWall, fluidThermalEnergy, heatParamsOf, heatRates, thermalDt,
  type HeatParams, type NeighbourPairs, type ThermalParticles, type WallThermal,
} from '../../src/solver/physics/heat.ts';

const DX = 0.001;
const H = SMOOTHING_RATIO * DX;
const RHO = 1000;
/** Water: k = 0.6 W/(m K), c_p = 4186 J/(kg K). */
const K = 0.6;
const CP = 4186;
const LAYERS = 3;

function report(name: string, measured: number, reference: number, error: number, tolerance: number): void {
  console.log(`${name}: measured ${measured.toFixed(5)}, reference ${reference.toFixed(5)}, error ${(100 * error).toFixed(2)} %, tolerance ${(100 * tolerance).toFixed(1)} %`);
}

interface Lattice {
  particles: ThermalParticles;
  pairs: NeighbourPairs;
}

/**
 * Particles at (i + ½) Δx for i in [lo, hi) per axis; `wallOf` gives the body and outward-facing normal of a
 * wall point (null for fluid). Axes with `periodic` wrap with the period of their range.
 */
function lattice(
  lo: [number, number, number], hi: [number, number, number], periodic: [boolean, boolean, boolean],
  wallOf: (i: number, j: number, k: number) => { body: number; n: [number, number, number]; depth: number } | null,
): Lattice {
  const pts: { x: number; y: number; z: number; wall: { body: number; n: [number, number, number]; depth: number } | null }[] = [];
  for (let i = lo[0]; i < hi[0]; i++) {
    for (let j = lo[1]; j < hi[1]; j++) {
      for (let k = lo[2]; k < hi[2]; k++) pts.push({ x: (i + 0.5) * DX, y: (j + 0.5) * DX, z: (k + 0.5) * DX, wall: wallOf(i, j, k) });
    }
  }
  const n = pts.length;
  const p: ThermalParticles = {
    count: n, x: new Float64Array(n), y: new Float64Array(n), z: new Float64Array(n), rho: new Float64Array(n).fill(RHO),
    mass: new Float64Array(n).fill(RHO * DX ** 3), nx: new Float64Array(n), ny: new Float64Array(n), nz: new Float64Array(n),
    depth: new Float64Array(n), kind: new Uint8Array(n), body: new Uint32Array(n), temperature: new Float64Array(n),
  };
  pts.forEach((q, m) => {
    p.x[m] = q.x; p.y[m] = q.y; p.z[m] = q.z;
    if (q.wall !== null) {
      p.kind[m] = 1; p.body[m] = q.wall.body; p.depth[m] = q.wall.depth;
      [p.nx[m], p.ny[m], p.nz[m]] = q.wall.n;
    }
  });
  const period = [0, 1, 2].map((a) => (periodic[a] ? (hi[a] - lo[a]) * DX : 0));
  const kc = kernelConstants(H);
  const list = { i: [] as number[], j: [] as number[], rx: [] as number[], ry: [] as number[], rz: [] as number[], w: [] as number[], f: [] as number[] };
  const wrap = (d: number, a: number) => (period[a] > 0 ? d - period[a] * Math.round(d / period[a]) : d);
  for (let a = 0; a < n; a++) {
    for (let b = a + 1; b < n; b++) {
      if (p.kind[a] === 1 && p.kind[b] === 1) continue;
      const rx = wrap(p.x[a] - p.x[b], 0), ry = wrap(p.y[a] - p.y[b], 1), rz = wrap(p.z[a] - p.z[b], 2);
      const r2 = rx * rx + ry * ry + rz * rz;
      if (r2 >= kc.support2) continue;
      list.i.push(a); list.j.push(b); list.rx.push(rx); list.ry.push(ry); list.rz.push(rz);
      list.w.push(wendlandW(Math.sqrt(r2), kc));
      list.f.push(wendlandGradFactor(Math.sqrt(r2), kc));
    }
  }
  const pairs: NeighbourPairs = {
    count: list.i.length, i: Uint32Array.from(list.i), j: Uint32Array.from(list.j),
    rx: Float64Array.from(list.rx), ry: Float64Array.from(list.ry), rz: Float64Array.from(list.rz),
    w: Float64Array.from(list.w), f: Float64Array.from(list.f),
  };
  return { particles: p, pairs };
}

/** Distance of lattice point (i, j, k) outside the box [0, n Δx)³ to the box. */
function depthOf(i: number, j: number, k: number, n: number): number {
  const d = [i, j, k].map((c) => (c < 0 ? (-c - 0.5) * DX : c >= n ? (c - n + 0.5) * DX : 0));
  return Math.hypot(...d);
}

/** Classical RK4 in time of the conduction rates (the solver's integration scheme); walls keep their T. */
function advance(hp: HeatParams, l: Lattice, dt: number, steps: number): void {
  const p = l.particles;
  const n = p.count;
  const t0 = Float64Array.from(p.temperature.subarray(0, n));
  const sum = new Float64Array(n);
  const rate = new Float64Array(n);
  const norm = new Float64Array(n);
  for (let s = 0; s < steps; s++) {
    t0.set(p.temperature.subarray(0, n));
    sum.fill(0);
    const stages = [0.5, 0.5, 1, 0];
    const weights = [1, 2, 2, 1];
    for (let st = 0; st < 4; st++) {
      heatRates(hp, p, l.pairs, rate, norm);
      for (let i = 0; i < n; i++) {
        if (p.kind[i] === 1) continue;
        sum[i] += weights[st] * rate[i];
        p.temperature[i] = st < 3 ? t0[i] + stages[st] * dt * rate[i] : t0[i] + (dt / 6) * sum[i];
      }
    }
  }
}

describe('heat conduction in still fluid', () => {
  it('slab between walls at two temperatures follows the Fourier series within 3 % at three times', () => {
    const N = 20;
    const L = N * DX;
    const TH = 350, TC = 300;
    const walls: WallThermal[] = [
      { ...adiabaticWall(), kind: ThermoKindCode.temperature, temperature: TH },
      { ...adiabaticWall(), kind: ThermoKindCode.temperature, temperature: TC },
    ];
    const hp = heatParamsOf(K, CP, walls, H, DX);
    const l = lattice([-LAYERS, 0, 0], [N + LAYERS, 6, 6], [false, true, true], (i) => {
      if (i < 0) return { body: 0, n: [1, 0, 0], depth: (-i - 0.5) * DX };
      if (i >= N) return { body: 1, n: [-1, 0, 0], depth: (i - N + 0.5) * DX };
      return null;
    });
    const p = l.particles;
    for (let m = 0; m < p.count; m++) p.temperature[m] = p.kind[m] === 1 ? walls[p.body[m]].temperature : TC;
    const alpha = K / (RHO * CP);
    const analytic = (x: number, t: number) => {
      let v = TH + ((TC - TH) * x) / L;
      for (let n = 1; n <= 400; n++) {
        v += ((2 * (TC - TH)) / (n * Math.PI)) * Math.sin((n * Math.PI * x) / L) * Math.exp((-alpha * n * n * Math.PI * Math.PI * t) / (L * L));
      }
      return v;
    };
    const dt = thermalDt(hp, RHO, H);
    let time = 0;
    const tolerance = 0.03;
    for (const fourier of [0.02, 0.08, 0.25]) {
      const target = (fourier * L * L) / alpha;
      const steps = Math.ceil((target - time) / dt);
      advance(hp, l, (target - time) / steps, steps);
      time = target;
      let worst = 0, atMeasured = 0, atReference = 0;
      for (let m = 0; m < p.count; m++) {
        if (p.kind[m] === 1) continue;
        const ref = analytic(p.x[m], time);
        const err = Math.abs(p.temperature[m] - ref) / (TH - TC);
        if (err > worst) { worst = err; atMeasured = p.temperature[m]; atReference = ref; }
      }
      report(`slab Fo = ${fourier} (t = ${time.toFixed(1)} s), largest error of T over ΔT = ${TH - TC} K`, atMeasured, atReference, worst, tolerance);
      expect(worst).toBeLessThan(tolerance);
    }
  });

  it('closed adiabatic box keeps its thermal energy within 1 % while the halves mix', () => {
    const N = 8;
    const l = lattice([-LAYERS, -LAYERS, -LAYERS], [N + LAYERS, N + LAYERS, N + LAYERS], [false, false, false], (i, j, k) => {
      const out = [i, j, k].map((c) => (c < 0 ? 1 : c >= N ? -1 : 0));
      if (out.every((o) => o === 0)) return null;
      const len = Math.hypot(...out);
      return { body: 0, n: [out[0] / len, out[1] / len, out[2] / len], depth: depthOf(i, j, k, N) };
    });
    const hp = heatParamsOf(K, CP, [adiabaticWall()], H, DX);
    const p = l.particles;
    for (let m = 0; m < p.count; m++) p.temperature[m] = p.x[m] < (N / 2) * DX ? 360 : 290;
    const e0 = fluidThermalEnergy(hp, p);
    const spread = () => {
      let lo = Infinity, hi = -Infinity;
      for (let m = 0; m < p.count; m++) if (p.kind[m] !== 1) { lo = Math.min(lo, p.temperature[m]); hi = Math.max(hi, p.temperature[m]); }
      return hi - lo;
    };
    const alpha = K / (RHO * CP);
    const end = (0.5 * (N * DX) ** 2) / alpha;
    const dt = thermalDt(hp, RHO, H);
    const steps = Math.ceil(end / dt);
    advance(hp, l, end / steps, steps);
    const e1 = fluidThermalEnergy(hp, p);
    const error = Math.abs(e1 - e0) / Math.abs(e0);
    report('adiabatic box thermal energy (J)', e1, e0, error, 0.01);
    console.log(`adiabatic box temperature spread: ${spread().toFixed(3)} K after ${end.toFixed(1)} s (70 K at the start)`);
    expect(error).toBeLessThan(0.01);
    // The energy stays because heat moved inside the box, not because nothing happened.
    expect(spread()).toBeLessThan(7);
  });

  it('a heat-flux wall heats a closed box at q A within 5 %', () => {
    const Q = 5000;
    const { l, hp, n } = floorHeatedBox({ ...adiabaticWall(), kind: ThermoKindCode.heatFlux, heatFlux: Q });
    const p = l.particles;
    for (let m = 0; m < p.count; m++) p.temperature[m] = 300;
    const e0 = fluidThermalEnergy(hp, p);
    const end = 2;
    const dt = thermalDt(hp, RHO, H);
    const steps = Math.ceil(end / dt);
    advance(hp, l, end / steps, steps);
    const rate = (fluidThermalEnergy(hp, p) - e0) / end;
    const reference = Q * (n * DX) ** 2;
    const error = Math.abs(rate - reference) / reference;
    report('heat-flux floor: heat rate into the fluid (W)', rate, reference, error, 0.05);
    expect(error).toBeLessThan(0.05);
  });

  it('a heat-transfer-coefficient floor under uniform fluid passes h A (T_ref − T) and cools a hot fluid', () => {
    const HTC = 200, TREF = 320, T0 = 300;
    const { l, hp, n } = floorHeatedBox({ ...adiabaticWall(), kind: ThermoKindCode.heatTransferCoefficient, heatTransferCoefficient: HTC, referenceTemperature: TREF });
    const p = l.particles;
    const rate = new Float64Array(p.count), norm = new Float64Array(p.count);
    const heatRate = () => {
      heatRates(hp, p, l.pairs, rate, norm);
      let q = 0;
      for (let m = 0; m < p.count; m++) if (p.kind[m] !== 1) q += rate[m] * p.mass[m] * CP;
      return q;
    };
    for (let m = 0; m < p.count; m++) p.temperature[m] = T0;
    const measured = heatRate();
    const reference = HTC * (n * DX) ** 2 * (TREF - T0);
    const error = Math.abs(measured - reference) / reference;
    report('heat-transfer-coefficient floor: heat rate into fluid at 300 K (W)', measured, reference, error, 0.01);
    expect(error).toBeLessThan(0.01);
    for (let m = 0; m < p.count; m++) p.temperature[m] = 340;
    const cooling = heatRate();
    console.log(`heat-transfer-coefficient floor: heat rate into fluid at 340 K ${cooling.toFixed(5)} W (reference ${(HTC * (n * DX) ** 2 * (TREF - 340)).toFixed(5)} W)`);
    expect(cooling).toBeCloseTo(HTC * (n * DX) ** 2 * (TREF - 340), 10);
  });
});

/** A closed box of n Δx of fluid whose floor (under the fluid's columns) is body 1 with condition `floor`; the rest is adiabatic. */
function floorHeatedBox(floor: WallThermal): { l: Lattice; hp: HeatParams; n: number } {
  const n = 8;
  const l = lattice([-LAYERS, -LAYERS, -LAYERS], [n + LAYERS, n + LAYERS, n + LAYERS], [false, false, false], (i, j, k) => {
    const out = [i, j, k].map((c) => (c < 0 ? 1 : c >= n ? -1 : 0));
    if (out.every((o) => o === 0)) return null;
    const isFloor = k < 0 && i >= 0 && i < n && j >= 0 && j < n;
    const len = Math.hypot(...out);
    return { body: isFloor ? 1 : 0, n: [out[0] / len, out[1] / len, out[2] / len], depth: depthOf(i, j, k, n) };
  });
  return { l, hp: heatParamsOf(K, CP, [adiabaticWall(), floor], H, DX), n };
}

describe('heat transfer in a run (CPU)', () => {
  it('cube of still fluid in a tank held at a wall temperature follows the 3D Fourier series within 3 % at three times', async () => {
    // Light, very conductive fluid again (α = 0.1 m²/s), no gravity: the fluid stays at rest and the
    // temperature is the product of three 1D series,
    // (T − T_w)/(T0 − T_w) = Π_a Σ_{n odd} 4/(nπ) sin(nπ x_a/L) e^(−α n²π² t/L²).
    const dx = 0.01, L = 0.16, T0 = 300, TW = 350, alpha = 0.1;
    const setup = tankCase({
      dx, tank: [L, L, L], column: [L, L, L],
      settings: { gravity: [0, 0, 0], thermodynamics: true, endTime: 0.0256, outputTimeInterval: 0.00256 },
    });
    setup.materials[0] = { ...setup.materials[0], density: 1, thermalConductivity: 10, specificHeatCapacity: 100 };
    const tank = setup.parts[0].component;
    const water = setup.parts[1].component;
    if (tank.type !== 'rigid' || water.type !== 'flow') throw new Error('unexpected tank case');
    tank.thermoKind = 'temperature';
    tank.boundaryTemperature = TW;
    water.initialPreset = 'none';
    water.initialTemperature = T0;
    const sink = new MemorySink();
    const run = await createSolverRun(setup, nodePlatform, { sink, threads: 1 });
    const summary = await run.start();
    expect(summary.status).toBe('completed');
    console.log(`${summary.particles} particles, ${summary.steps} steps, ${summary.wallSeconds.toFixed(1)} s wall on ${summary.device}`);
    const series = (x: number, t: number) => {
      let v = 0;
      for (let n = 1; n <= 199; n += 2) v += (4 / (n * Math.PI)) * Math.sin((n * Math.PI * x) / L) * Math.exp((-alpha * n * n * Math.PI * Math.PI * t) / (L * L));
      return v;
    };
    const tolerance = 0.03;
    for (const n of [2, 5, 10]) {
      const meta = await readOutputMeta(sink, n);
      const fluid = await readOutputObject(sink, n, meta, 'fluid_0');
      const temp = fluid.attributes.get('temperature') as Float32Array;
      let worst = 0, atMeasured = 0, atReference = 0, where = '';
      for (let i = 0; i < fluid.count; i++) {
        const [x, y, z] = [fluid.positions[3 * i], fluid.positions[3 * i + 1], fluid.positions[3 * i + 2]];
        const ref = TW + (T0 - TW) * series(x, meta.time) * series(y, meta.time) * series(z, meta.time);
        const err = Math.abs(temp[i] - ref) / (TW - T0);
        if (err > worst) { worst = err; atMeasured = temp[i]; atReference = ref; where = [x, y, z].map((c) => (c / dx).toFixed(2)).join(', '); }
      }
      console.log(`largest error at (${where}) Δx`);
      report(`run: cube Fo = ${(alpha * meta.time / (L * L)).toFixed(2)}, largest error of T over ΔT = ${TW - T0} K`, atMeasured, atReference, worst, tolerance);
      expect(worst).toBeLessThan(tolerance);
    }
  });

  it('closed adiabatic tank keeps its thermal energy within 1 % while hot and cold halves mix', async () => {
    // A light, very conductive fluid (ρ = 1 kg/m³, k = 10 W/(m K), c_p = 100 J/(kg K), all within the
    // spec's limits): α = 0.1 m²/s, so the halves of a 0.1 m tank mix in a tenth of a second.
    const dx = 0.01;
    const setup = tankCase({
      dx, tank: [0.1, 0.04, 0.1], column: [0.05, 0.04, 0.1],
      settings: { gravity: [0, 0, 0], thermodynamics: true, ambientTemperature: 293.15, endTime: 0.1, outputTimeInterval: 0.02 },
    });
    setup.materials[0] = { ...setup.materials[0], density: 1, thermalConductivity: 10, specificHeatCapacity: 100 };
    const hot = setup.parts[1].component;
    if (hot.type !== 'flow') throw new Error('the tank case fills with a flow part');
    hot.initialPreset = 'none';
    hot.initialTemperature = 360;
    const cold = defaultFlowComponent();
    cold.initialTemperature = 290;
    setup.parts.push(createPart({ id: 'cold', name: 'Cold', component: cold, materialId: 0, shape: cubeShape([0.05, 0.04, 0.1], [0.075, 0.02, 0.05]) }));
    const sink = new MemorySink();
    const run = await createSolverRun(setup, nodePlatform, { sink, threads: 1 });
    const summary = await run.start();
    expect(summary.status).toBe('completed');
    console.log(`${summary.particles} particles, ${summary.steps} steps, ${summary.wallSeconds.toFixed(1)} s wall on ${summary.device}`);
    const energyAt = async (n: number) => {
      const meta = await readOutputMeta(sink, n);
      const fluid = await readOutputObject(sink, n, meta, 'fluid_0');
      const t = fluid.attributes.get('temperature') as Float32Array;
      const m = fluid.attributes.get('mass') as Float32Array;
      let e = 0, lo = Infinity, hi = -Infinity;
      for (let i = 0; i < fluid.count; i++) {
        e += m[i] * 100 * t[i];
        lo = Math.min(lo, t[i]);
        hi = Math.max(hi, t[i]);
      }
      const wall = meta.objects.find((o) => o.kind === 'wall_boundary');
      const wallAttributes = wall?.datasets[0].attributes.map((a) => a.name) ?? [];
      return { e, spread: hi - lo, count: fluid.count, fluidAttributes: [...fluid.attributes.keys()], wallAttributes };
    };
    const start = await energyAt(0);
    const end = await energyAt(summary.outputs - 1);
    expect(end.count).toBe(start.count);
    expect(start.fluidAttributes).toEqual(expect.arrayContaining(['temperature', 'heat_flux']));
    expect(start.wallAttributes).toEqual(expect.arrayContaining(['temperature', 'heat_flux']));
    const error = Math.abs(end.e - start.e) / start.e;
    report('run: adiabatic tank thermal energy (J)', end.e, start.e, error, 0.01);
    console.log(`run: temperature spread ${start.spread.toFixed(2)} K at the start, ${end.spread.toFixed(2)} K at t = 0.1 s`);
    expect(error).toBeLessThan(0.01);
    expect(start.spread).toBeGreaterThan(69);
    expect(end.spread).toBeLessThan(0.5 * start.spread);
  });
});
