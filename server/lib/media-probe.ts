import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { FfmpegError, execTool as exec, ffmpegPath } from './ffmpeg';

let resolved: string | undefined;

/** The system ffprobe when it is on PATH, else the binary shipped by @ffprobe-installer. */
function ffprobePath(): string {
  if (resolved) return resolved;
  if (spawnSync('ffprobe', ['-version'], { stdio: 'ignore' }).status === 0) return (resolved = 'ffprobe');
  const require = createRequire(import.meta.url);
  return (resolved = (require('@ffprobe-installer/ffprobe') as { path: string }).path);
}

export function sha256File(file: string): Promise<{ sha256: string; size: number }> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    let size = 0;
    createReadStream(file)
      .on('data', (d) => {
        hash.update(d);
        size += d.length;
      })
      .on('error', reject)
      .on('end', () => resolve({ sha256: hash.digest('hex'), size }));
  });
}

export interface Fraction {
  num: number;
  den: number;
}
export const parseFraction = (s: string | undefined): Fraction => {
  const [n, d] = String(s ?? '0/1')
    .split('/')
    .map(Number);
  return { num: Number.isFinite(n) ? n : 0, den: Number.isFinite(d) && d ? d : 1 };
};
export const fractionText = (f: Fraction) => `${f.num}/${f.den}`;

export interface MediaFacts {
  container: string;
  codec: string;
  width: number;
  height: number;
  rotation: number;
  timeBase: Fraction;
  nominalFps: Fraction;
  averageFps: Fraction;
  frameCount: number;
  durationSeconds: number;
  /** Presentation times in time-base ticks from the first frame, in presentation order. */
  frameTicks: number[];
  variableFrameRate: boolean;
  /** The rate the phone filmed at, where the file says (Android's com.android.capture.fps); null otherwise. */
  captureFps: number | null;
}

/**
 * Reads the first video stream: exact rates as fractions and every frame's presentation time from
 * the packets (sorted: decode order is not presentation order when there are B-frames).
 */
export async function probeMedia(file: string): Promise<MediaFacts> {
  // One ffprobe reads the stream, the container and every packet's times: a spawn forks the server's whole
  // address space, so one per upload, not two.
  const info = await exec(ffprobePath(), [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-show_entries',
    'stream=codec_name,width,height,time_base,r_frame_rate,avg_frame_rate,duration:stream_tags=rotate:stream_side_data=rotation:format=format_name,duration:format_tags:packet=pts,dts',
    '-of',
    'json=c=1',
    file,
  ]);
  let parsed: any;
  try {
    parsed = JSON.parse(info.stdout || '{}');
  } catch {
    parsed = {};
  }
  const stream = parsed.streams?.[0];
  if (!stream) throw new FfmpegError('No readable video stream');
  if (info.code !== 0) throw new FfmpegError('The video packets could not be read');
  const pts = ((parsed.packets ?? []) as { pts?: number; dts?: number }[])
    .map((p) => Number(p.pts ?? p.dts))
    .filter((n) => Number.isFinite(n))
    .sort((a, b) => a - b);
  if (pts.length === 0) throw new FfmpegError('The video has no frames');
  const first = pts[0];
  const frameTicks = pts.map((p) => p - first);
  const deltas = new Set<number>();
  for (let i = 1; i < frameTicks.length; i += 1) deltas.add(frameTicks[i] - frameTicks[i - 1]);
  const sortedDeltas = [...deltas].sort((a, b) => a - b);
  // One tick of rounding (30000/1001 in a 1/90000 base alternates 3003 and 3004) is not a variable rate,
  // but in a coarse base (1/30) one tick is a whole frame: a dropped frame is (decision 198).
  const spread = sortedDeltas.length > 1 ? sortedDeltas[sortedDeltas.length - 1] - sortedDeltas[0] : 0;
  const oneTickIsRounding = sortedDeltas.length > 0 && sortedDeltas[0] >= 20;
  const variableFrameRate = spread > (oneTickIsRounding ? 1 : 0);
  const sideRotation = (stream.side_data_list ?? []).find((s: any) => s.rotation !== undefined)?.rotation;
  const rotation = Number(stream.tags?.rotate ?? sideRotation ?? 0) || 0;
  const timeBase = parseFraction(stream.time_base);
  const durationSeconds = Number(stream.duration ?? parsed.format?.duration ?? 0) || 0;
  return {
    container: String(parsed.format?.format_name ?? ''),
    codec: String(stream.codec_name ?? ''),
    width: Number(stream.width ?? 0),
    height: Number(stream.height ?? 0),
    rotation: ((rotation % 360) + 360) % 360,
    timeBase,
    nominalFps: parseFraction(stream.r_frame_rate),
    averageFps: parseFraction(stream.avg_frame_rate),
    frameCount: frameTicks.length,
    durationSeconds,
    frameTicks,
    variableFrameRate,
    captureFps: captureFpsOf(parsed.format?.tags),
  };
}

function captureFpsOf(tags: Record<string, string> | undefined) {
  const fps = Number(tags?.['com.android.capture.fps']);
  return Number.isFinite(fps) && fps > 0 ? fps : null;
}

/** Codecs Debian's Chromium decodes through WebCodecs; anything else gets an H.264 working copy. */
export const BROWSER_CODECS = new Set(['h264', 'vp8', 'vp9', 'av1']);

/**
 * An H.264 copy that keeps every frame at its original presentation time: no frame-rate conversion
 * (-vsync 0), the encoder's time base set to the source's (-r 1/tb) and the same track timescale.
 */
export async function makeWorkingCopy(src: string, out: string, timeBase: Fraction) {
  const ticksPerSecond = Math.round(timeBase.den / timeBase.num);
  const { code, stderr } = await exec(
    ffmpegPath(),
    [
      '-hide_banner',
      '-nostdin',
      '-y',
      '-i',
      src,
      '-map',
      '0:v:0',
      '-an',
      '-sn',
      '-dn',
      '-vsync',
      '0',
      '-r',
      String(ticksPerSecond),
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '18',
      '-pix_fmt',
      'yuv420p',
      '-video_track_timescale',
      String(ticksPerSecond),
      '-movflags',
      '+faststart',
      out,
    ],
    30 * 60_000,
  );
  if (code !== 0) throw new FfmpegError(`Working copy failed: ${stderr.split('\n').slice(-3).join(' ')}`);
}

/** JPEG stills of the given frames (0-based, presentation order), exactly those frames: files[i] for frames[i]. */
export async function extractStills(file: string, frames: number[], dir: string) {
  const unique = [...new Set(frames)].sort((a, b) => a - b);
  const select = unique.map((n) => `eq(n\\,${n})`).join('+');
  const tmp = path.join(dir, 'still-%04d.jpg');
  const { code, stderr } = await exec(ffmpegPath(), [
    '-hide_banner',
    '-nostdin',
    '-y',
    '-i',
    file,
    '-vf',
    `select='${select}'`,
    '-vsync',
    '0',
    '-q:v',
    '3',
    '-frames:v',
    String(unique.length),
    tmp,
  ]);
  if (code !== 0) throw new FfmpegError(`Stills failed: ${stderr.split('\n').slice(-3).join(' ')}`);
  const fileOf = new Map(unique.map((n, i) => [n, tmp.replace('%04d', String(i + 1).padStart(4, '0'))]));
  return frames.map((n) => fileOf.get(n)!);
}
