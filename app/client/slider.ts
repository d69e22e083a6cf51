/** Slider index math (SPEC §2: infinite gallery with a start index). */

/** Wraps `index` into `0 … count-1` in both directions (infinite slider); 0 when `count` is 0. */
export function wrapIndex(index: number, count: number): number {
  if (count <= 0 || !Number.isFinite(index)) return 0;
  return ((Math.trunc(index) % count) + count) % count;
}

/** Clamps a rating to the scale (SPEC §9: 0 to 5) and rounds it to one decimal for display as x/5. */
export function clampRating(value: number, min: number, max: number): number {
  if (!Number.isFinite(value)) return min;
  return Math.round(Math.min(max, Math.max(min, value)) * 10) / 10;
}
