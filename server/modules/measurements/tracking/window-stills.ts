import type { TrackResult } from '../../../../contract/tracking';
import { FfmpegError, execTool as exec, ffmpegPath } from '../../../lib/ffmpeg';
import { windowEnds } from './fit-result';

/** Upper body box of decision 210's template: 0.4 to 0.95 of a 2-yard player, half a body height wide. */
const BOX = { top: 0.95, bottom: 0.4, half: 0.25, playerYards: 2 };

export interface WindowStill {
  which: 'first' | 'last';
  frameIndex: number;
  time: number;
  /** ffmpeg drawbox boxes as shares of the picture (x, y, w, h in 0..1): the tracker's box, the ground point. */
  box: [number, number, number, number];
  ground: [number, number, number, number];
}

/** Pixels per yard along the frame's row y, from the yard lines used on that frame (5 yards apart). */
function pxPerYard(result: TrackResult, frameIndex: number, y: number) {
  const lines = result.lines.find((l) => l.frameIndex === frameIndex)?.lines ?? [];
  const xs = lines
    .map((l) => ({ yard: l.yardLine, x: l.x0 + ((l.x1 - l.x0) * y) / result.height }))
    .sort((a, b) => a.yard - b.yard);
  const per: number[] = [];
  for (let i = 1; i < xs.length; i++)
    if (xs[i].yard !== xs[i - 1].yard)
      per.push(Math.abs(xs[i].x - xs[i - 1].x) / (xs[i].yard - xs[i - 1].yard));
  if (!per.length) return result.width / 30;
  per.sort((a, b) => a - b);
  return per[Math.floor(per.length / 2)];
}

/**
 * The frames that bound the Max Speed window (the last at or before its start, the first at or after its
 * end) with the track drawn on them (issue 31): the tracker's upper-body box and the ground point.
 */
export function windowStills(result: TrackResult): WindowStill[] {
  const ends = windowEnds(result);
  if (!ends) return [];
  const { first, last } = ends;
  const W = result.width;
  const H = result.height;
  return [
    ['first', first],
    ['last', last],
  ].map(([which, f]) => {
    const fr = f as typeof first;
    const body = BOX.playerYards * pxPerYard(result, fr.frameIndex, fr.y);
    const dot = Math.max(3, body * 0.06);
    return {
      which: which as 'first' | 'last',
      frameIndex: fr.frameIndex,
      time: fr.time,
      box: [
        (fr.x - BOX.half * body) / W,
        (fr.y - BOX.top * body) / H,
        (2 * BOX.half * body) / W,
        ((BOX.top - BOX.bottom) * body) / H,
      ],
      ground: [(fr.x - dot / 2) / W, (fr.y - dot / 2) / H, dot / W, dot / H],
    };
  });
}

const share = (n: number) => Math.max(0, n).toFixed(5);

/** One JPEG of frame `still.frameIndex` with the track drawn on it (yellow box, filled ground point). */
export async function extractWindowStill(file: string, still: WindowStill, out: string) {
  const [bx, by, bw, bh] = still.box;
  const [gx, gy, gw, gh] = still.ground;
  const { code, stderr } = await exec(ffmpegPath(), [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-i',
    file,
    '-vf',
    [
      `select='eq(n\\,${still.frameIndex})'`,
      `drawbox=x=iw*${share(bx)}:y=ih*${share(by)}:w=iw*${share(bw)}:h=ih*${share(bh)}:color=yellow@0.95:t=3`,
      `drawbox=x=iw*${share(gx)}:y=ih*${share(gy)}:w=iw*${share(gw)}:h=ih*${share(gh)}:color=red@0.95:t=fill`,
    ].join(','),
    '-vsync',
    '0',
    '-q:v',
    '3',
    '-frames:v',
    '1',
    out,
  ]);
  if (code !== 0) throw new FfmpegError(`Stills failed: ${stderr.split('\n').slice(-3).join(' ')}`);
  return out;
}
