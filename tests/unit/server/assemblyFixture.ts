// STEP assemblies for the server tests: the CAx-IF files shipped with occt-import-js, a STEP file without a
// single face, and the calls that import one and wait for its structure tree.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { call, waitFor, type RunsTestApp } from '../runs/harness.ts';
import { multipartBody } from './authorizationFixture.ts';

export const caxIf = (name: string): Buffer =>
  readFileSync(fileURLToPath(new URL(`../../../node_modules/occt-import-js/test/testfiles/cax-if/${name}`, import.meta.url)));

/** A well-formed STEP file that describes a product but no shape: an assembly with nothing to mesh. */
export function stepWithoutShapes(): Buffer {
  return Buffer.from(
    [
      'ISO-10303-21;',
      'HEADER;',
      "FILE_DESCRIPTION(('empty assembly'),'2;1');",
      "FILE_NAME('empty.stp','2024-01-01T00:00:00',('Surge'),(''),'','','');",
      "FILE_SCHEMA(('AUTOMOTIVE_DESIGN { 1 0 10303 214 1 1 1 1 }'));",
      'ENDSEC;',
      'DATA;',
      "#1=APPLICATION_CONTEXT('automotive design');",
      "#2=PRODUCT_CONTEXT('',#1,'mechanical');",
      "#3=PRODUCT('empty','empty','',(#2));",
      'ENDSEC;',
      'END-ISO-10303-21;',
      '',
    ].join('\n'),
  );
}

export async function uploadAssembly(t: Pick<RunsTestApp, 'app'>, token: string | null, simulationId: string, name: string, bytes: Buffer) {
  const { payload, headers } = multipartBody({}, { name, bytes });
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/client-upload/simulations/${simulationId}/assemblies`,
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload,
  });
  return { status: response.statusCode, json: () => response.json(), text: response.body };
}

export interface AssemblyNodeJson {
  entryId: string;
  labelName: string;
  shapeType: string;
  children: AssemblyNodeJson[];
}

/** Imports `name` and waits until its structure tree is read; returns the assembly. */
export async function importedAssembly(t: Pick<RunsTestApp, 'app'>, token: string, simulationId: string, name = 'as1-oc-214.stp') {
  const uploaded = await uploadAssembly(t, token, simulationId, name, caxIf(name));
  expect(uploaded.status, uploaded.text).toBe(201);
  const id = uploaded.json().id as string;
  return waitFor(`assembly ${id} imported`, async () => {
    const answer = await call(t, token, 'GET', `/api/assemblies/${id}`);
    const assembly = answer.json() as { id: string; state: string; assemblyMetadata: AssemblyNodeJson[] | null; tessellationErrors: { message: string }[] };
    if (assembly.state === 'failed') throw new Error(`the import failed: ${JSON.stringify(assembly.tessellationErrors)}`);
    return assembly.state === 'completed' ? assembly : null;
  }, 60_000, 200);
}

/** Waits for a tessellation run to end; returns it. */
export async function finishedRun(t: Pick<RunsTestApp, 'app'>, token: string, simulationId: string, runId: string) {
  return waitFor(`tessellation run ${runId}`, async () => {
    const runs = (await call(t, token, 'GET', `/api/simulations/${simulationId}/tessellation_runs`)).json() as { id: string; state: string; progress: number; errors: { message: string }[]; warnings: { message: string; errorCode: string; parts?: string[] }[] }[];
    const run = runs.find((r) => r.id === runId);
    return run && !['scheduled', 'running'].includes(run.state) ? run : null;
  }, 120_000, 200);
}

/** Entry ids by label: the first node with each name, in tree order. */
export function nodesByName(tree: readonly AssemblyNodeJson[]): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (n: AssemblyNodeJson) => {
    if (!out.has(n.labelName)) out.set(n.labelName, n.entryId);
    n.children.forEach(walk);
  };
  tree.forEach(walk);
  return out;
}

/** An assembly of `simulationId` (io1-cm-214) with one part tessellated into the setup: its id, the run's id
 * and a node id of its tree. */
export async function ownedAssembly(t: Pick<RunsTestApp, 'app'>, token: string, simulationId: string): Promise<{ id: string; runId: string; nodeId: string }> {
  const assembly = await importedAssembly(t, token, simulationId, 'io1-cm-214.stp');
  const nodeId = assembly.assemblyMetadata![0].entryId;
  const parts = await call(t, token, 'POST', `/api/assemblies/${assembly.id}/parts`, [{ name: 'io1', assemblyNodeIds: [nodeId], componentType: 'rigid' }]);
  expect(parts.status, parts.text).toBe(201);
  const started = await call(t, token, 'POST', `/api/assemblies/${assembly.id}`);
  expect(started.status, started.text).toBe(201);
  const run = await finishedRun(t, token, simulationId, started.json().id);
  expect(run.state, JSON.stringify(run.errors)).toBe('completed');
  return { id: assembly.id, runId: run.id, nodeId };
}
