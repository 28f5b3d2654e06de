// The zip reader against valid archives and the ways untrusted ones go wrong: path traversal, links,
// lies about sizes and CRC, damaged data, too many or too large entries, and files that are no zip.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import {
  bufferSource,
  fileSource,
  isZipDataError,
  looksLikeZip,
  openZipEntryStream,
  readZipDirectory,
  readZipEntry,
  safeEntryName,
  ZipError,
  ZipLimitError,
  type ZipLimits,
} from '../../../src/server/platform/storage/zipReader.ts';
import { createZip, zerosBomb } from './zipFixtures.ts';

const LIMITS: ZipLimits = { maxEntries: 10, maxEntryBytes: 4 * 1024 * 1024, maxTotalBytes: 8 * 1024 * 1024, maxRatio: 100 };
const dir = mkdtempSync(join(tmpdir(), 'surge-zip-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('valid archives', () => {
  it('lists stored and deflated entries and reads them back byte for byte', async () => {
    const long = 'pressure,velocity\n'.repeat(2000);
    const zip = createZip([
      { name: 'case/', method: 'store' },
      { name: 'case/job.json', data: '{"a":1}', method: 'store' },
      { name: 'case/table.csv', data: long, method: 'deflate' },
    ]);
    expect(looksLikeZip(zip)).toBe(true);
    const source = bufferSource(zip);
    const entries = await readZipDirectory(source, LIMITS);
    expect(entries.map((e) => [e.name, e.isDirectory, e.method])).toEqual([
      ['case/', true, 0],
      ['case/job.json', false, 0],
      ['case/table.csv', false, 8],
    ]);
    expect(entries[2].compressedSize).toBeLessThan(entries[2].uncompressedSize);
    expect((await readZipEntry(source, entries[1], 1000)).toString()).toBe('{"a":1}');
    expect((await readZipEntry(source, entries[2], 1024 * 1024)).toString()).toBe(long);
    expect(await text(openZipEntryStream(source, entries[2]))).toBe(long);
  });

  it('reads from a file with positional reads', async () => {
    const path = join(dir, 'valid.zip');
    writeFileSync(path, createZip([{ name: 'a.txt', data: 'hello zip' }]));
    const source = await fileSource(path);
    try {
      const [entry] = await readZipDirectory(source, LIMITS);
      expect(await text(openZipEntryStream(source, entry))).toBe('hello zip');
    } finally {
      await source.close();
    }
  });

  it('accepts an empty archive and Windows separators', async () => {
    expect(await readZipDirectory(bufferSource(createZip([])), LIMITS)).toEqual([]);
    const [entry] = await readZipDirectory(bufferSource(createZip([{ name: 'folder\\part.stl', data: 'x' }])), LIMITS);
    expect(entry.name).toBe('folder/part.stl');
  });
});

describe('path traversal and links', () => {
  it.each([['../evil.json'], ['case/../../evil.json'], ['/etc/passwd'], ['C:/Windows/evil.dll'], ['..\\evil.json']])('refuses %s', async (name) => {
    await expect(readZipDirectory(bufferSource(createZip([{ name, data: 'x' }])), LIMITS)).rejects.toThrow(ZipError);
  });

  it('normalises harmless names and refuses symbolic links and duplicates', async () => {
    expect(safeEntryName('./case//job.json')).toBe('case/job.json');
    await expect(readZipDirectory(bufferSource(createZip([{ name: 'link', data: '/etc/passwd', unixMode: 0o120777 }])), LIMITS)).rejects.toThrow(/symbolic link/);
    await expect(readZipDirectory(bufferSource(createZip([{ name: 'a.stl', data: '1' }, { name: 'A.STL', data: '2' }])), LIMITS)).rejects.toThrow(/twice/);
  });
});

describe('bad archives', () => {
  it('refuses files that are no zip, truncated or encrypted archives', async () => {
    const notZip = Buffer.from('{"schemaVersion": 1}'.padEnd(200, ' '));
    expect(looksLikeZip(notZip)).toBe(false);
    await expect(readZipDirectory(bufferSource(notZip), LIMITS)).rejects.toThrow(/not a zip archive/);
    const zip = createZip([{ name: 'a.txt', data: 'hello' }]);
    await expect(readZipDirectory(bufferSource(zip.subarray(0, zip.length - 30)), LIMITS)).rejects.toThrow(ZipError);
    await expect(readZipDirectory(bufferSource(createZip([{ name: 'secret.txt', data: 'x', encrypted: true }])), LIMITS)).rejects.toThrow(/encrypted/);
  });

  it('notices a wrong CRC and damaged deflate data', async () => {
    const source = bufferSource(createZip([{ name: 'a.txt', data: 'hello world', crc: 1234 }]));
    const [entry] = await readZipDirectory(source, LIMITS);
    await expect(readZipEntry(source, entry, 1000)).rejects.toThrow(/CRC/);
    await expect(text(openZipEntryStream(source, entry))).rejects.toThrow(/CRC/);

    const zip = createZip([{ name: 'b.txt', data: 'some text that deflates'.repeat(20), method: 'deflate' }]);
    const [deflated] = await readZipDirectory(bufferSource(zip), LIMITS);
    const start = deflated.localHeaderOffset + 30 + 'b.txt'.length;
    zip.fill(0xff, start, start + 8);
    const damaged = bufferSource(zip);
    await expect(readZipEntry(damaged, deflated, 10_000)).rejects.toThrow(ZipError);
    const streamed = await text(openZipEntryStream(damaged, deflated)).catch((error: unknown) => error);
    expect(isZipDataError(streamed)).toBe(true);
  });
});

