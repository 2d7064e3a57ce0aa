/**
 * One tracking run in a process of its own (bench/tracking.bench.ts): prints the seconds it took and the
 * process's peak resident memory (VmHWM), so the memory figure is the tracker's alone.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fitTrack } from '../../server/modules/measurements/tracking/fit-result';
import { trackClip } from '../../server/modules/measurements/tracking/track-clip';

const [file, json] = process.argv.slice(2);
const job = JSON.parse(json) as {
  width: number;
  height: number;
  seed: { frameIndex: number; x: number; y: number };
  frameTimes: number[];
};
const t0 = performance.now();
const raw = await trackClip({ file, width: job.width, height: job.height, seeds: [job.seed] });
const result = fitTrack(raw, { frameTimes: job.frameTimes, fps: { num: 60000, den: 1001 }, vfr: false });
const seconds = (performance.now() - t0) / 1000;
const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
console.log(JSON.stringify({ seconds, peakBytes: Number(hwm?.[1] ?? 0) * 1024, maxSpeed: result.maxSpeed }));
