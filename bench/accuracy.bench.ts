/**
 * Accuracy on film no one here tuned to (issue 48): BENCH_SCENES random scenes (default 30) from
 * BENCH_SEED on (default: the seed after the last one in bench/accuracy-scenes.jsonl), drawn and rendered by
 * server/test/scene/ (decision 240), each run through the product as the API runs it:
 * - Max Speed: the file probed and its repeats read as on upload, the timeline the job gets, trackClip
 *   from one click on the runner's true ground point on a frame where he is clear of others, fitTrack, its
 *   questions answered there too, up to 6 (BENCH_CLICKS=N: up to N; BENCH_ANALYST=foot: on a foot, up to
 *   0.3 yards off it, decision 305);
 * - a 40: the proposer (proposeForty) from clicks on the start and finish lines, and the 40 timed from the
 *   true marks as an analyst who marks them exactly gets it (the upload's read of repeated frames, the
 *   kind's computation): stored as verified or not, and the truth inside its ± or not (issue 49).
 * Reported per frame rate and per condition with the count behind every figure; the scenes' records
 * accumulate by seed in bench/accuracy-scenes.jsonl (one JSON object a line), from which RESULTS.md's
 * 'accuracy' section's tables are rebuilt. Every scene's seed and conditions are printed.
 * BENCH_SEEDS=8430,8440 runs those seeds instead (again, under the versions in the product: a seed's record
 * is replaced by the new one).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { FORTY_PROPOSER } from '../server/modules/forty/forty-propose';
import { TRACKER } from '../server/modules/measurements/tracking/track-clip';
import { followsGuide } from '../server/test/scene/guide';
import {
  ANALYST_CLICKS,
  clicksOnAFoot,
  proposeScene,
  timeScene,
  trackScene,
} from '../server/test/scene/product';
import { renderScene } from '../server/test/scene/render';
import { describeScene, drawScene, timingOf, type SceneSpec } from '../server/test/scene/spec';
import type { SceneTruth } from '../server/test/scene/truth';
import { nextSeed, saveRun, tables, type SceneRecord } from './lib/accuracy-report';
import { printTable } from './lib/report';

const files = {
  results: fileURLToPath(new URL('./RESULTS.md', import.meta.url)),
  scenes: fileURLToPath(new URL('./accuracy-scenes.jsonl', import.meta.url)),
};
const COUNT = Number(process.env.BENCH_SCENES ?? 30);
/**
 * No new scene is drawn once this many seconds have passed: the bench runner stops a benchmark at
 * BENCH_TIMEOUT_S (default 1200 s) and a scene takes up to about 5 minutes, so the run ends with its tables
 * instead of being cut in the middle of a scene. A longer run: raise BENCH_TIMEOUT_S.
 */
const BUDGET_S = Number(process.env.BENCH_TIMEOUT_S ?? 1200) - 300;
const FIRST = process.env.BENCH_SEED ? Number(process.env.BENCH_SEED) : nextSeed(files.scenes);
/** The seeds run: BENCH_SEEDS's list, or BENCH_SCENES of them from FIRST. */
const SEEDS = process.env.BENCH_SEEDS
  ? process.env.BENCH_SEEDS.split(',').map((x) => Number(x.trim()))
  : Array.from({ length: COUNT }, (_, k) => FIRST + k);
/** The seeds of a run, as its row says them: a range, or the list. */
const seedsText = (run: number[]) =>
  process.env.BENCH_SEEDS ? run.join(', ') : `${run[0]}-${run[run.length - 1]}`;
/** BENCH_KIND=forty (or max-speed) draws every scene of that kind from its seed (the rest of it as drawn). */
const KIND =
  process.env.BENCH_KIND === 'forty' || process.env.BENCH_KIND === 'max-speed'
    ? process.env.BENCH_KIND
    : undefined;

/**
 * BENCH_ANALYST=foot answers the tracker's questions as a person does, clicking a foot up to 0.3 yards ahead of
 * or behind the runner's true ground point (decision 305); otherwise the analyst clicks the true point.
 */
const FOOT = process.env.BENCH_ANALYST === 'foot';
/**
 * BENCH_CLICKS=N: the analyst answers up to N of the tracker's questions (default 6, as the benchmark has
 * always played him). A person at the workbench answers as many as he is asked; a larger N shows what he
 * ends with (decision 310).
 */
const CLICKS = Number(process.env.BENCH_CLICKS ?? ANALYST_CLICKS);
if (!Number.isInteger(CLICKS) || CLICKS < 0)
  throw new Error(`BENCH_CLICKS must be a whole number: ${process.env.BENCH_CLICKS}`);
/** The scenes' runner plants his feet (decision 359): runs before it drew feet that slid. */
const DRAWN = ', feet planted';

/**
 * What measures each kind now, and for Max Speed who answers its questions: every record says which, and the
 * summed tables keep to these (so the two analysts are never summed together).
 */
