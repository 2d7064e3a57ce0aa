import { prefetchPositions } from '@/features/players/api/get-positions';
import { prefetchVideoPages } from '@/features/videos/api/get-videos';

/**
 * The video library's first reads besides the player, in the cache before the library first renders: the
 * page named them (`firstReads`), so these requests take answers already here, and the library renders once
 * with its first page, whose thumbnails are its largest images (decision 232).
 */
export const prefetch = (playerId: number) =>
  Promise.all([prefetchVideoPages(playerId), prefetchPositions()]);
