// Outputs, log and checkpoints of a run: a stopped run, or one that crashed after an output, resumes
// from its checkpoint and writes outputs identical byte for byte to those of an uninterrupted run.
import { describe, expect, it } from 'vitest';
import { LOG_FILE, type LogEntry } from '../../../src/solver/run.ts';
import { createSolverRun } from '../../../src/solver/setupRun.ts';
import { nodePlatform } from '../../../src/solver/nodePlatform.ts';
import { MemorySink } from '../../../src/solver/output/sink.ts';
import { readOutputMeta, readOutputObject } from '../../../src/solver/output/outputReader.ts';
import { CHECKPOINT_FILE } from '../../../src/solver/output/checkpoint.ts';
import { OUTPUTS_FOLDER, STATIC_OUTPUTS_FOLDER, outputFolderPath, outputMetaSchema } from '../../../src/domain/output.ts';
import { paddleCase, tankCase } from './cases.ts';

const setup = tankCase({
  dx: 0.02, tank: [0.4, 0.1, 0.2], column: [0.1, 0.1, 0.2],
  settings: { endTime: 0.06, outputTimeInterval: 0.02, integrationScheme: 'dual_timestep_rk_4', shifting: 'lyu21' },
});

/** Files of output n, or of the static folder the outputs share. */
function outputFiles(sink: MemorySink, n: number | 'static'): Map<string, Uint8Array> {
  const folder = n === 'static' ? `${OUTPUTS_FOLDER}/${STATIC_OUTPUTS_FOLDER}` : outputFolderPath(n);
  const out = new Map<string, Uint8Array>();
  for (const [path, data] of sink.files) if (path.startsWith(`${folder}/`)) out.set(path, data);
  return out;
}

function expectSameOutput(a: MemorySink, b: MemorySink, n: number | 'static'): void {
  const fa = outputFiles(a, n);
  const fb = outputFiles(b, n);
  expect(fa.size).toBeGreaterThan(5);
  expect([...fb.keys()].sort()).toEqual([...fa.keys()].sort());
  for (const [path, data] of fa) expect(Buffer.from(fb.get(path) as Uint8Array).equals(Buffer.from(data))).toBe(true);
}

