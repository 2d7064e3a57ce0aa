import { isHudlVideoUrl } from '@contract/hudl-links';

// The player's saved Hudl link is usually the profile page; the analyst needs a video, so only a video link is prefilled.
export const playLink = (url: string | null | undefined) => (url && isHudlVideoUrl(url) ? url : '');
