// Pixel checks for viewer screenshots: a small PNG decoder (8-bit RGB/RGBA, non-interlaced, as
// Chromium writes them) and the comparisons the tests assert on.
import { inflateSync } from 'node:zlib';

export interface Image {
  width: number;
  height: number;
  /** RGBA, 4 bytes per pixel, rows top to bottom. */
  data: Uint8Array;
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

export function decodePng(png: Buffer): Image {
  if (png.readUInt32BE(0) !== 0x89504e47) throw new Error('not a PNG');
  let offset = 8;
  let width = 0;
  let height = 0;
  let colorType = 0;
  const chunks: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('ascii', offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      if (body[8] !== 8 || body[12] !== 0) throw new Error('only 8-bit non-interlaced PNGs');
      colorType = body[9];
    } else if (type === 'IDAT') {
      chunks.push(body);
    } else if (type === 'IEND') {
      break;
    }
    offset += 12 + length;
  }
  const channels = colorType === 6 ? 4 : colorType === 2 ? 3 : 0;
  if (!channels) throw new Error(`unsupported PNG colour type ${colorType}`);
  const raw = inflateSync(Buffer.concat(chunks));
  const stride = width * channels;
  const rows = new Uint8Array(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const src = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const row = rows.subarray(y * stride, (y + 1) * stride);
    const prev = y > 0 ? rows.subarray((y - 1) * stride, y * stride) : null;
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? row[x - channels] : 0;
      const b = prev ? prev[x] : 0;
      const c = prev && x >= channels ? prev[x - channels] : 0;
      let v = src[x];
      if (filter === 1) v += a;
      else if (filter === 2) v += b;
      else if (filter === 3) v += (a + b) >> 1;
      else if (filter === 4) v += paeth(a, b, c);
      row[x] = v & 0xff;
    }
  }
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    data[i * 4] = rows[i * channels];
    data[i * 4 + 1] = rows[i * channels + 1];
    data[i * 4 + 2] = rows[i * channels + 2];
    data[i * 4 + 3] = channels === 4 ? rows[i * channels + 3] : 255;
  }
  return { width, height, data };
}

export type Rgb = [number, number, number];

export function hexToRgb(hex: string): Rgb {
  return [parseInt(hex.slice(1, 3), 16), parseInt(hex.slice(3, 5), 16), parseInt(hex.slice(5, 7), 16)];
}

/** Pixels that differ from the background colour by more than `tolerance` in some channel. */
export function foregroundMask(image: Image, background: Rgb, tolerance = 12): Uint8Array {
  const mask = new Uint8Array(image.width * image.height);
  for (let i = 0; i < mask.length; i++) {
    const d = Math.max(
      Math.abs(image.data[i * 4] - background[0]),
      Math.abs(image.data[i * 4 + 1] - background[1]),
      Math.abs(image.data[i * 4 + 2] - background[2]),
    );
    mask[i] = d > tolerance ? 1 : 0;
  }
  return mask;
}

export function countOnes(mask: Uint8Array): number {
  let n = 0;
  for (const v of mask) n += v;
  return n;
}

/** Mean column (x) of the set pixels, or NaN when none. */
export function meanColumn(mask: Uint8Array, width: number): number {
  let sum = 0;
  let n = 0;
  for (let i = 0; i < mask.length; i++) {
    if (mask[i]) {
      sum += i % width;
      n += 1;
    }
  }
  return n ? sum / n : Number.NaN;
}

export interface ImageDifference {
  /** Mean absolute difference per channel, 0..255. */
  meanAbs: number;
  /** Fraction of pixels where some channel differs by more than `threshold`. */
  differingFraction: number;
}

export function compareImages(a: Image, b: Image, threshold = 48): ImageDifference {
  if (a.width !== b.width || a.height !== b.height) throw new Error('images differ in size');
  let sum = 0;
  let differing = 0;
  const n = a.width * a.height;
  for (let i = 0; i < n; i++) {
    let max = 0;
    for (let c = 0; c < 3; c++) {
      const d = Math.abs(a.data[i * 4 + c] - b.data[i * 4 + c]);
      sum += d;
      if (d > max) max = d;
    }
    if (max > threshold) differing += 1;
  }
  return { meanAbs: sum / (n * 3), differingFraction: differing / n };
}

/**
 * Mean absolute luminance step between horizontally adjacent foreground pixels: high for a cloud of
 * shaded spheres, low for a smooth surface.
 */
export function roughness(image: Image, mask: Uint8Array): number {
  const lum = (i: number) => 0.299 * image.data[i * 4] + 0.587 * image.data[i * 4 + 1] + 0.114 * image.data[i * 4 + 2];
  let sum = 0;
  let n = 0;
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x + 1 < image.width; x++) {
      const i = y * image.width + x;
      if (mask[i] && mask[i + 1]) {
        sum += Math.abs(lum(i) - lum(i + 1));
        n += 1;
      }
    }
  }
  return n ? sum / n : 0;
}