describe('run outputs and checkpoints', () => {
  it('writes outputs, a log and a checkpoint, and resumes identically after a stop or a crash', async () => {
    const full = new MemorySink();
    const logs: LogEntry[] = [];
    const outputs: number[] = [];
    // The files as they are right after output 2 and its checkpoint: what a crash would leave behind.
    const crashImage = new MemorySink();
    const run = await createSolverRun(setup, nodePlatform, {
      sink: full, threads: 1, onLog: (e) => logs.push(e),
      onOutput: (o) => {
        outputs.push(o.outputNo);
        if (o.outputNo === 2) for (const [k, v] of full.files) crashImage.files.set(k, v.slice());
      },
    });
    const summary = await run.start();
    expect(summary.status).toBe('completed');
    expect(summary.outputs).toBe(4);
    expect(outputs).toEqual([0, 1, 2, 3]);
    expect(summary.time).toBe(0.06);

    // Output format: meta.json valid, one typed-array file per attribute with count × components values.
    const meta = await readOutputMeta(full, 2);
    expect(outputMetaSchema.parse(meta)).toEqual(meta);
    expect(meta.time).toBeCloseTo(0.04, 12);
    expect(meta.objects.map((o) => o.kind)).toEqual(['fluid', 'wall_boundary']);
    const fluid = await readOutputObject(full, 2, meta, 'fluid_0');
    expect(fluid.count).toBe(250);
    expect(fluid.positions.length).toBe(750);
    for (const a of ['velocity', 'pressure', 'density', 'mass', 'volume', 'particle_id', 'body_id', 'acceleration', 'shear_rate']) {
      const arr = fluid.attributes.get(a);
      expect(arr, a).toBeDefined();
      const comps = a === 'velocity' || a === 'acceleration' ? 3 : 1;
      expect(arr?.length).toBe(250 * comps);
    }
    expect(fluid.attributes.get('particle_id')).toBeInstanceOf(Uint32Array);
    expect(meta.objects[0].datasets.map((d) => d.name)).toEqual(['full', 'raw']);
    // Initial hydrostatic pressure: ρ g Δx / 2 in the top layer to ρ g (H - Δx / 2) in the bottom one.
    const meta0 = await readOutputMeta(full, 0);
    const pressure = meta0.objects[0].datasets[0].attributes.find((a) => a.name === 'pressure');
    expect(pressure?.unit).toBe('Pa');
    expect(pressure?.range?.[0]).toBeCloseTo(1000 * 9.81 * 0.01, 1);
    expect(pressure?.range?.[1]).toBeCloseTo(1000 * 9.81 * 0.19, 1);

    // Log: JSON lines with the summary fields, output entries for each output.
    const lines = new TextDecoder().decode(full.files.get(LOG_FILE)).trim().split('\n').map((l) => JSON.parse(l) as LogEntry);
    expect(lines.filter((l) => l.event === 'output').map((l) => l.output)).toEqual([0, 1, 2, 3]);
    for (const l of lines) {
      for (const k of ['time', 'runtime', 'dt', 'particles', 'progress', 'output', 'step'] as const) expect(typeof l[k]).toBe('number');
    }
    expect(lines[lines.length - 1].event).toBe('complete');
    expect(lines[lines.length - 1].progress).toBe(1);
    expect(logs.length).toBe(lines.length);

    // Stop through the AbortSignal right after output 1, then resume.
    const stopped = new MemorySink();
    const controller = new AbortController();
    const first = await createSolverRun(setup, nodePlatform, {
      sink: stopped, threads: 1, signal: controller.signal,
      onOutput: (o) => {
        if (o.outputNo === 1) controller.abort();
      },
    });
    const s1 = await first.start();
    expect(s1.status).toBe('stopped');
    expect(stopped.files.has(CHECKPOINT_FILE)).toBe(true);
    expect(stopped.files.has(`${outputFolderPath(2)}/meta.json`)).toBe(false);
    const resumed = await createSolverRun(setup, nodePlatform, { sink: stopped, threads: 2, resume: true });
    const s2 = await resumed.start();
    expect(s2.status).toBe('completed');
    expectSameOutput(full, stopped, 2);
    expectSameOutput(full, stopped, 3);
    // The walls written once by the first session serve the resumed one: no static file changed or added.
    expectSameOutput(full, stopped, 'static');

    // Crash after output 2: resumed from the files as they were then.
    const again = await createSolverRun(setup, nodePlatform, { sink: crashImage, threads: 1, resume: true });
    expect((await again.start()).status).toBe('completed');
    expectSameOutput(full, crashImage, 3);
    const resumedLog = new TextDecoder().decode(crashImage.files.get(LOG_FILE)).trim().split('\n').map((l) => JSON.parse(l) as LogEntry);
    expect(resumedLog.filter((l) => l.event === 'output').map((l) => l.output)).toEqual([0, 1, 2, 3]);
    expect(resumedLog.filter((l) => l.event === 'resume').length).toBe(1);
  });

  it('resumes a run with a turning paddle and a frame acceleration from a file identically, though the file changed meanwhile', async () => {
    const moving = paddleCase(0.02, 8, { endTime: 0.06, outputTimeInterval: 0.02, integrationScheme: 'dual_timestep_rk_4' });
    moving.settings.accelerationFile = { id: 'shake', name: 'shake.csv' };
    let csv = 'time,ax,ay,az\n0,0,0,0\n0.03,2,0,-1\n0.06,-1,0.5,0\n';
    const fileResolver = async () => new TextEncoder().encode(csv);
    const full = new MemorySink();
    expect((await (await createSolverRun(moving, nodePlatform, { sink: full, threads: 1, fileResolver })).start()).status).toBe('completed');
    const stopped = new MemorySink();
    const controller = new AbortController();
    const first = await createSolverRun(moving, nodePlatform, {
      sink: stopped, threads: 2, fileResolver, signal: controller.signal,
      onOutput: (o) => {
        if (o.outputNo === 1) controller.abort();
      },
    });
    expect((await first.start()).status).toBe('stopped');
    // The run goes on with the samples it started with.
    csv = 'time,ax,ay,az\n0,5,5,5\n1,5,5,5\n';
    const resumed = await createSolverRun(moving, nodePlatform, { sink: stopped, threads: 1, fileResolver, resume: true });
    expect((await resumed.start()).status).toBe('completed');
    expectSameOutput(full, stopped, 2);
    expectSameOutput(full, stopped, 3);
    expectSameOutput(full, stopped, 'static');
    const meta = await readOutputMeta(stopped, 3);
    expect(meta.objects.find((o) => o.partId === 'paddle')?.pose).toBeDefined();
  });

  it('stops at the step that reaches a condition given apart from the setup, and resumes without it', async () => {
    const sink = new MemorySink();
    const condition = { id: 'stop', valueType: 'time' as const, action: 'stop' as const, operator: 'gte' as const, threshold: 0.03, triggered: false };
    const logs: LogEntry[] = [];
    const first = await createSolverRun(setup, nodePlatform, { sink, threads: 1, conditions: [condition], onLog: (e) => logs.push(e) });
    const stopped = await first.start();
    expect(stopped.status).toBe('condition');
    expect(stopped.time).toBeGreaterThanOrEqual(0.03);
    expect(stopped.time).toBeLessThan(0.06);
    expect(logs.at(-1)).toMatchObject({ event: 'stop', message: 'stop condition reached: time gte 0.03' });
    expect(sink.files.has(CHECKPOINT_FILE)).toBe(true);
    expect(sink.files.has(`${outputFolderPath(3)}/meta.json`)).toBe(false);
    // The conditions are not part of the checkpoint's setup: a session without them continues it.
    const resumed = await createSolverRun(setup, nodePlatform, { sink, threads: 1, resume: true, conditions: [] });
    expect((await resumed.start()).status).toBe('completed');
    expect(sink.files.has(`${outputFolderPath(3)}/meta.json`)).toBe(true);
  });

  it('refuses to resume without a checkpoint or with another setup', async () => {
    const sink = new MemorySink();
    const run = await createSolverRun(setup, nodePlatform, { sink, resume: true });
    await expect(run.start()).rejects.toThrow(/no checkpoint/);
    const other = structuredClone(setup);
    other.settings.endTime = 0.02;
    await (await createSolverRun(other, nodePlatform, { sink })).start();
    await expect((await createSolverRun(setup, nodePlatform, { sink, resume: true })).start()).rejects.toThrow(/different setup/);
  });
});
