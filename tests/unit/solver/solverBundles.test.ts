// The processes that run the engine load no zod: the server's solver process, its threads and the column
// impact's measuring process (about 9 MB of resident memory with the domain's schemas). Read from the
// sources esbuild lists beside each bundle (cpu/nodeBundle.ts), so that an import of a schema module
// anywhere below these entries fails here. The preparing process validates setups and keeps them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT, bundledEntry } from '../../../src/solver/cpu/nodeBundle.ts';
import { WORKER_ENTRY } from '../../../src/solver/cpu/nodeThreads.ts';
import { PREPARE_ENTRY } from '../../../src/solver/nodePrepare.ts';

const ENTRIES = {
  'solver process': join(PROJECT_ROOT, 'src', 'server', 'runs', 'solverProcess.ts'),
  'solver threads': WORKER_ENTRY,
  'column impact measuring process': join(PROJECT_ROOT, 'benchmarks', 'solver', 'impact.ts'),
};

/** The bundle's sources, relative to the project folder. */
function bundleSources(entry: string): string[] {
  const bundle = bundledEntry(entry);
  if (bundle === null) throw new Error(`no bundle of ${entry} could be built (esbuild missing?)`);
  return JSON.parse(readFileSync(`${bundle}.sources.json`, 'utf8')) as string[];
}

/** Sources that are zod, or that import it: a project file with an import of 'zod'. */
function zodSources(sources: readonly string[]): string[] {
  return sources.filter((s) => /(^|\/)node_modules\/zod\//.test(s)
    || (!s.includes('node_modules/') && /\bfrom\s+['"]zod(\/[^'"]*)?['"]/.test(readFileSync(join(PROJECT_ROOT, s), 'utf8'))));
}

describe('solver bundles without zod', () => {
  for (const [name, entry] of Object.entries(ENTRIES)) {
    it(`the ${name} bundles no zod and no module that imports it`, () => {
      const sources = bundleSources(entry);
      expect(sources.length).toBeGreaterThan(0);
      expect(zodSources(sources)).toEqual([]);
    });
  }

  it('the preparing process, which validates the setup, still bundles the schemas (the check above finds them)', () => {
    const found = zodSources(bundleSources(PREPARE_ENTRY));
    expect(found.some((s) => s.includes('node_modules/zod/'))).toBe(true);
    expect(found).toContain(join('src', 'domain', 'setup.ts'));
  });
});
