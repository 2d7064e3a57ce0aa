/**
 * Tracked Max Speed's fit tried again on kept tracks (issue 48): a change to the fit, its bound or its verdict
 * is measured in seconds on the tracks of many scenes, instead of rendering and tracking them again.
 *
 *   npx tsx bench/refit.ts track 10473-10512   renders each Max Speed scene of those seeds that follows the
 *                                              filming guide (ALL=1: every one), tracks it as the accuracy
 *                                              benchmark does (BENCH_ANALYST=foot: clicks on a foot) and keeps
 *                                              the clip, the last raw track, its timing and the truth
 *   npx tsx bench/refit.ts fit                 fits every kept track with the product's fit and verdict
 *
 * `fit` prints per scene what the product now says, the value's error against the truth, the bound's terms
 * (mph) and the window's distance error split into what the tracked point's column and its row caused
 * (yards: `across`, `row`), the field's pixels a yard and the player's height where the window begins, the steps
 * fitted between clicks (decision 354) and the clicks, and over the window how many frames the tracker saw a
 * look-alike beside the runner and how many the scene drew another player within a quarter of his height (`not
 * clear`); then how many were given and how many held the truth. With LEAN=1 it also prints
 * per scene the lean taken off (`shift`, decision 331), the column's change the way yards grow (`dx`, px), the
 * lean term (`L`) and the column's error signed the way the lean reads (`acrossSigned`: positive where the run
 * read long as the lean predicts), and its ratio to `L`. With BOUND_TRY='{"footDrift":0.03}' (any of `BOUND`'s
 * terms, as JSON) it fits with those terms instead of the product's, to see what a narrower or wider bound
 * would give and hold (decision 334). Kept in REFIT_DIR (default data/refit). A fit-level change is still
 * checked by the accuracy benchmark on fresh seeds.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TrackResult } from '../contract/tracking';
import {
  BOUND,
  boundTermsMph,
  fitTrack,
  trackVerdict,
  yardsAt,
  type Timing,
} from '../server/modules/measurements/tracking/fit-result';
import type { RawTrack } from '../server/modules/measurements/tracking/track-clip';
import { followsGuide } from '../server/test/scene/guide';
import { clicksOnAFoot, inViewOf, jobTimeline, trackScene } from '../server/test/scene/product';
import { renderScene } from '../server/test/scene/render';
import { drawScene } from '../server/test/scene/spec';
import type { SceneTruth } from '../server/test/scene/truth';
import { seedsOf } from './lib/seeds';

const DIR = path.resolve(process.env.REFIT_DIR ?? 'data/refit');
const FOOT = process.env.BENCH_ANALYST === 'foot';
// Other bound terms tried in place of the product's (`fit` only): the object the fit reads is changed in place.
if (process.env.BOUND_TRY) Object.assign(BOUND, JSON.parse(process.env.BOUND_TRY) as Partial<typeof BOUND>);
/** Seconds either side of a window's end over which the tracked point's errors are averaged (one knot). */
const END_SECONDS = 0.1;

interface Kept {
  seed: number;
  foot: boolean;
  guide: boolean;
  rate: string;
  trueMph: number;
  raw: RawTrack;
  timing: Timing;
  asked: { frameIndex: number; kind: string }[];
  ground: { gx: number; gy: number; X: number; inView?: boolean; clear?: boolean }[];
}

async function track(seeds: number[]) {
  mkdirSync(DIR, { recursive: true });
  for (const seed of seeds) {
    const out = path.join(DIR, `track-${seed}${FOOT ? '-foot' : ''}.json`);
    if (existsSync(out)) continue;
    const spec = drawScene(seed, { kind: 'max-speed' });
    const file = path.join(DIR, `scene-${seed}.mp4`);
    const truthFile = path.join(DIR, `scene-${seed}.json`);
    let truth: SceneTruth;
    if (existsSync(truthFile)) truth = JSON.parse(readFileSync(truthFile, 'utf8')) as SceneTruth;
    else {
      truth = await renderScene(spec, file);
      writeFileSync(truthFile, JSON.stringify(truth));
    }
    const guide = followsGuide(spec, truth).follows;
    if (!guide && process.env.ALL !== '1') {
      console.log(`${seed}: not filmed as the guide says; not tracked`);
      continue;
    }
    const t = await trackScene(file, truth, undefined, FOOT ? { aim: clicksOnAFoot(seed) } : {});
    if (!t.raw) {
      console.log(`${seed}: no track (${t.refused})`);
      continue;
    }
    const { timeline } = await jobTimeline(file);
    const kept: Kept = {
      seed,
      foot: FOOT,
      guide,
      rate: spec.fps,
      trueMph: truth.maxSpeed!.mph,
      raw: t.raw,
      timing: { frameTimes: timeline.times, fps: timeline.fps, vfr: timeline.vfr },
      asked: t.asked.map((a) => ({ frameIndex: a.frameIndex, kind: a.kind })),
      ground: truth.groundPointPx.map((g) => ({
        gx: g.gx,
        gy: g.gy,
        X: g.X,
        inView: g.inView,
        clear: g.clear,
      })),
    };
    writeFileSync(out, JSON.stringify(kept));
    console.log(`${seed}: kept (${t.given ? 'given' : `refused: ${t.refused}`})`);
  }
}