const VERSIONS = {
  speed: `tracker ${TRACKER.version}${FOOT ? ', an analyst clicking a foot' : ''}${CLICKS === ANALYST_CLICKS ? '' : `, up to ${CLICKS} clicks`}${DRAWN}`,
  forty: `proposer ${FORTY_PROPOSER.version}${DRAWN}`,
};

function tagsOf(s: SceneSpec): string[] {
  const t: string[] = [];
  if (s.others.some((o) => o.role.startsWith('cross'))) t.push('crossing');
  if (s.others.some((o) => o.role === 'beside')) t.push('beside');
  if (s.others.some((o) => o.sameKit)) t.push('same kit');
  if (s.runner.isoluminant) t.push('isoluminant');
  if (s.camera.pan) t.push('pan');
  if (Math.abs(s.camera.zoom - 1) > 0.05) t.push('zoom');
  if (s.camera.heightM < 3) t.push('low camera');
  if (s.height > s.width) t.push('portrait');
  if (s.crf >= 31) t.push('high CRF');
  if (s.jitter > 0 || s.drops.length) t.push('variable times');
  if (s.repeats.length) t.push('repeated frames');
  return t;
}

async function main(root: string) {
  const records: SceneRecord[] = [];
  const t0 = performance.now();
  const date = new Date().toISOString().replace('T', ' ').slice(0, 16);
  const run: number[] = [];
  for (const seed of SEEDS) {
    if ((performance.now() - t0) / 1000 > BUDGET_S) {
      console.log(
        `time budget reached (${BUDGET_S} s): ${records.length} scenes run, seeds ${seedsText(run)}`,
      );
      break;
    }
    run.push(seed);
    const spec = drawScene(seed, KIND ? { kind: KIND } : {});
    const rate = timingOf(spec.fps).rate;
    const rec: SceneRecord = {
      seed,
      kind: spec.kind,
      rate: Number.isInteger(rate) ? String(rate) : rate.toFixed(2),
      tags: tagsOf(spec),
      version: spec.kind === 'forty' ? VERSIONS.forty : VERSIONS.speed,
    };
    console.log(`scene ${describeScene(spec)}`);
    const file = path.join(root, `scene-${seed}.mp4`);
    const r0 = performance.now();
    let truth: SceneTruth;
    try {
      truth = await renderScene(spec, file);
    } catch (err) {
      console.log(`  -> not rendered, left out: ${err instanceof Error ? err.message : String(err)}`);
      continue;
    }
    const r1 = performance.now();
    // The issue's goals for the bound and for refusals are stated for clips that follow the filming guide.
    if (followsGuide(spec, truth).follows) rec.tags.push('follows the guide');
    if (spec.kind === 'forty') {
      try {
        const p = await proposeScene(file, truth);
        // Frames named where none was told (decisions 304, 318): whether they hold the true one.
        const holds = (r: { fromFrame: number; toFrame: number } | null | undefined, frame: number) =>
          r ? r.fromFrame <= frame && frame <= r.toFrame : undefined;
        const startBetween = holds(p.proposal.startBetween, truth.forty!.startFrame);
        const finishBetween = holds(p.proposal.finishBetween, truth.forty!.finishFrame);
        rec.forty = {
          start: p.start,
          finish: p.finish,
          splits: p.splits,
          ...(startBetween !== undefined && { startBetween }),
          ...(finishBetween !== undefined && { finishBetween }),
        };
      } catch (err) {
        rec.refused = err instanceof Error ? err.message : String(err);
      }
      const m = await timeScene(file, truth).catch((err: unknown) => ({
        refused: err instanceof Error ? err.message : String(err),
      }));
      rec.marks =
        'refused' in m
          ? { verified: false, inside: null, plusMinus: null, problem: m.refused }
          : {
              verified: m.verified,
              inside: m.inside,
              plusMinus: m.plusMinus,
              ...(m.problems.length ? { problem: m.problems.join(' ') } : {}),
            };
    } else {
      // BENCH_ANALYST=foot: the analyst clicks a foot, as a person does, not the point under the hips the truth is.
      const t = await trackScene(file, truth, undefined, {
        aim: FOOT ? clicksOnAFoot(seed) : undefined,
        maxClicks: CLICKS,
      });
      if (t.given) {
        const { mph, plusMinus, trueMph, switchFrames, trackedFrames } = t.given;
        rec.given = { mph, plusMinus, trueMph, switchFrames, trackedFrames };
      } else {
        rec.refused = t.refused;
        const fitted = 'result' in t ? t.result?.maxSpeed : null;
        if (fitted)
          rec.fitted = { mph: fitted.mph, plusMinus: fitted.plusMinusMph, trueMph: truth.maxSpeed!.mph };
      }
    }
    const r2 = performance.now();
    const what = rec.given
      ? `${rec.given.mph.toFixed(2)} ± ${rec.given.plusMinus.toFixed(2)} mph, true ${rec.given.trueMph.toFixed(2)}, ${rec.given.switchFrames}/${rec.given.trackedFrames} tracked frames off the runner`
      : rec.forty
        ? `40 frames off by start ${rec.forty.start}, finish ${rec.forty.finish}, splits ${rec.forty.splits.join('/')} (true ${truth.forty!.seconds.toFixed(3)} s); true marks ${rec.marks?.verified ? 'verified' : `not verified (${rec.marks?.problem})`}, ± ${rec.marks?.plusMinus ?? '-'} s, truth ${rec.marks?.inside ? 'inside' : 'outside'}`
        : `refused: ${rec.refused}${rec.fitted ? ` (fitted ${rec.fitted.mph.toFixed(2)} ± ${rec.fitted.plusMinus.toFixed(2)} mph, true ${rec.fitted.trueMph.toFixed(2)})` : ''}`;
    console.log(
      `  -> ${what} (render ${((r1 - r0) / 1000).toFixed(0)} s, product ${((r2 - r1) / 1000).toFixed(0)} s)`,
    );
    records.push(rec);
    // Saved after every scene, so a run stopped early keeps what it measured.
    saveRun(files, {
      date,
      seeds: seedsText(run),
      records,
      current: [VERSIONS.speed, VERSIONS.forty],
    });
    rmSync(file, { force: true });
    rmSync(file.replace(/\.mp4$/, '.truth.json'), { force: true });
  }
  const seeds = run.length ? seedsText(run) : 'none';
  console.log(`\n${tables(records)}\n`);
  const ms = records.filter((r) => r.kind === 'max-speed');
  const given = ms.flatMap((r) => (r.given ? [r.given] : []));
  const covered = given.filter((g) => Math.abs(g.mph - g.trueMph) <= g.plusMinus).length;
  const fs = records.filter((r) => r.forty);
  const fortyScenes = records.filter((r) => r.kind === 'forty');
  const startOk = fs.filter((r) => r.forty!.start !== null && Math.abs(r.forty!.start) <= 1).length;
  const fast = fs.filter((r) => Number(r.rate) >= 50);
  const fastScenes = fortyScenes.filter((r) => Number(r.rate) >= 50).length;
  /**
   * A row's verdict: 'not run' where this run drew no scene of its kind (BENCH_KIND draws one kind only), so
   * that a kind left out does not read as missed with 0/0.
   */
  const verdict = (scenes: number, met: boolean) => (scenes ? met : 'not run');
  const marksOk = fast.filter((r) => r.marks?.verified && r.marks.inside).length;
  // The 40 per frame rate: within one frame of the truth, off by more (a confident wrong frame), or not
  // proposed (the proposer said it could not), for the start, the finish and the splits.
  for (const rate of [...new Set(fs.map((r) => r.rate))].sort((a, b) => Number(a) - Number(b))) {
    const rs = fs.filter((r) => r.rate === rate);
    const count = (xs: (number | null)[]) =>
      `${xs.filter((x) => x !== null && Math.abs(x) <= 1).length} within 1, ${xs.filter((x) => x !== null && Math.abs(x) > 1).length} off, ${xs.filter((x) => x === null).length} not proposed`;
    console.log(
      `40 at ${rate} fps (${rs.length} scenes): start ${count(rs.map((r) => r.forty!.start))}; finish ${count(rs.map((r) => r.forty!.finish))}; splits ${count(rs.flatMap((r) => r.forty!.splits))}`,
    );
  }
  printTable(
    `Accuracy on ${records.length} random scenes (seeds ${seeds}); per rate and condition in the 'Accuracy' section`,
    [
      {
        what: 'Max Speed: truth inside the stated ± (of the results given)',
        figure: `${covered}/${given.length}`,
        baseline: `${ms.length - given.length} of ${ms.length} refused`,
        ratio: given.length ? `${Math.round((100 * covered) / given.length)}%` : '',
        budget: '>= 99%',
        ok: verdict(ms.length, given.length > 0 && covered / given.length >= 0.99),
      },
      {
        what: '40: proposed start within one frame of the first movement',
        figure: `${startOk}/${fs.length}`,
        baseline: '',
        ratio: fs.length ? `${Math.round((100 * startOk) / fs.length)}%` : '',
        budget: 'every one (issue 49)',
        ok: verdict(fortyScenes.length, fs.length > 0 && startOk === fs.length),
      },
      {
        what: '40 from the true marks, 50 fps or more: stored as verified with the truth inside its ±',
        figure: `${marksOk}/${fast.length}`,
        baseline: `${fs.length - fast.length} below 50 fps (refused: too few frames)`,
        ratio: fast.length ? `${Math.round((100 * marksOk) / fast.length)}%` : '',
        budget: 'every one (issue 49)',
        ok: verdict(fastScenes, fast.length > 0 && marksOk === fast.length),
      },
    ],
    [
      `${((performance.now() - t0) / 60000).toFixed(1)} min for ${records.length} scenes; load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' / ')} at the end.`,
    ],
  );
}

const root = mkdtempSync(path.join(os.tmpdir(), 'va-bench-accuracy-'));
main(root).then(
  () => {
    rmSync(root, { recursive: true, force: true });
    process.exit(0);
  },
  (err) => {
    console.error(err);
    rmSync(root, { recursive: true, force: true });
    process.exit(1);
  },
);
