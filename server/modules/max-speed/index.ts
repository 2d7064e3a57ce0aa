import { registerClipPreparation, registerKindCheck, registerKindHandler } from '../analysis';
import { enqueueTrackLines, recheckTrackedSpeeds, registerRecheck, trackLinesMissing } from '../measurements';
import { speedClipCheck } from './max-speed-clip-check';
import { maxSpeedHandler } from './max-speed-complete';

/**
 * Max Speed's own code (decision 279): its completion, its clip check, the yard lines found at upload
 * (decision 344) and the recheck of tracked speeds under a new tracker (issue 48), registered by its key as
 * every kind's are. Its measurement, tracker, receipts and routes are the measurements module's (they came
 * first; decision 279 says why they stay).
 */
const MAX_SPEED_KIND = 'max_speed';

registerKindHandler(MAX_SPEED_KIND, maxSpeedHandler);
registerKindCheck(MAX_SPEED_KIND, speedClipCheck);
// A clip ready for a Max Speed has its yard lines found at upload: the analyst's first track reads them (decision
// 344); a queued request's clip without lines by this tracker gets them again (decision 347).
registerClipPreparation(MAX_SPEED_KIND, enqueueTrackLines, trackLinesMissing);
registerRecheck(MAX_SPEED_KIND, recheckTrackedSpeeds);
