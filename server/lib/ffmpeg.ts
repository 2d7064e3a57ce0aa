import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { launch } from './launcher';

let resolved: string | undefined;

/** The system ffmpeg when it is on PATH (Debian's package), else the binary shipped by @ffmpeg-installer. */
export function ffmpegPath(): string {
  if (resolved) return resolved;
  const probe = spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' });
  if (probe.status === 0) return (resolved = 'ffmpeg');
  const require = createRequire(import.meta.url);
  return (resolved = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path);
}

export class FfmpegError extends Error {}

/**
 * Runs a media tool and collects its output; only the tail of stderr is kept (the reason for a
 * failure), so memory stays bounded on chatty inputs. Killed after `timeoutMs`. Started by the launcher
 * where it is ready (a spawn from here forks the server's whole memory: decision 355).
 */
export function execTool(
  bin: string,
  args: string[],
  timeoutMs = 120_000,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const launched = launch(bin, args, { stdout: true, stderrTail: 20_000 }, (r) => {
      clearTimeout(timer);
      if (r.failed) reject(Object.assign(new Error(r.failed.message), { code: r.failed.code }));
      else resolve({ code: r.code ?? -1, stdout: r.stdout, stderr: r.stderr });
    });
    if (launched) {
      timer = setTimeout(() => launched.kill(), timeoutMs);
      return;
    }
    const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-20_000);
    });
    timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, stdout: Buffer.concat(out).toString(), stderr });
    });
  });
}

const run = (args: string[], timeoutMs?: number) =>
  execTool(ffmpegPath(), ['-hide_banner', '-nostdin', ...args], timeoutMs);

/** Duration in seconds and whether a video stream exists; throws FfmpegError for an unreadable file. */
export async function probeVideo(file: string): Promise<{ durationSeconds: number | null }> {
  // `ffmpeg -i` with no output exits 1 by design; the header it prints is what we read.
  const { stderr } = await run(['-i', file]);
  if (!/Stream #\d+:\d+.*Video:/.test(stderr)) throw new FfmpegError('No readable video stream');
  const m = /Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/.exec(stderr);
  const durationSeconds = m ? Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) : null;
  return { durationSeconds };
}

/** A JPEG frame about one second in (the first frame for shorter clips), 480 px wide. */
export async function makeThumbnail(
  file: string,
  out: string,
  durationSeconds: number | null,
): Promise<void> {
  const at = durationSeconds && durationSeconds > 2 ? '1' : '0';
  const { code, stderr } = await run([
    '-y',
    '-ss',
    at,
    '-i',
    file,
    '-frames:v',
    '1',
    '-vf',
    'scale=480:-2',
    '-q:v',
    '4',
    '-f',
    'image2',
    out,
  ]);
  if (code !== 0) throw new FfmpegError(`Thumbnail failed: ${stderr.split('\n').slice(-3).join(' ')}`);
}

/** A short real clip (test pattern), used by tests and demo data. */
export async function makeSampleVideo(
  out: string,
  opts: { seconds?: number; pattern?: 'testsrc' | 'testsrc2' | 'smptebars' } = {},
): Promise<void> {
  const seconds = opts.seconds ?? 2;
  const { code, stderr } = await run([
    '-y',
    '-f',
    'lavfi',
    '-i',
    `${opts.pattern ?? 'testsrc'}=size=320x240:rate=15:duration=${seconds}`,
    '-pix_fmt',
    'yuv420p',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-movflags',
    '+faststart',
    out,
  ]);
  if (code !== 0) throw new FfmpegError(`Sample video failed: ${stderr.split('\n').slice(-3).join(' ')}`);
}
