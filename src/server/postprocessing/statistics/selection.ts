// Exact order statistics without sorting: in-place selection (quickselect with a median-of-three pivot
// and a fallback to a full sort of the range when partitioning degenerates), and percentiles by linear
// interpolation between the two neighbouring order statistics (numpy's default 'linear' method).

/** Ranges at or below this length are finished by insertion sort. */
const SMALL_RANGE = 16;

function insertionSort(a: Float64Array, lo: number, hi: number): void {
  for (let i = lo + 1; i <= hi; i++) {
    const v = a[i];
    let j = i - 1;
    while (j >= lo && a[j] > v) {
      a[j + 1] = a[j];
      j--;
    }
    a[j + 1] = v;
  }
}

function swap(a: Float64Array, i: number, j: number): void {
  const t = a[i];
  a[i] = a[j];
  a[j] = t;
}

/**
 * Rearranges a[lo..hi] so that a[k] holds the value it would hold sorted, everything before it is <= a[k]
 * and everything after it >= a[k]. Expected linear time; a range that keeps shrinking too slowly (adversarial
 * input) is sorted instead, which bounds the worst case at n log n.
 */
export function selectInPlace(a: Float64Array, k: number, lo = 0, hi = a.length - 1): number {
  if (k < lo || k > hi) throw new RangeError(`rank ${k} outside ${lo}..${hi}`);
  let budget = 2 * Math.ceil(Math.log2(hi - lo + 2)) + 8;
  while (hi - lo > SMALL_RANGE) {
    if (budget-- <= 0) {
      a.subarray(lo, hi + 1).sort();
      return a[k];
    }
    // Median of three as the pivot, moved to lo.
    const mid = (lo + hi) >>> 1;
    if (a[mid] < a[lo]) swap(a, mid, lo);
    if (a[hi] < a[lo]) swap(a, hi, lo);
    if (a[hi] < a[mid]) swap(a, hi, mid);
    swap(a, lo, mid);
    const pivot = a[lo];
    // Hoare partition: equal keys split evenly, so runs of equal values do not degrade it.
    let i = lo;
    let j = hi + 1;
    for (;;) {
      do i++; while (i <= hi && a[i] < pivot);
      do j--; while (a[j] > pivot);
      if (i >= j) break;
      swap(a, i, j);
    }
    swap(a, lo, j);
    if (j === k) return a[k];
    if (k < j) hi = j - 1;
    else lo = j + 1;
  }
  insertionSort(a, lo, hi);
  return a[k];
}

/**
 * Several percentiles (0..100) of `values` at once, by linear interpolation between order statistics.
 * `values` is reordered. Ranks are selected in ascending order, each inside the range the previous one
 * left above it, so three percentiles cost about as much as one.
 */
export function percentilesInPlace(values: Float64Array, percents: readonly number[]): number[] {
  const n = values.length;
  if (n === 0) return percents.map(() => Number.NaN);
  const positions = percents.map((p) => (Math.min(100, Math.max(0, p)) / 100) * (n - 1));
  const ranks = [...new Set(positions.flatMap((x) => [Math.floor(x), Math.min(n - 1, Math.ceil(x))]))].sort((x, y) => x - y);
  const at = new Map<number, number>();
  let lo = 0;
  for (const rank of ranks) {
    at.set(rank, selectInPlace(values, rank, lo, n - 1));
    lo = rank;
  }
  return positions.map((x) => {
    const below = Math.floor(x);
    const above = Math.min(n - 1, Math.ceil(x));
    const a = at.get(below) as number;
    const b = at.get(above) as number;
    return a + (b - a) * (x - below);
  });
}
