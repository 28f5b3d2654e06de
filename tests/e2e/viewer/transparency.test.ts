// Parts in the viewer lab (headless Chromium, WebGPU on SwiftShader): flat faces shade evenly (no crease
// along the triangles' diagonal), a fluid inside a translucent tank with inward-facing walls blends
// between the tank's far and near walls exactly as layered glass would, whatever the order of parts and
// triangles, front faces show the full colour and back faces 30 % of it, and a selected blue part stays
// blue.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../support/chromium.ts';
import type { LabMesh } from '../../../src/client/lab/labHook.ts';
import { startLabServer, type LabServer } from './labServer.ts';
import { LabPage } from './LabPage.ts';
import { compareImages, decodePng, hexToRgb, type Image } from './pixels.ts';
import { BACKGROUND_COLOR } from '../../../src/client/viewer/gpu/FrameComposer.ts';

const SHOTS = resolve(import.meta.dirname, '../../../test-results/viewer');
type Vec3 = [number, number, number];

let server: LabServer;
let browser: Browser;
let lab: LabPage;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await startLabServer();
  browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 480, height: 360 } });
  lab = new LabPage(page, server.url);
  // One particle far below the parts: the lab needs an object to start with, and it stays out of view.
  await lab.open({ n: 1, parts: false });
  await page.evaluate(() => window.__surgeViewer!.setObjectAppearance!('water', { visible: false }));
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A closed box; `inward` turns every triangle round so that its faces look into the box. */
function box(min: Vec3, max: Vec3, inward = false): { positions: number[]; indices: number[] } {
  const positions: number[] = [];
  for (let c = 0; c < 8; c++) positions.push(c & 1 ? max[0] : min[0], c & 2 ? max[1] : min[1], c & 4 ? max[2] : min[2]);
  const faces = [[0, 2, 3, 1], [4, 5, 7, 6], [0, 1, 5, 4], [2, 6, 7, 3], [0, 4, 6, 2], [1, 3, 7, 5]];
  const indices: number[] = [];
  for (const [a, b, c, d] of faces) {
    const tris = [[a, b, c], [a, c, d]];
    for (const t of tris) indices.push(...(inward ? [t[0], t[2], t[1]] : t));
  }
  return { positions, indices };
}

/** The same triangles in the opposite order. */
function reversedTriangles(mesh: { positions: number[]; indices: number[] }) {
  const triangles: number[][] = [];
  for (let i = 0; i < mesh.indices.length; i += 3) triangles.push(mesh.indices.slice(i, i + 3));
  return { positions: mesh.positions, indices: triangles.reverse().flat() };
}

async function draw(parts: LabMesh[], name: string, selection: string[] = []): Promise<Image> {
  await lab.page.evaluate(
    ({ parts, selection }) => {
      window.__surgeViewer!.setMeshes!(parts);
      window.__surgeViewer!.setSelection!(selection);
    },
    { parts, selection },
  );
  const png = await lab.canvasPng();
  writeFileSync(resolve(SHOTS, `${name}.png`), png);
  return decodePng(png);
}

function pixel(image: Image, fx: number, fy: number): [number, number, number] {
  const x = Math.round(image.width * fx);
  const y = Math.round(image.height * fy);
  const i = (y * image.width + x) * 4;
  return [image.data[i], image.data[i + 1], image.data[i + 2]];
}

const linear = (v: number) => {
  const c = v / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};
const srgb = (c: number) => 255 * (c <= 0.0031308 ? c * 12.92 : 1.055 * c ** (1 / 2.4) - 0.055);
const linearRgb = (hex: string) => hexToRgb(hex).map(linear);

function hueSaturation([r, g, b]: [number, number, number]): { hue: number; saturation: number } {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const d = max - min;
  let hue = 0;
  if (d > 0) {
    if (max === r) hue = ((g - b) / d) % 6;
    else if (max === g) hue = (b - r) / d + 2;
    else hue = (r - g) / d + 4;
  }
  return { hue: (hue * 60 + 360) % 360, saturation: max === 0 ? 0 : d / max };
}

const translucent = (color: string) => ({ color, opacity: 0.5, translucent: true, wireframe: false, visibility: true });