/** Distance error over the window (yards) from the tracked point's column and from its row, end minus start. */
function errorSplit(k: Kept, result: TrackResult, from: number, to: number) {
  const used = result.frames.filter((f) => f.state === 'tracked' || f.state === 'corrected');
  const end = (t0: number) => {
    let across = 0;
    let row = 0;
    let n = 0;
    for (const f of used) {
      if (Math.abs(f.time - t0) > END_SECONDS) continue;
      const g = k.ground[f.frameIndex];
      const tracked = yardsAt(k.raw, f.frameIndex, f.x, f.y);
      const trueRow = yardsAt(k.raw, f.frameIndex, f.x, g.gy);
      const truth = yardsAt(k.raw, f.frameIndex, g.gx, g.gy);
      if (!tracked || !trueRow || !truth) continue;
      row += tracked.yards - trueRow.yards;
      across += trueRow.yards - truth.yards;
      n += 1;
    }
    return n ? { across: across / n, row: row / n } : null;
  };
  const a = end(from);
  const b = end(to);
  return a && b ? { across: b.across - a.across, row: b.row - a.row } : null;
}

function fit() {
  const files = readdirSync(DIR).filter((f) => /^track-\d+(-foot)?\.json$/.test(f));
  let given = 0;
  let inside = 0;
  let fitted = 0;
  let fittedInside = 0;
  for (const name of files.sort()) {
    const k = JSON.parse(readFileSync(path.join(DIR, name), 'utf8')) as Kept;
    if (k.foot !== FOOT) continue;
    const result = fitTrack(k.raw, k.timing);
    // The benchmark's analyst: a question to confirm was answered, one to resume where the runner was out of
    // the picture was answered 'not in view here' (`trackScene`).
    const confirmed = k.asked.filter((a) => a.kind === 'confirm').map((a) => a.frameIndex);
    const ended = k.asked
      .filter((a) => a.kind === 'resume' && !inViewOf(k.ground[a.frameIndex], k.raw.width, k.raw.height))
      .map((a) => a.frameIndex);
    const verdict = trackVerdict(k.raw, result, confirmed, ended);
    const said = verdict.needsClickAt ? `asks: ${verdict.needsClickAt.reason}` : (verdict.failure ?? 'given');
    const m = result.maxSpeed;
    if (!m) {
      console.log(`${k.seed} ${k.rate}: ${said}`);
      continue;
    }
    const err = m.mph - k.trueMph;
    const ok = Math.abs(err) <= m.plusMinusMph;
    fitted += 1;
    fittedInside += ok ? 1 : 0;
    if (said === 'given') {
      given += 1;
      inside += ok ? 1 : 0;
    }
    const split = errorSplit(k, result, m.fromTime, m.toTime);
    const used = result.frames.filter((f) => f.state === 'tracked' || f.state === 'corrected');
    const nearest = (t: number) =>
      used.reduce((p, q) => (Math.abs(q.time - t) < Math.abs(p.time - t) ? q : p));
    const fa = nearest(m.fromTime);
    const fb = nearest(m.toTime);
    const g = (() => {
      const h = yardsAt(k.raw, fa.frameIndex, fa.x, fa.y);
      const r = yardsAt(k.raw, fa.frameIndex, fa.x + 1, fa.y);
      return h && r ? Math.sign(r.yards - h.yards) : 0;
    })();
    const dx = (fb.x - fa.x) * g;
    const L = result.fit.perspectiveYards;
    if (process.env.LEAN)
      console.log(
        `LEAN ${k.seed} shift ${result.fit.leanShiftYards} dx ${dx.toFixed(0)} w ${k.raw.width} L ${L.toFixed(3)} acrossSigned ${split ? (split.across * Math.sign(dx)).toFixed(3) : 'na'} row ${split ? split.row.toFixed(3) : 'na'} ratio ${split && L > 0 ? ((split.across * Math.sign(dx)) / L).toFixed(2) : 'na'}`,
      );
    const terms = boundTermsMph(result);
    // Another player near the runner over the window: as the tracker saw it (a look-alike beside him) and as
    // the scene drew it (within a quarter of his height: not clear).
    const inWindow = used.filter((f) => f.time >= m.fromTime - 1e-9 && f.time <= m.toTime + 1e-9);
    const besideSet = new Set(k.raw.beside ?? []);
    const pxy = yardsAt(k.raw, fa.frameIndex, fa.x, fa.y)?.pxPerYard;
    const crowd = `pxy ${pxy?.toFixed(1)}, h ${k.raw.frames[fa.frameIndex]?.height?.toFixed(0)}, steps ${result.fit.clickSteps ?? 0}, clicks ${k.raw.clicks?.length ?? 1}, beside ${inWindow.filter((f) => besideSet.has(f.frameIndex)).length}, not clear ${inWindow.filter((f) => k.ground[f.frameIndex]?.clear === false).length} of ${inWindow.length}`;
    console.log(
      [
        `${k.seed} ${k.rate}: ${m.mph.toFixed(2)} ± ${m.plusMinusMph.toFixed(2)} for ${k.trueMph.toFixed(2)} (${err >= 0 ? '+' : ''}${err.toFixed(2)}, ${ok ? 'inside' : 'OUTSIDE'})`,
        terms
          ? `terms lean ${terms.lean.toFixed(2)} ground ${terms.ground.toFixed(2)} lines ${terms.lines.toFixed(2)}`
          : 'no terms',
        split
          ? `across ${split.across.toFixed(3)} yd, row ${split.row.toFixed(3)} yd, both ${(split.across + split.row).toFixed(3)} yd`
          : 'no split',
        crowd,
        said.slice(0, 110),
      ].join(' | '),
    );
  }
  console.log(
    `\n${fitted} fitted, truth inside ± in ${fittedInside}; ${given} given, truth inside ± in ${inside} (BOUND ${JSON.stringify(BOUND)})`,
  );
}

const [command, seeds] = process.argv.slice(2);
if (command === 'track' && seeds) await track(seedsOf(seeds));
else if (command === 'fit') fit();
else {
  console.error('usage: npx tsx bench/refit.ts track <seeds: a-b,c> | fit');
  process.exitCode = 1;
}
