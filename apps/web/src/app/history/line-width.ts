/** A line's width in CSS pixels where its points lie far enough apart. */
export const LINE_WIDTH = 1.5;
/** Points closer than this on average, in device pixels, make a line dense. */
export const DENSE_BELOW_DEVICE_PX = 8;

/**
 * The width in CSS pixels to draw a line of `points` points across `plotDevicePx` device pixels:
 * {@link LINE_WIDTH}, or one device pixel where the points lie closer than
 * {@link DENSE_BELOW_DEVICE_PX}. Chromium rasterises a wider line through hundreds of close points
 * in software at up to a second a frame, and a line one device pixel wide in a few milliseconds
 * (docs/web.md, "Graph").
 */
export function lineWidth(points: number, plotDevicePx: number, pxRatio: number): number {
  return points * DENSE_BELOW_DEVICE_PX > plotDevicePx ? 1 / pxRatio : LINE_WIDTH;
}

/** How many cells of `column` from `first` to `last` hold a value. */
export function pointsBetween(column: ArrayLike<unknown>, first: number, last: number): number {
  let points = 0;
  for (let i = first; i <= last; i++) if (typeof column[i] === 'number') points++;
  return points;
}
