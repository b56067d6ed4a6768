/** The start of the bucket of `width` that holds `micros`: a multiple of `width` from the epoch. */
export function bucketStart(micros: number, width: number): number {
  return Math.floor(micros / width) * width;
}
