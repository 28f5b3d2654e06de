// Picking with a pick volume in the viewer lab (headless Chromium): a domain box drawn as the frame of
// its edges answers hover and click anywhere over its box, but only where no part is: a part inside it
// is picked first, and outside the box nothing is.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../support/chromium.ts';
import { boxFrame } from '../../../src/client/setup/sceneMeshes.ts';
import type { LabMesh } from '../../../src/client/lab/labHook.ts';
import { startLabServer, type LabServer } from './labServer.ts';
import { LabPage } from './LabPage.ts';

let server: LabServer;
let browser: Browser;

beforeAll(async () => {
  server = await startLabServer();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Runs of equal picks along a canvas row: [id, width in px]. */
function runs(picks: (string | null)[]): [string | null, number][] {
  const out: [string | null, number][] = [];
  for (const p of picks) {
    const last = out[out.length - 1];
    if (last && last[0] === p) last[1] += 1;
    else out.push([p, 1]);
  }
  return out;
}

describe('pick volume', () => {
  it('picks parts first, then the domain box anywhere over its volume, and nothing outside', async () => {
    const page = await browser.newPage({ viewport: { width: 600, height: 400 } });
    const lab = new LabPage(page, server.url);
    await lab.open({ n: 1, parts: false });
    const frame = boxFrame([-1, -1, -1], [1, 1, 1], 0.012);
    const cube = boxFrame([-0.3, -0.3, -0.3], [0.3, 0.3, 0.3], 0.6);
    const meshes: LabMesh[] = [
      {
        id: 'domain',
        name: 'Deletion Boundary',
        positions: Array.from(frame.positions),
        indices: Array.from(frame.indices),
        pickVolume: { min: [-1, -1, -1], max: [1, 1, 1] },
        appearance: { color: '#F26B38', opacity: 1, translucent: false },
      },
      { id: 'part', name: 'Obstacle', positions: Array.from(cube.positions), indices: Array.from(cube.indices) },
    ];
    const picks = await page.evaluate((parts) => {
      const hook = window.__surgeViewer!;
      void hook.setObjectAppearance!('water', { visible: false });
      hook.setMeshes!(parts);
      hook.snapView!('+z');
      const row: (string | null)[] = [];
      for (let x = 0; x < 600; x += 2) row.push(hook.pickPart!(x, 200));
      return { row, centre: hook.pickPart!(300, 200), corner: hook.pickPart!(5, 5) };
    }, meshes);
    expect(picks.centre).toBe('part');
    expect(picks.corner).toBeNull();
    const sequence = runs(picks.row);
    expect(sequence.map(([id]) => id)).toEqual([null, 'domain', 'part', 'domain', null]);
    // The box answers over its inside, far wider than its frame's edges (2 px steps).
    expect(sequence[1][1]).toBeGreaterThan(10);
    expect(sequence[3][1]).toBeGreaterThan(10);
    await page.close();
  });
});
