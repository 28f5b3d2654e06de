// The acceleration file parser: what it reads (with or without a header, any column order, comma,
// semicolon or tab, CRLF, a byte order mark, comments) and the message for each kind of bad file; the
// linear interpolation between samples.
import { describe, expect, it } from 'vitest';
import {
  ACCELERATION_FILE_MESSAGES, accelerationAt, isCsvName, parseAccelerationCsv, readAccelerationCsv,
} from '../../../src/domain/accelerationFile.ts';

describe('acceleration file parser', () => {
  it('reads a file with a header', () => {
    expect(parseAccelerationCsv('time,ax,ay,az\n0,0,0,0\n0.5,1,2,3\n1,1,2,-9.81\n')).toEqual({
      ok: true,
      samples: { time: [0, 0.5, 1], ax: [0, 1, 1], ay: [0, 2, 2], az: [0, 3, -9.81] },
    });
  });

  it('reads rows without a header, other separators, CRLF, a byte order mark, comments and columns in any order', () => {
    expect(readAccelerationCsv('\uFEFF# shaker table\r\n0;1;2;3\r\n\r\n1e-1;4;5;6\r\n')).toEqual({ time: [0, 0.1], ax: [1, 4], ay: [2, 5], az: [3, 6] });
    expect(readAccelerationCsv(' AZ\tTime\tay\tax\n3\t0\t2\t1\n6\t1\t5\t4')).toEqual({ time: [0, 1], ax: [1, 4], ay: [2, 5], az: [3, 6] });
  });

  const bad: [string, string, string][] = [
    ['nothing', '', ACCELERATION_FILE_MESSAGES.empty],
    ['only blank lines and comments', '\n# nothing\n\n', ACCELERATION_FILE_MESSAGES.empty],
    ['a header alone', 'time,ax,ay,az\n', ACCELERATION_FILE_MESSAGES.tooFewRows],
    ['one row', 'time,ax,ay,az\n0,1,1,1\n', ACCELERATION_FILE_MESSAGES.tooFewRows],
    ['a header without az', 'time,ax,ay\n0,1,1\n1,1,1\n', ACCELERATION_FILE_MESSAGES.missingColumns(['az'])],
    ['a header without time and ay', 't,ax,y,az\n0,1,1,1\n', ACCELERATION_FILE_MESSAGES.missingColumns(['time', 'ay'])],
    ['a header with a fifth column', 'time,ax,ay,az,jerk\n0,1,1,1,0\n', ACCELERATION_FILE_MESSAGES.columnCount(1, 5)],
    ['a row with three values', 'time,ax,ay,az\n0,1,1,1\n1,1,1\n', ACCELERATION_FILE_MESSAGES.columnCount(3, 3)],
    ['a first row with five values', '0,1,1,1,1\n1,1,1,1,1\n', ACCELERATION_FILE_MESSAGES.columnCount(1, 5)],
    ['a word for a number', 'time,ax,ay,az\n0,1,1,1\n1,1,one,1\n', ACCELERATION_FILE_MESSAGES.notANumber(3, 'ay', 'one')],
    ['an empty cell', '0,1,1,1\n1,,1,1\n', ACCELERATION_FILE_MESSAGES.notANumber(2, 'ax', '')],
    ['a decimal comma', '0;1;1;1\n1;1,5;1;1\n', ACCELERATION_FILE_MESSAGES.columnCount(2, 5)],
    ['an infinite value', '0,1,1,1\n1,1,1,1e999\n', ACCELERATION_FILE_MESSAGES.notANumber(2, 'az', '1e999')],
    ['a time that repeats', '0,0,0,0\n1,0,0,0\n1,1,0,0\n', ACCELERATION_FILE_MESSAGES.timeNotIncreasing(3, 1, 1)],
    ['a time that goes back', 'time,ax,ay,az\n0,0,0,0\n2,0,0,0\n1,0,0,0\n', ACCELERATION_FILE_MESSAGES.timeNotIncreasing(4, 1, 2)],
    ['binary bytes', '\u0000\u0001\u0002', ACCELERATION_FILE_MESSAGES.notText],
  ];
  for (const [what, text, message] of bad) {
    it(`refuses ${what}: "${message}"`, () => {
      expect(parseAccelerationCsv(text)).toEqual({ ok: false, message });
      expect(() => readAccelerationCsv(text)).toThrow(message);
    });
  }

  it('accepts only .csv names', () => {
    expect(isCsvName('shaker.CSV')).toBe(true);
    expect(isCsvName('shaker.csv.txt')).toBe(false);
  });
});

describe('acceleration between samples', () => {
  const samples = readAccelerationCsv('time,ax,ay,az\n0,0,0,0\n1,2,-4,1\n3,2,0,1\n');

  it('is interpolated linearly and holds the nearest sample outside the file', () => {
    expect(accelerationAt(samples, 0.25)).toEqual([0.5, -1, 0.25]);
    expect(accelerationAt(samples, 2)).toEqual([2, -2, 1]);
    expect(accelerationAt(samples, 1)).toEqual([2, -4, 1]);
    expect(accelerationAt(samples, -1)).toEqual([0, 0, 0]);
    expect(accelerationAt(samples, 10)).toEqual([2, 0, 1]);
  });
});
