// Which part a click means when the ray passes through several: enclosing parts (tanks, domain boxes)
// never hide the parts inside them, also where a part fills its container wall to wall (a water column
// against the tank's walls shares the tank's faces, so the ray enters, and may leave, both at the same
// distance): among parts entered at the same distance the smaller one is the inner one.

/** Relative slack of the distances along the ray: coincident faces differ by float noise only. */
const SAME_DISTANCE = 1e-6;

export interface RayInterval {
  near: number;
  far: number;
  /** Size of the part (bounding radius, m): breaks ties between parts entered at the same distance. */
  size?: number;
}

function slackOf(a: RayInterval, b: RayInterval): number {
  return SAME_DISTANCE * Math.max(1, Math.abs(a.far), Math.abs(b.far));
}

/** Whether interval `a` holds interval `b` and is the longer one (shared ends count as held). */
function encloses(a: RayInterval, b: RayInterval): boolean {
  const slack = slackOf(a, b);
  return a.near <= b.near + slack && b.far <= a.far + slack && a.far - a.near > b.far - b.near + slack;
}

/** The nearest of the parts whose ray interval encloses no other part's interval; the smaller on a tie. */
export function pickInnermost(intervals: ReadonlyMap<string, RayInterval>): string | null {
  const entries = [...intervals.entries()];
  let best: { id: string; hit: RayInterval } | null = null;
  for (const [id, a] of entries) {
    const enclosesAnother = entries.some(([other, b]) => other !== id && encloses(a, b));
    if (enclosesAnother) continue;
    if (!best) {
      best = { id, hit: a };
      continue;
    }
    const tie = Math.abs(a.near - best.hit.near) <= slackOf(a, best.hit);
    const nearer = tie ? (a.size ?? Infinity) < (best.hit.size ?? Infinity) : a.near < best.hit.near;
    if (nearer) best = { id, hit: a };
  }
  return best?.id ?? null;
}
