// Display formats shared by lists and details: dates as dd.MM.yyyy, HH:mm (spec 2 §9), credits with two
// decimals, durations in hours and minutes.
import { CREDITS_DISPLAY_DECIMALS } from '../../domain/constants.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** '22.11.2026, 14:05' in the browser's time zone; '—' for a missing or invalid date. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  return `${pad(date.getDate())}.${pad(date.getMonth() + 1)}.${date.getFullYear()}, ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export function formatCredits(credits: number): string {
  return credits.toLocaleString('en-US', {
    minimumFractionDigits: CREDITS_DISPLAY_DECIMALS,
    maximumFractionDigits: CREDITS_DISPLAY_DECIMALS,
  });
}

/** Hours as 'Xh Ym' (VM hours and simulation hours). */
export function formatHours(hours: number): string {
  if (!Number.isFinite(hours) || hours <= 0) return '0h 0m';
  const totalMinutes = Math.round(hours * 60);
  return `${Math.floor(totalMinutes / 60)}h ${totalMinutes % 60}m`;
}
