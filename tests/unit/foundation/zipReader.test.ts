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
  type ZipLimits,
} from '../../../src/server/storage/zipReader.ts';
import { createZip } from './zipFixtures.ts';

const LIMITS: ZipLimits = { maxEntries: 10, maxEntryBytes: 1024 * 1024, maxTotalBytes: 2 * 1024 * 1024 };
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

describe('limits', () => {
  it('refuses too many entries, too large entries and too much in total', async () => {
    const many = createZip(Array.from({ length: 11 }, (_, i) => ({ name: `f${i}.txt`, data: 'x' })));
    await expect(readZipDirectory(bufferSource(many), LIMITS)).rejects.toThrow(/11 entries/);
    const big = createZip([{ name: 'big.bin', data: Buffer.alloc(LIMITS.maxEntryBytes + 1), method: 'deflate' }]);
    await expect(readZipDirectory(bufferSource(big), LIMITS)).rejects.toThrow(/at most/);
    const total = createZip([0, 1, 2].map((i) => ({ name: `part${i}.bin`, data: Buffer.alloc(LIMITS.maxEntryBytes), method: 'deflate' as const })));
    await expect(readZipDirectory(bufferSource(total), LIMITS)).rejects.toThrow(/uncompressed/);
  });

  it('stops an entry that inflates beyond its declared size (a zip bomb lying about its size)', async () => {
    const bomb = createZip([{ name: 'bomb.stl', data: Buffer.alloc(512 * 1024), method: 'deflate', declaredSize: 100 }]);
    const source = bufferSource(bomb);
    const [entry] = await readZipDirectory(source, LIMITS);
    expect(entry.uncompressedSize).toBe(100);
    await expect(readZipEntry(source, entry, 1000)).rejects.toThrow(ZipError);
    await expect(text(openZipEntryStream(source, entry))).rejects.toThrow(/size/);
  });
});
