/**
 * The analysis feature's pieces of the player card. The players feature places them; the analysis
 * and videos features own what they render. Props are the contract between the two.
 */

export { RequestDialog } from './request-dialog';
export { FilmedRequestDialog } from './filmed-request-dialog';
export { RequestButtons } from './request-buttons';
export { PendingRequestsBanner } from './pending-requests-banner';
export { PlayerStatsPanel } from './player-stats-panel';
export { usePlayerHighlights } from './use-player-stats';
export { VideoCarousel } from '@/features/videos';
