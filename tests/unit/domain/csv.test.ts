// The one CSV writer: quoting of separators, quotes and line breaks, numbers and empty cells, the
// separator parameter, and the chart CSV with the spec's semicolon.
import { describe, expect, it } from 'vitest';
import { chartToCsv, defaultDatasetLayout, type ChartDataset, type ChartLayout } from '../../../src/domain/chart.ts';
import { CHART_CSV, csvCell, toCsv } from '../../../src/domain/csv.ts';

describe('toCsv', () => {
  it('writes rows with CRLF after every record and leaves plain cells unquoted', () => {
    expect(toCsv([['a', 'b'], ['1', '2']])).toBe('a,b\r\n1,2\r\n');
    expect(toCsv([])).toBe('');
    expect(toCsv([[]])).toBe('\r\n');
  });

  it('quotes cells holding the separator, quotes or line breaks, doubling the quotes', () => {
    expect(toCsv([['Tank, large', 'say "hi"', 'two\nlines', 'cr\rhere', 'crlf\r\nhere']])).toBe('"Tank, large","say ""hi""","two\nlines","cr\rhere","crlf\r\nhere"\r\n');
    expect(csvCell('"')).toBe('""""');
    expect(csvCell('  padded  ')).toBe('  padded  ');
  });

  it('quotes by the separator in use: a comma is plain text in semicolon CSV and the other way round', () => {
    expect(toCsv([['1,5', 'a;b']], { separator: ';' })).toBe('1,5;"a;b"\r\n');
    expect(toCsv([['1,5', 'a;b']])).toBe('"1,5",a;b\r\n');
    expect(toCsv([['a\tb', 'c']], { separator: '\t' })).toBe('"a\tb"\tc\r\n');
  });

  it('writes numbers in full precision without locale, and empty cells for null, undefined and non-finite numbers', () => {
    expect(toCsv([[0, -1.5, 1e-7, 123456789.125, 0.1 + 0.2, true]])).toBe('0,-1.5,1e-7,123456789.125,0.30000000000000004,true\r\n');
    expect(toCsv([[null, undefined, Number.NaN, Number.POSITIVE_INFINITY, '', 'x']])).toBe(',,,,,x\r\n');
  });

  it('refuses separators that cannot separate', () => {
    for (const separator of ['', ';;', '"', '\n', '\r']) expect(() => toCsv([['a']], { separator })).toThrow(/separator/);
  });
});

describe('formula text', () => {
  it('is written as plain text, while numbers, negative ones included, stay numbers', () => {
    const csv = toCsv([['=HYPERLINK("http://x","y")', '+A1', '-2+3', '@SUM(A1)', '\tcmd', 'plain', -2, 0, '-12.35', '+1e3']]);
    expect(csv).toBe(`"'=HYPERLINK(""http://x"",""y"")",'+A1,'-2+3,'@SUM(A1),'\tcmd,plain,-2,0,-12.35,+1e3\r\n`);
  });
});

describe('chart CSV', () => {
  it('is semicolon-separated: the x column, one column per dataset, empty where a dataset has no point', () => {
    const dataset = (id: string, data: ChartDataset['data']): ChartDataset => ({ id, operation: 'mean', attribute: 'pressure', subAttribute: null, objs: ['fluid'], data });
    const layout: ChartLayout = {
      name: 'Pressure',
      xAxis: 'time',
      yLabel: 'Pa',
      minY: null,
      maxY: null,
      interpolation: 'linear',
      timeIndicator: false,
      datasetLayouts: { a: defaultDatasetLayout(0, 'Mean; fluid'), b: defaultDatasetLayout(1, 'Max "tank"') },
    };
    const window = { datasets: [dataset('a', [{ x: 0, y: 1.5 }, { x: 2, y: -3 }]), dataset('b', [{ x: 1, y: 1e5 }])], layout };
    expect(CHART_CSV.separator).toBe(';');
    expect(chartToCsv(window, 0.25)).toBe('time;"Mean; fluid";"Max ""tank"""\r\n0;1.5;\r\n0.25;;100000\r\n0.5;-3;\r\n');
    expect(chartToCsv({ ...window, layout: { ...layout, xAxis: 'outputs' } }, 0.25).split('\r\n')[0]).toBe('output;"Mean; fluid";"Max ""tank"""');
  });
});