/** CPU time (user + system, ms) that `work` takes. */
async function cpuMs(work: () => Promise<unknown>): Promise<number> {
  const before = process.cpuUsage();
  await work().catch(() => undefined);
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

describe('limits', () => {
  const SIZE_ONLY: ZipLimits = { ...LIMITS, maxRatio: Number.POSITIVE_INFINITY };

  it('refuses too many entries, too large entries and too much in total', async () => {
    const many = createZip(Array.from({ length: 11 }, (_, i) => ({ name: `f${i}.txt`, data: 'x' })));
    await expect(readZipDirectory(bufferSource(many), LIMITS)).rejects.toThrow(/11 entries/);
    const big = createZip([{ name: 'big.bin', data: Buffer.alloc(LIMITS.maxEntryBytes + 1), method: 'deflate' }]);
    await expect(readZipDirectory(bufferSource(big), SIZE_ONLY)).rejects.toThrow(ZipLimitError);
    await expect(readZipDirectory(bufferSource(big), SIZE_ONLY)).rejects.toThrow(/at most 4 MB are accepted per file/);
    const total = createZip([0, 1, 2].map((i) => ({ name: `part${i}.bin`, data: Buffer.alloc(LIMITS.maxEntryBytes), method: 'deflate' as const })));
    await expect(readZipDirectory(bufferSource(total), SIZE_ONLY)).rejects.toThrow(/limit for all files together/);
  });

  it('refuses an entry over 1 MiB compressed more than the ratio allows, and lets small repetitive files pass', async () => {
    const zeros = createZip([{ name: 'zeros.bin', data: Buffer.alloc(2 * 1024 * 1024), method: 'deflate' }]);
    await expect(readZipDirectory(bufferSource(zeros), LIMITS)).rejects.toThrow(/compressed \d+ to 1 .*at most 100 to 1/);
    const small = createZip([{ name: 'job.json', data: '{"a":1}'.repeat(100_000), method: 'deflate' }]);
    const [entry] = await readZipDirectory(bufferSource(small), LIMITS);
    expect(entry.uncompressedSize / entry.compressedSize).toBeGreaterThan(100);
  });

  it('refuses entries that share their data and archives that unpack to too much for their size as a whole', async () => {
    // Two directory records pointing at the same data: the trick of bombs that pass per-entry ratios.
    const zip = createZip([{ name: 'a.bin', data: 'x'.repeat(1000), method: 'deflate' }, { name: 'b.bin', data: 'y'.repeat(1000), method: 'deflate' }]);
    const second = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    zip.writeUInt32LE(0, second + 42);
    await expect(readZipDirectory(bufferSource(zip), LIMITS)).rejects.toThrow(/a\.bin and b\.bin overlap/);

    const many = createZip(Array.from({ length: 4 }, (_, i) => ({ name: `part${i}.json`, data: `{"part":${i}}`.padEnd(1000 * 1024, ' '), method: 'deflate' as const })));
    await expect(readZipDirectory(bufferSource(many), LIMITS)).rejects.toThrow(/The archive is compressed \d+ to 1/);
    expect(await readZipDirectory(bufferSource(many), { ...LIMITS, maxRatio: 10_000 })).toHaveLength(4);
  });

  it('refuses a zip bomb (200 MiB of zeros in 200 KB) from its directory, in well under a second of CPU', async () => {
    const bomb = createZip([{ name: 'job.json', data: '{}' }, zerosBomb('bomb.stl', 200)]);
    expect(bomb.length).toBeLessThan(256 * 1024);
    const generous: ZipLimits = { maxEntries: 10, maxEntryBytes: 1 << 30, maxTotalBytes: 1 << 30, maxRatio: 100 };
    let refusal: unknown;
    const ms = await cpuMs(() => readZipDirectory(bufferSource(bomb), generous).catch((error: unknown) => (refusal = error)));
    console.log(`zip bomb (${bomb.length} bytes, 200 MiB unpacked) refused by its directory in ${ms.toFixed(1)} ms of CPU`);
    expect(refusal).toBeInstanceOf(ZipLimitError);
    expect(String(refusal)).toMatch(/bomb\.stl is compressed \d+ to 1/);
    expect(ms).toBeLessThan(250);
  });

  it('stops an entry that inflates beyond its declared size (a zip bomb lying about its size)', async () => {
    const bomb = createZip([{ name: 'bomb.stl', data: Buffer.alloc(512 * 1024), method: 'deflate', declaredSize: 100 }]);
    const source = bufferSource(bomb);
    const [entry] = await readZipDirectory(source, LIMITS);
    expect(entry.uncompressedSize).toBe(100);
    await expect(readZipEntry(source, entry, 1000)).rejects.toThrow(ZipLimitError);
    await expect(text(openZipEntryStream(source, entry))).rejects.toThrow(/more than the 100 bytes its directory states/);
  });

  it('stops a 200 MiB bomb whose header claims 1 MiB after about 1 MiB of output, in well under a second of CPU', async () => {
    const source = bufferSource(createZip([zerosBomb('bomb.stl', 200, 1024 * 1024)]));
    const [entry] = await readZipDirectory(source, LIMITS);
    let refusal: unknown;
    const ms = await cpuMs(() => text(openZipEntryStream(source, entry)).catch((error: unknown) => (refusal = error)));
    console.log(`lying zip bomb stopped while inflating after ${ms.toFixed(1)} ms of CPU`);
    expect(refusal).toBeInstanceOf(ZipLimitError);
    expect(ms).toBeLessThan(250);
  });
});