describe('part rendering', () => {
  it('shades a flat face evenly, without a crease along its triangles', async () => {
    await lab.page.evaluate(() => window.__surgeViewer!.snapView!('+z'));
    const opaque = { color: '#8fa3b8', opacity: 1, translucent: false, wireframe: false, visibility: true };
    const image = await draw([{ id: 'cube', name: 'Cube', ...box([0, 0, 0], [1, 1, 1]), appearance: opaque }], 'flat-face');
    const centre = pixel(image, 0.5, 0.5);
    // Points of the top face near its four corners, on both sides of the triangles' shared diagonal.
    for (const [fx, fy] of [[0.3, 0.24], [0.7, 0.76], [0.3, 0.76], [0.7, 0.24]]) {
      const p = pixel(image, fx, fy);
      for (let c = 0; c < 3; c++) expect(Math.abs(p[c] - centre[c])).toBeLessThanOrEqual(2);
    }
  });

  it('blends a fluid inside a translucent tank with inward-facing walls between the far and the near wall', async () => {
    const tank = box([0, 0, 0], [2, 1, 1], true);
    const fluid = box([0.5, 0.2, 0.2], [1.5, 0.8, 0.8]);
    const parts: LabMesh[] = [
      { id: 'tank', name: 'Tank', ...tank, appearance: translucent('#8fa3b8') },
      { id: 'fluid', name: 'Fluid', ...fluid, appearance: translucent('#2d69b2') },
    ];
    // Straight through the middle: tank wall, fluid, fluid, tank wall, all facing the camera squarely.
    await lab.page.evaluate(() => window.__surgeViewer!.snapView!('-y'));
    const a = await draw(parts, 'tank-fluid');
    const b = await draw([{ ...parts[1], ...reversedTriangles(fluid) }, { ...parts[0], ...reversedTriangles(tank) }], 'tank-fluid-reordered');
    expect(compareImages(a, b, 6).differingFraction).toBeLessThan(0.002);

    // Layered glass, far to near: the tank's far wall (its inside, a front face: full colour), the
    // fluid's far side (a back face: 30 %), its near side (full), the tank's near wall (its outside: 30 %).
    const tankColor = linearRgb('#8fa3b8');
    const fluidColor = linearRgb('#2d69b2');
    const expected = linearRgb(BACKGROUND_COLOR).map((bg, c) => {
      const layers = [tankColor[c], 0.3 * fluidColor[c], fluidColor[c], 0.3 * tankColor[c]];
      return srgb(layers.reduce((under, layer) => layer * 0.5 + under * 0.5, bg));
    });
    const seen = pixel(a, 0.5, 0.5);
    for (let c = 0; c < 3; c++) expect(Math.abs(seen[c] - expected[c])).toBeLessThanOrEqual(4);
  });

  it('show front faces in full colour and back faces at 30 %', async () => {
    // One opaque square facing +z, seen from both sides along the axis.
    const square = { positions: [0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0], indices: [0, 1, 2, 0, 2, 3] };
    const opaque = { color: '#c08040', opacity: 1, translucent: false, wireframe: false, visibility: true };
    await lab.page.evaluate(() => window.__surgeViewer!.snapView!('+z'));
    const front = await draw([{ id: 'square', name: 'Square', ...square, appearance: opaque }], 'square-front');
    await lab.page.evaluate(() => window.__surgeViewer!.snapView!('-z'));
    const back = await draw([{ id: 'square', name: 'Square', ...square, appearance: opaque }], 'square-back');
    const f = pixel(front, 0.5, 0.5).map(linear);
    const k = pixel(back, 0.5, 0.5).map(linear);
    for (let c = 0; c < 3; c++) expect(k[c] / f[c]).toBeCloseTo(0.3, 1);
  });

  it('highlight a selected blue part in its own hue', async () => {
    const part = box([0, 0, 0], [1, 1, 1]);
    await lab.page.evaluate(() => window.__surgeViewer!.snapView!('+x'));
    const opaque = { color: '#2d69b2', opacity: 1, translucent: false, wireframe: false, visibility: true };
    const plain = await draw([{ id: 'fluid', name: 'Fluid', ...part, appearance: opaque }], 'blue-plain');
    const selected = await draw([{ id: 'fluid', name: 'Fluid', ...part, appearance: opaque }], 'blue-selected', ['fluid']);
    const before = pixel(plain, 0.5, 0.5);
    const after = pixel(selected, 0.5, 0.5);
    // Visibly highlighted, brighter rather than greyer.
    expect(after[2]).toBeGreaterThan(before[2] + 10);
    expect(Math.abs(hueSaturation(after).hue - hueSaturation(before).hue)).toBeLessThan(8);
    expect(hueSaturation(after).saturation).toBeGreaterThan(hueSaturation(before).saturation * 0.85);
  });
});
