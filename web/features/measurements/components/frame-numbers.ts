/**
 * Frames are numbered from 1 on screen ('Frame 1 of 60'); the API's frameIndex counts from 0
 * (decision 102). Every screen converts here and nowhere else.
 */
export const displayFrame = (frameIndex: number) => frameIndex + 1;
export const frameIndexOf = (displayed: number) => displayed - 1;

/** A presentation time in seconds to the tenth of a millisecond: '1.2012 s'. */
export const formatTime = (seconds: number) => `${seconds.toFixed(4)} s`;

/** Index of the last timestamp at or before t (0 when t is before the first). */
export function frameAt(timestamps: number[], t: number) {
  let lo = 0;
  let hi = timestamps.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (timestamps[mid] <= t + 1e-9) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
