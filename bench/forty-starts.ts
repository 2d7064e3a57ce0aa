/**
 * The 40's proposed start read against the truth on many scenes (issue 49): a change to the start's reading is
 * measured on kept clips instead of rendering them again.
 *
 *   npx tsx bench/forty-starts.ts render 10921-10960   renders each 40 scene of those seeds as the accuracy
 *                                                      benchmark draws it and keeps the clip and its truth
 *   npx tsx bench/forty-starts.ts read 10921-10960     proposes each kept clip's start and finish as the job
 *                                                      does
 *
 * `read` prints per scene the rate, the true first frame of movement, the proposed start (frames off the truth)
 * or the frames named for it, and a verdict: `told` (within one frame), `TOLD-OFF`, `named` (the frames hold
 * the truth), `NAMED-OFF`, or `none` (with the start note's first words), then the finish the same way
 * (frames off, or the frames named and whether they hold the truth, or none with its note's first words); then
 * the start's counts and the finish's.
 *
 *   npx tsx bench/forty-starts.ts eye 10921-10960      where an eye could first see the runner move, at the
 *                                                      clip's full size (decision 330): the first frame from
 *                                                      three before the true one whose pixels around the runner
 *                                                      change by 4 grey levels or more, from the frame before,
 *                                                      on more pixels than the stance's own changes did (half
 *                                                      as many again, and 3); its frames off the truth, and the
 *                                                      milliseconds the first movement came before the frame
 *                                                      ahead of it where that is late (a mark there misses the
 *                                                      truth by that much), and the 40 timed from that start
 *                                                      (the true finish): verified or not, and whether the
 *                                                      truth lies inside its stated ±. A rough reading, not an
 *                                                      analyst.
 *
 * Kept in STARTS_DIR
 * (default data/forty-starts). A change is sized on one set of seeds and checked on seeds it was not sized on.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { decodeGray } from '../server/modules/measurements/tracking/decode-gray';
import { proposeScene, timeScene } from '../server/test/scene/product';
import { renderScene } from '../server/test/scene/render';
import { drawScene } from '../server/test/scene/spec';
import type { SceneTruth } from '../server/test/scene/truth';
import { seedsOf } from './lib/seeds';

const DIR = path.resolve(process.env.STARTS_DIR ?? 'data/forty-starts');
const clip = (seed: number) => path.join(DIR, `scene-${seed}.mp4`);
const truthFile = (seed: number) => path.join(DIR, `scene-${seed}.json`);

async function render(seeds: number[]) {
  mkdirSync(DIR, { recursive: true });
  for (const seed of seeds) {
    if (existsSync(truthFile(seed))) continue;
    const spec = drawScene(seed, { kind: 'forty' });
    const truth = await renderScene(spec, clip(seed));
    writeFileSync(truthFile(seed), JSON.stringify({ fps: spec.fps, truth }));
    console.log(`${seed} rendered (${spec.fps} fps)`);
  }
}

type Verdict = 'told' | 'TOLD-OFF' | 'named' | 'NAMED-OFF' | 'none';

async function read(seeds: number[]) {
  const counts: Record<Verdict, number> = { told: 0, 'TOLD-OFF': 0, named: 0, 'NAMED-OFF': 0, none: 0 };
  const finishes: Record<Verdict, number> = { told: 0, 'TOLD-OFF': 0, named: 0, 'NAMED-OFF': 0, none: 0 };
  for (const seed of seeds) {
    if (!existsSync(truthFile(seed))) {
      console.log(`${seed} not rendered`);
      continue;
    }
    const { fps, truth } = JSON.parse(readFileSync(truthFile(seed), 'utf8')) as {
      fps: string;
      truth: SceneTruth;
    };
    const p = await proposeScene(clip(seed), truth);
    const at = truth.forty!.startFrame;
    const between = p.proposal.startBetween;
    let verdict: Verdict = 'none';
    if (p.start !== null) verdict = Math.abs(p.start) <= 1 ? 'told' : 'TOLD-OFF';
    else if (between) verdict = between.fromFrame <= at && at <= between.toFrame ? 'named' : 'NAMED-OFF';
    counts[verdict]++;
    const shown =
      p.start !== null
        ? `start ${p.start >= 0 ? '+' : ''}${p.start}`
        : between
          ? `${between.fromFrame}-${between.toFrame}`
          : '-';
    // Where none is told or named, the note's reason (decision 322), cut short.
    const why =
      verdict === 'none' ? (p.proposal.notes.find((t) => t.includes('first movement yourself')) ?? '') : '';
    // The finish the same way: told within one frame, or the frames named, or none.
    const end = truth.forty!.finishFrame;
    const fb = p.proposal.finishBetween;
    let ends: Verdict = 'none';
    if (p.finish !== null) ends = Math.abs(p.finish) <= 1 ? 'told' : 'TOLD-OFF';
    else if (fb) ends = fb.fromFrame <= end && end <= fb.toFrame ? 'named' : 'NAMED-OFF';
    finishes[ends]++;
    const finishWhy = p.proposal.notes.find((t) => t.includes('mark the finish yourself')) ?? '';
    const finish =
      p.finish !== null
        ? `finish ${p.finish >= 0 ? '+' : ''}${p.finish}${ends === 'told' ? '' : ' OFF'}`
        : fb
          ? `finish ${fb.fromFrame}-${fb.toFrame} of ${end}${ends === 'named' ? '' : ' NAMED-OFF'}`
          : `finish - (${finishWhy.slice(0, 50)})`;
    console.log(
      `${seed}\t${fps}\ttruth ${at}\t${shown}\t${verdict}\t${finish}${why ? `\t${why.slice(0, 70)}` : ''}`,
    );
  }
  const tally = (c: Record<Verdict, number>) =>
    Object.entries(c)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ');
  console.log(`start: ${tally(counts)}`);
  console.log(`finish: ${tally(finishes)}`);
}

async function eye(seeds: number[]) {
  const counts = { ok: 0, LATE: 0, EARLY: 0, none: 0 };
  let verified = 0;
  let outside = 0;
  for (const seed of seeds) {
    if (!existsSync(truthFile(seed))) continue;
    const { fps, truth } = JSON.parse(readFileSync(truthFile(seed), 'utf8')) as {
      fps: string;
      truth: SceneTruth;
    };
    const f = truth.forty!;
    const T = f.startFrame;
    const W = truth.width!;
    const H = truth.height!;
    const a = Math.max(1, T - 14);
    const b = T + 10;
    // Frames a - 1 to b at full size, grey (the tracker's decoder, picking those frames only).
    const { frames } = await decodeGray(clip(seed), W, H, undefined, Infinity, false, {
      step: truth.nFrames + 1,
      phase: a - 1,
      extra: Array.from({ length: b - a + 1 }, (_, k) => a + k),
    });
    if (frames.length < b - a + 2) {
      console.log(`${seed}\t${fps}\tdecoded ${frames.length} frames only`);
      continue;
    }
    // Around the runner as he stands at the true first frame: 0.6 of his height either side, from 1.2 of it
    // above his feet to 0.15 below.
    const g = truth.groundPointPx.find((p) => p.i === T) ?? truth.groundPointPx[0];
    const tall = g.tallPx ?? 2 * g.pxPerYd;
    const x0 = Math.max(0, Math.floor(g.gx - 0.6 * tall));
    const x1 = Math.min(W, Math.ceil(g.gx + 0.6 * tall));
    const y0 = Math.max(0, Math.floor(g.gy - 1.2 * tall));
    const y1 = Math.min(H, Math.ceil(g.gy + 0.15 * tall));
    const changed = (i: number) => {
      const p = frames[i - a + 1];
      const q = frames[i - a];
      let c = 0;
      for (let y = y0; y < y1; y += 1)
        for (let x = x0; x < x1; x += 1) if (Math.abs(p[y * W + x] - q[y * W + x]) >= 4) c += 1;
      return c;
    };
    let most = 0;
    for (let i = a; i <= T - 4; i += 1) most = Math.max(most, changed(i));
    const level = 1.5 * most + 3;
    let seen = -1;
    for (let i = T - 3; i <= b && seen < 0; i += 1) if (changed(i) > level) seen = i;
    const verdict = seen < 0 ? 'none' : seen > T ? 'LATE' : seen < T ? 'EARLY' : 'ok';
    counts[verdict] += 1;
    const missMs = seen > T ? ((truth.frameTimes[seen - 1] - f.tMove) * 1000).toFixed(1) : '-';
    // The 40 timed from that start (the true finish and splits), as the kind computes it.
    const m = seen >= 0 ? await timeScene(clip(seed), truth, { startFrame: seen }) : null;
    const timed = !m
      ? ''
      : 'refused' in m
        ? `refused (${(m.refused ?? '').slice(0, 40)})`
        : `${m.verified ? 'verified' : 'not verified'} ± ${m.plusMinus}, truth ${m.inside ? 'inside the frames' : m.insideStated ? 'inside the stated ± only' : 'OUTSIDE the stated ±'}`;
    if (m && !('refused' in m) && m.verified) {
      verified += 1;
      if (!m.insideStated) outside += 1;
    }
    console.log(`${seed}\t${fps}\ttruth ${T}\teye ${seen}\t${verdict}\tmissed by ${missMs} ms\t${timed}`);
  }
  console.log(
    Object.entries(counts)
      .map(([k, n]) => `${k} ${n}`)
      .join(', '),
  );
  console.log(`timed from the eye's start: verified ${verified}, truth outside the stated ± ${outside}`);
}

const [command, list] = process.argv.slice(2);
const seeds = seedsOf(list ?? '');
if (command === 'render') await render(seeds);
else if (command === 'read') await read(seeds);
else if (command === 'eye') await eye(seeds);
else console.log('usage: npx tsx bench/forty-starts.ts render|read|eye SEEDS (e.g. 10921-10960)');
