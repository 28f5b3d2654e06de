// How the Monitor names the solver's log values and formats them: labels, units, and the text shown for
// a value (progress as percent, times in s with four significant digits, counts as integers).
import type { GraphUnit, LogValueKey } from '../../domain/dashboard.ts';
import { TIME_LABEL_PRECISION } from '../../domain/constants.ts';

export const LOG_VALUE_INFO: Readonly<Record<LogValueKey, { label: string; unit: string; description: string }>> = {
  progress: { label: 'Progress', unit: '%', description: 'Simulated time over end time' },
  time: { label: 'Simulated time', unit: 's', description: 'Physical time reached by the solver' },
  runtime: { label: 'Runtime', unit: 's', description: 'Wall-clock time used by the run' },
  runtimeLeft: { label: 'Runtime left', unit: 's', description: 'Estimated wall-clock time to the end' },
  runtimePerS: { label: 'Runtime per simulated second', unit: 's/s', description: 'Wall-clock seconds per simulated second' },
  dt: { label: 'Time step', unit: 's', description: 'Current time step of the integration' },
  particles: { label: 'Particles', unit: '', description: 'Particles in the simulation' },
  output: { label: 'Output', unit: '', description: 'Number of the last output written' },
  credits: { label: 'Credits', unit: '', description: 'Credits consumed by the run' },
};

export const GRAPH_UNIT_LABEL: Readonly<Record<GraphUnit, string>> = {
  time: 'Simulated time [s]',
  runtime: 'Runtime [s]',
};

export function logValueTitle(key: LogValueKey): string {
  const { label, unit } = LOG_VALUE_INFO[key];
  return unit ? `${label} [${unit}]` : label;
}

/** Progress comes as a fraction 0..1; it is shown and plotted in percent. */
export function displayLogValue(key: LogValueKey, value: number): number {
  return key === 'progress' ? value * 100 : value;
}

/** Short text of a number: integers grouped, small and large values in exponent form. */
export function formatNumber(value: number, digits = TIME_LABEL_PRECISION): string {
  if (!Number.isFinite(value)) return '—';
  if (Number.isInteger(value) && Math.abs(value) < 1e9) return value.toLocaleString('en-US');
  const abs = Math.abs(value);
  if (abs !== 0 && (abs < 1e-3 || abs >= 1e6)) return value.toExponential(digits - 1);
  return Number(value.toPrecision(digits)).toString();
}

/** Seconds as '1h 02m 03s', '2m 05s' or '4.2 s'. */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '—';
  if (seconds < 60) return `${formatNumber(seconds, 3)} s`;
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}h ${pad(m)}m ${pad(s)}s` : `${m}m ${pad(s)}s`;
}

export function formatLogValue(key: LogValueKey, value: number | null): string {
  if (value === null || !Number.isFinite(value)) return '—';
  switch (key) {
    case 'progress':
      return `${formatNumber(value * 100, 3)} %`;
    case 'runtime':
    case 'runtimeLeft':
      return formatDuration(value);
    case 'time':
    case 'dt':
      return `${formatNumber(value)} s`;
    case 'particles':
    case 'output':
      return Math.round(value).toLocaleString('en-US');
    case 'credits':
      return value.toFixed(2);
    case 'runtimePerS':
      return `${formatNumber(value, 3)} s/s`;
  }
}
