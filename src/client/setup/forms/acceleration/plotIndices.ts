// Which samples of a long acceleration file the preview draws: every k-th, the last one always.

/** At most about this many points per line, however long the file is. */
export const MAX_PLOT_POINTS = 600;

export function plotIndices(count: number, maxPoints = MAX_PLOT_POINTS): number[] {
  const stride = Math.max(1, Math.ceil(count / maxPoints));
  const indices: number[] = [];
  for (let i = 0; i < count; i += stride) indices.push(i);
  if (count > 0 && indices[indices.length - 1] !== count - 1) indices.push(count - 1);
  return indices;
}
