// Which part a click means when the ray passes through several: enclosing parts (tanks, domain boxes)
// never hide the parts inside them.

/** The nearest of the parts whose ray interval encloses no other part's interval. */
export function pickInnermost(intervals: ReadonlyMap<string, { near: number; far: number }>): string | null {
  const entries = [...intervals.entries()];
  let best: { id: string; near: number } | null = null;
  for (const [id, a] of entries) {
    const enclosesAnother = entries.some(([other, b]) => other !== id && a.near < b.near && b.far < a.far);
    if (enclosesAnother) continue;
    if (!best || a.near < best.near) best = { id, near: a.near };
  }
  return best?.id ?? null;
}
