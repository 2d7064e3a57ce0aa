import { prefetchPendingRequests } from '@/features/analysis/api/get-pending-requests';
import { prefetchKindBests } from '@/features/measurements/api/kind-bests';
import { prefetchPositions } from '@/features/players/api/get-positions';
import { prefetchResultPercentiles } from '@/features/sharing/api/get-percentiles';
import { prefetchVideos } from '@/features/videos/api/get-videos';

/**
 * The player card's first reads besides the player, in the cache before the card first renders: the page
 * named them (`firstReads`, decision 224), so these requests take answers already here, and the card
 * renders once, whole, instead of once per answer (decision 232).
 */
export const prefetch = (playerId: number) =>
  Promise.all([
    prefetchVideos(playerId),
    prefetchResultPercentiles(playerId),
    prefetchKindBests(playerId),
    prefetchPendingRequests(playerId),
    prefetchPositions(),
  ]);
