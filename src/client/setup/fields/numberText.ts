// Numbers as the setup forms show and read them: up to 12 significant digits, exponent notation typed
// as engineers type it.
export function formatNumber(value: number): string {
  return Number.isFinite(value) ? String(Number(value.toPrecision(12))) : '';
}

/** Parses typed text: a finite number, or the trimmed text when it is not one ('' stays ''). */
export function parseNumberText(text: string): number | string {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : trimmed;
}
