/**
 * The Hudl links an analyst can measure: a video, never a profile page or another site (decision 206).
 * The shapes are Hudl's own share and embed addresses, on hudl.com or www.hudl.com:
 *   /video/3/4927189/5721d64c4df6124b70241827   a video (a highlight or a game clip); also /video/<id>
 *   /embed/video/3/4927189/5721d64c...          the same video's embed address
 *   /v/Tqusi                                    the Share button's short link
 *   /athlete/4927189/highlights/309644377       an athlete's highlight reel (and its /embed/ form)
 * A query or a fragment (a start time) may follow.
 */
const SEGMENT = '[A-Za-z0-9_-]+';
const VIDEO_PATHS = [
  new RegExp(`^/(embed/)?video/${SEGMENT}(/${SEGMENT}){0,2}/?$`, 'i'),
  new RegExp(`^/v/${SEGMENT}/?$`, 'i'),
  new RegExp(`^/(embed/)?athlete/\\d+/highlights/${SEGMENT}/?$`, 'i'),
];
const HOSTS = new Set(['hudl.com', 'www.hudl.com']);

/** An http(s) address with a host; what the specification's 'valid URL' means. */
function parse(text: string): URL | null {
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname ? url : null;
  } catch {
    return null;
  }
}

export const isWebUrl = (text: string) => parse(text) !== null;

export function isHudlVideoUrl(text: string): boolean {
  const url = parse(text);
  if (!url || !HOSTS.has(url.hostname) || url.port || url.username || url.password) return false;
  return VIDEO_PATHS.some((p) => p.test(url.pathname));
}

/** The specification's message for a link that is no address at all. */
export const HUDL_URL_INVALID = 'Please enter a valid Hudl URL';
const VIDEO_LINK = 'the link of a Hudl video (hudl.com/video/...)';
/** An address, but not one a play can be measured from (the IGA dialog, which has no upload). */
export const HUDL_VIDEO_ONLY = `Please enter ${VIDEO_LINK}, not a profile page or another site`;
/** The same for the speed dialog, where a clip from the library may stand in for the link. */
export const HUDL_VIDEO_OR_CLIP = `${HUDL_VIDEO_ONLY}, or choose a source video from the library`;
/** Neither a link nor a clip: nothing to measure. */
export const PLAY_SOURCE_MISSING = `Please enter ${VIDEO_LINK} or choose a source video from the library`;
