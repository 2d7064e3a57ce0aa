import { analysisApi } from './api/analysis';
import { measurementsApi } from './api/measurements';
import { playersApi } from './api/players';
import { sharingApi } from './api/sharing';
import { videosApi } from './api/videos';
import { pathOf } from './endpoint';
import { PAGE_SIZES } from './pagination';
import { receiptRevision } from './measurements';

/**
 * The reads a signed-in screen makes as it first renders, by the page's path and query, as the URLs the web
 * app asks for. The server names them in the page it sends for that path (`<link rel="preload">`), so they
 * leave with the HTML instead of after the entry's code has run and the screen has rendered; the screen's
 * own requests then take the answers already on their way (decision 224). Named: the player card (its
 * in-view reads came last), a receipt of the latest revision (its still is the screen's largest image,
 * and its address is in the receipt's answer; decision 231) and the video library (its first page names
 * the thumbnails, its largest images; decision 232). A receipt's `?revision=N` is asked for with
 * its query, which the page does not name: nothing is named for it.
 */
export function firstReads(pathname: string, search = ''): string[] {
  const receipt = /^\/receipts\/([1-9][0-9]{0,9})$/.exec(pathname);
  if (receipt)
    return receiptRevision(new URLSearchParams(search))
      ? []
      : [pathOf(measurementsApi.receipt, { id: Number(receipt[1]) })];
  const library = /^\/players\/([1-9][0-9]{0,9})\/videos$/.exec(pathname);
  if (library) {
    const id = Number(library[1]);
    return [
      pathOf(playersApi.get, { id }),
      `${pathOf(videosApi.list, { playerId: id })}?limit=${PAGE_SIZES.videos.screen}`,
      pathOf(playersApi.positions),
    ];
  }
  const card = /^\/players\/([1-9][0-9]{0,9})$/.exec(pathname);
  if (!card) return [];
  const id = Number(card[1]);
  return [
    pathOf(playersApi.get, { id }),
    pathOf(videosApi.list, { playerId: id }),
    pathOf(sharingApi.resultPercentiles, { id }),
    pathOf(measurementsApi.kindBests, { id }),
    pathOf(analysisApi.pending, { id }),
    pathOf(playersApi.positions),
  ];
}
