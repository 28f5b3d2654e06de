// Human-readable sizes for storage and file sizes. The spec formats storage in units of 1024.

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'] as const;

/** Formats a byte count with 1024-based units: 0 -> '0 B', 1536 -> '1.5 KB'. Null or negative -> 'N/A'. */
export function formatBytes(bytes: number | null | undefined, fractionDigits = 1): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return 'N/A';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 ? 0 : fractionDigits;
  // Drop a trailing ".0" so that exact sizes read cleanly ("2 GB", not "2.0 GB").
  const text = value.toFixed(digits).replace(/\.0+$/, '');
  return `${text} ${UNITS[unit]}`;
}
