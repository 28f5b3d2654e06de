// The command line: runs a case into a folder and prints the summary; refuses unsupported settings by
// name with exit code 3; resumes from the checkpoint with --resume.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { outputFolderPath } from '../../../src/domain/output.ts';
import { tankCase } from './cases.ts';

const cli = fileURLToPath(new URL('../../../src/solver/cli.ts', import.meta.url));

function solve(args: string[]) {
  return spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', timeout: 120_000 });
}

describe('solver command line', () => {
  it('runs a case, writes outputs and prints a summary', () => {
    const dir = mkdtempSync(join(tmpdir(), 'surge-cli-'));
    try {
      const setup = tankCase({ dx: 0.02, tank: [0.2, 0.1, 0.2], column: [0.1, 0.1, 0.1], settings: { endTime: 0.02, outputTimeInterval: 0.01 } });
      writeFileSync(join(dir, 'case.json'), JSON.stringify(setup));
      const out = join(dir, 'out');
      const r = solve([join(dir, 'case.json'), '--out', out, '--threads', '1']);
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toContain('125 fluid');
      expect(r.stdout).toMatch(/particle-steps\/s\s+\d/);
      expect(r.stdout).toMatch(/outputs\s+3/);
      for (const n of [0, 1, 2]) expect(existsSync(join(out, outputFolderPath(n), 'meta.json'))).toBe(true);
      expect(readFileSync(join(out, 'log.jsonl'), 'utf8').trim().split('\n').length).toBeGreaterThan(3);
      const again = solve([join(dir, 'case.json'), '--out', out, '--resume']);
      expect(again.status, again.stderr).toBe(0);
      expect(again.stdout).toMatch(/steps\s+0 \(\d+ in total\)/);

      setup.settings.airDrag = true;
      writeFileSync(join(dir, 'bad.json'), JSON.stringify(setup));
      const bad = solve([join(dir, 'bad.json'), '--out', join(dir, 'bad')]);
      expect(bad.status).toBe(3);
      expect(bad.stderr).toContain('settings.airDrag');
      expect(solve([]).status).toBe(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
