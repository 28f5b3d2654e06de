import { describe, expect, it } from 'vitest';
import { formatBytes } from '../../../src/client/ui/formatBytes.ts';
import { truncateDescription } from '../../../src/client/projects/truncateDescription.ts';
import { storageLevel, storagePercent } from '../../../src/client/ui/storageLevel.ts';
import { formatCredits, formatDateTime, formatHours } from '../../../src/client/ui/format.ts';

describe('formatBytes (units of 1024)', () => {
  it('formats in 1024 steps and drops a trailing .0', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1023 B');
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 ** 3)).toBe('5 GB');
    expect(formatBytes(1.25 * 1024 ** 4, 2)).toBe('1.25 TB');
  });

  it('says N/A when there is no size', () => {
    expect(formatBytes(null)).toBe('N/A');
    expect(formatBytes(undefined)).toBe('N/A');
    expect(formatBytes(-1)).toBe('N/A');
    expect(formatBytes(Number.NaN)).toBe('N/A');
  });
});

describe('truncateDescription', () => {
  it('keeps texts up to 120 characters', () => {
    const text = 'x'.repeat(120);
    expect(truncateDescription(text)).toEqual({ text, truncated: false });
  });

  it('cuts longer texts at 120 characters with an ellipsis', () => {
    const result = truncateDescription(`${'a'.repeat(119)} tail of the description`);
    expect(result.truncated).toBe(true);
    expect(result.text).toBe(`${'a'.repeat(119)}…`);
  });

  it('never splits a character made of two UTF-16 units', () => {
    const result = truncateDescription('🌊'.repeat(130));
    expect(Array.from(result.text)).toHaveLength(121);
    expect(result.text.endsWith('🌊…')).toBe(true);
  });
});


describe('storage indicator levels', () => {
  const at = (consumedBytes: number, availableBytes = 1000) => ({ consumedBytes, availableBytes, lastUpdated: '2026-01-01T00:00:00Z' });
  it('is ok below 90 %, warns from 90 %, errors at 100 %', () => {
    expect(storageLevel(at(0))).toBe('ok');
    expect(storageLevel(at(899))).toBe('ok');
    expect(storageLevel(at(900))).toBe('warn');
    expect(storageLevel(at(999))).toBe('warn');
    expect(storageLevel(at(1000))).toBe('error');
    expect(storageLevel(at(5, 0))).toBe('error');
  });
  it('clamps the bar to 0..100', () => {
    expect(storagePercent(at(500))).toBe(50);
    expect(storagePercent(at(3000))).toBe(100);
  });
});

describe('display formats', () => {
  it('shows credits with two decimals and hours as h and m', () => {
    expect(formatCredits(12)).toBe('12.00');
    expect(formatCredits(1234.567)).toBe('1,234.57');
    expect(formatHours(1.5)).toBe('1h 30m');
    expect(formatHours(0)).toBe('0h 0m');
  });
  it('formats dates as dd.MM.yyyy, HH:mm and marks missing ones', () => {
    const local = new Date(2026, 10, 22, 9, 5);
    expect(formatDateTime(local.toISOString())).toBe('22.11.2026, 09:05');
    expect(formatDateTime(null)).toBe('—');
    expect(formatDateTime('not a date')).toBe('—');
  });
});
