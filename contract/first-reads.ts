import { analysisApi } from './api/analysis';
import { fortyApi } from './api/forty';
import { playersApi } from './api/players';
import { sharingApi } from './api/sharing';
import { videosApi } from './api/videos';
import { pathOf } from './endpoint';

/**
 * The reads a signed-in screen makes as it first renders, by the page's path, as the URLs the web app asks
 * for (no query: the screens ask for these without one). The server names them in the page it sends for
 * that path (`<link rel="preload">`), so they leave with the HTML instead of after the entry's code has run
 * and the screen has rendered; the screen's own requests then take the answers already on their way
 * (decision 224). Only the player card is named: it is the screen whose in-view reads came last.
 */
export function firstReads(pathname: string): string[] {
  const card = /^\/players\/([1-9][0-9]{0,9})$/.exec(pathname);
  if (!card) return [];
  const id = Number(card[1]);
  return [
    pathOf(playersApi.get, { id }),
    pathOf(videosApi.list, { playerId: id }),
    pathOf(sharingApi.resultPercentiles, { id }),
    pathOf(fortyApi.results, { id }),
    pathOf(analysisApi.pending, { id }),
    pathOf(playersApi.positions),
  ];
}
