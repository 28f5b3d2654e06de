// Runs the benchmarks: every benchmarks/<name>/index.ts in turn, or only the names given
// (`npm run bench -- solver viewer`). Each benchmark prints its own figures and baseline ratios.
import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

const root = import.meta.dirname;
const all = readdirSync(root, { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join(root, d.name, 'index.ts')))
  .map((d) => d.name)
  .sort();
const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = wanted.filter((w) => !all.includes(w));
if (unknown.length > 0) {
  console.error(`unknown benchmark(s): ${unknown.join(', ')}; available: ${all.join(', ')}`);
  process.exit(2);
}
let failed = 0;
for (const name of wanted.length > 0 ? wanted : all) {
  console.log(`\n=== benchmark: ${name}`);
  const res = spawnSync(process.execPath, [join(root, name, 'index.ts')], { stdio: 'inherit' });
  if (res.status !== 0) {
    failed += 1;
    console.error(`benchmark ${name} exited with ${res.status}`);
  }
}
process.exit(failed > 0 ? 1 : 0);
