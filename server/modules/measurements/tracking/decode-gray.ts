import { Worker, type MessagePort } from 'node:worker_threads';
import { FfmpegError, ffmpegPath } from '../../../lib/ffmpeg';
import { launch, launcherReady, startLauncher } from '../../../lib/launcher';

export interface GrayFrames {
  width: number;
  height: number;
  frames: Uint8Array[];
  /**
   * With `colour`: each frame's two colour-difference planes (Cb then Cr) at half the width and height,
   * as the video stores them (issue 48: a kit as bright as the grass differs from it only in colour).
   */
  chroma?: Uint8Array[];
}

/**
 * The reader thread (plain JavaScript evaluated in the worker: no TypeScript loader needed there). It runs
 * ffmpeg and drains its output into whole frames as fast as ffmpeg writes them, each frame handed over to
 * the caller's thread without a copy. Read on the caller's thread, ffmpeg waited on a full pipe (64 KiB, a
 * fifth of a frame) whenever that thread worked on a frame, and the decode and that work took turns
 * instead of sharing the machine's cores (decision 299).
 *
 * ffmpeg writes to a Unix socket it listens on, in a folder of the reader's own (mode 0700: no other user
 * can reach it), and the socket's bytes are read straight into the frame being filled (net's `onread`):
 * read from ffmpeg's standard output, Node put every 64 KiB into memory of its own and the reader copied it
 * into the frame, 0.3 s of the machine's time for a five-second 59.94 fps clip, on a decode of 0.35 s
 * (decision 353). On Windows (no Unix sockets in ffmpeg there), standard output as before.
 */
const READER = `
const { parentPort } = require('node:worker_threads');
const { spawn } = require('node:child_process');
const net = require('node:net');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
// Started before it is needed: it waits for its decode (decision 346).
parentPort.once('message', (job) => read(job));
function read({ bin, args, size, maxFrames, posted, lines, luma, viaSocket, spare, launched }) {
const postedCount = new Int32Array(posted);
// A socket's path has room for 107 bytes (a longer one ffmpeg would cut short): where the temporary folder's
// path leaves too little (the folder made in it is 17 bytes longer, kept to 90), standard output.
const prefix = path.join(os.tmpdir(), 'va-decode-');
const folder = viaSocket && Buffer.byteLength(prefix) + 6 <= 90 ? fs.mkdtempSync(prefix) : null;
const socket = folder && path.join(folder, 'frames.sock');
// Writing to the socket, ffmpeg may be started by the launcher (the caller's thread asks it: decision 355);
// its end is then told here as a message.
const output = socket ? [...args, '-listen', '1', 'unix:' + socket] : [...args, '-'];
const child = socket && launched
  ? null
  : spawn(bin, output, { stdio: ['ignore', socket ? 'ignore' : 'pipe', 'pipe'] });
if (!child) parentPort.postMessage({ launch: output });
// With a lines thread, each frame in memory both threads read (the reader never writes a frame it posted).
// The memory of a clip let go is filled first (\`recycleFrames\`): it is in place already, where new memory
// costs the kernel a fault on every page of it as it is first written (decision 355).
const frameBuffer = () => {
  const kept = spare.pop();
  if (kept) return new Uint8Array(kept);
  return new Uint8Array(lines ? new SharedArrayBuffer(size) : new ArrayBuffer(size));
};
let current = frameBuffer();
let filled = 0;
let count = 0;
let stderr = '';
let tooLong = false;
let connection = null;
// ffmpeg killed (its exit is still collected) and its socket closed.
const stop = () => {
  if (child) child.kill('SIGKILL');
  else parentPort.postMessage({ kill: true });
  if (connection) connection.destroy();
};
// n more bytes of the frame being filled; a whole frame is handed over. False: the clip is too long.
const took = (n) => {
  filled += n;
  if (filled < size) return true;
  if (count >= maxFrames) {
    tooLong = true;
    stop();
    return false;
  }
  // The grey picture to the lines thread as well, straight from here (decision 341): it is not held up
  // while the caller's thread follows the player. Both read the one picture, in shared memory.
  if (lines) {
    lines.postMessage({ i: count, frame: current.subarray(0, luma) });
    parentPort.postMessage({ frame: current });
  } else if (current.buffer instanceof SharedArrayBuffer) parentPort.postMessage({ frame: current });
  else parentPort.postMessage({ frame: current }, [current.buffer]);
  count += 1;
  Atomics.store(postedCount, 0, count);
  current = frameBuffer();
  filled = 0;
  return true;
};
// The end is told once ffmpeg has exited and its output is read.
let exit = null;
let drained = !socket;
let stopped = false;
let told = false;
const end = () => {
  if (told || exit === null || !drained) return;
  told = true;
  if (folder) fs.rm(folder, { recursive: true, force: true }, () => {});
  if (lines) lines.close();
  parentPort.postMessage({ end: true, code: exit.code, tooLong, stderr });
  parentPort.unref();
};
if (socket) {
  // ffmpeg listens once it has opened the clip: until then (a few tens of milliseconds) the socket is not
  // there, and the reader tries again every 2 ms. An ffmpeg that exits before (a clip it cannot open) ends it;
  // one not reached in 30 s is killed (its stderr is the reason given).
  const deadline = Date.now() + 30000;
  const connect = () => {
    if (stopped || exit !== null) {
      drained = true;
      return end();
    }
    if (Date.now() > deadline) {
      stderr += 'The reader could not connect to ffmpeg';
      child.kill('SIGKILL');
      drained = true;
      return end();
    }
    let open = false;
    const c = net.connect({ path: socket, onread: { buffer: () => current.subarray(filled), callback: took } });
    c.on('connect', () => {
      open = true;
      connection = c;
    });
    c.on('error', () => {});
    c.on('close', () => {
      if (!open) return void setTimeout(connect, 2);
      drained = true;
      end();
    });
  };
  connect();
} else
  child.stdout.on('data', (chunk) => {
    let off = 0;
    while (off < chunk.length && !tooLong) {
      const n = Math.min(size - filled, chunk.length - off);
      current.set(chunk.subarray(off, off + n), filled);
      off += n;
      took(n);
    }
  });
// ffmpeg did not start: nothing will come (its folder is removed).
const notStarted = (e) => {
  parentPort.postMessage({ failed: { message: String((e && e.message) || e), code: e && e.code } });
  exit = exit || { code: null };
  drained = true;
  end();
};
if (child) {
  child.stderr.on('data', (d) => (stderr = (stderr + d.toString()).slice(-4000)));
  child.on('error', notStarted);
  child.on('close', (code) => {
    exit = { code };
    end();
  });
}
// The caller has given up (its work on a frame failed): ffmpeg is killed, and this thread ends once ffmpeg
// has (so ffmpeg's exit is collected, not left a zombie). Where the launcher started ffmpeg, the caller tells
// its end here, and the port keeps the thread alive until then; else ffmpeg does, and the port does not.
parentPort.on('message', (m) => {
  if (m && m.exited) {
    stderr = m.exited.stderr;
    if (m.exited.failed) return notStarted(m.exited.failed);
    exit = { code: m.exited.code };
    return end();
  }
  stopped = true;
  stop();
});
if (child) parentPort.unref();
}
`;

/**
 * A reader thread started before the decode that takes it, so a decode does not wait for a thread to start
 * (15-20 ms, decision 346): started when a decode ends, for the next one. It holds nothing open while it
 * waits; one that stopped while waiting is not taken.
 */
let spare: Worker | null = null;
function startSpare() {
  // The launcher too, for the next decode's ffmpeg (decision 355).
  if (useLauncher) startLauncher();
  if (spare) return;
  let w: Worker;
  try {
    w = new Worker(READER, { eval: true });
  } catch {
    // None waits: the next decode starts its own (and reports what stops it).
    return;
  }
  w.unref();
  w.once('exit', () => {
    if (spare === w) spare = null;
  });
  // An error while it waits ends it (its exit above): the next decode starts its own.
  w.on('error', () => {});
  spare = w;
}
/** The reader thread waiting for the next decode, or null (tests). */
export const spareReaderForTests = () => spare;

function takeReader() {
  const w = spare ?? new Worker(READER, { eval: true });
  spare = null;
  w.ref();
  return w;
}

/** Whether ffmpeg writes to a Unix socket (else to its standard output): tests read a clip both ways. */
let viaSocket = process.platform !== 'win32';
export function decodeViaSocketForTests(on: boolean) {
  viaSocket = on;
}

/**
 * Whether ffmpeg writing to the socket is started by the launcher where it is ready (decision 355), else by
 * the reader thread: tests decode both ways.
 */
let useLauncher = true;
export function decodeViaLauncherForTests(on: boolean) {
  useLauncher = on;
}

/**
 * The frame memory of a decoded clip let go, for the next decode to fill (decision 355): a frame of new memory
 * costs the kernel a fault on each of its pages as the reader first writes it, about as much as the decode of
 * the frame on this machine. Held only until the next decode starts, which takes what fits it and lets the
 * rest go.
 */
let spareFrames: (ArrayBuffer | SharedArrayBuffer)[] = [];

/**
 * Gives the memory of frames no one reads any more to the next decode. The caller must hold no other
 * reference to them that is still read: the next clip's pictures are written over them.
 */
export function recycleFrames(frames: Uint8Array[]) {
  spareFrames = frames.filter((f) => f.byteOffset === 0).map((f) => f.buffer);
}

/** Which of a clip's frames are decoded (`decodeGray`'s `pick`). */
export interface FramePick {
  step: number;
  phase: number;
  extra: number[];
}

/** Whether frame `n` of the clip is one `pick` takes. */
export function picks(pick: FramePick, n: number) {
  return (n - pick.phase) % pick.step === 0 || pick.extra.includes(n);
}

/** ffmpeg's select expression for `picks` (n counts the decoded frames from 0, in presentation order). */
function pickExpression(pick: FramePick) {
  const shift = pick.step - (pick.phase % pick.step);
  return [`not(mod(n+${shift}\\,${pick.step}))`, ...pick.extra.map((e) => `eq(n\\,${e})`)].join('+');
}

/**
 * Every frame of the first video stream, in presentation order, turned upright by the file's rotation
 * (ffmpeg's autorotate), scaled to `width` x `height` and made grey. -vsync 0 keeps one picture per
 * stored frame, so frame n here is frame n of ffprobe's frame times, variable rates included.
 */
export function decodeGray(
  file: string,
  width: number,
  height: number,
  /**
   * Called as each frame arrives, so work on it overlaps the decoding of the next ones; with `colour`, its
   * colour planes too. `waiting`: frames already decoded that wait for their turn here (0: the caller's work
   * keeps up with the decode).
   */
  onFrame?: (index: number, frame: Uint8Array, chroma: Uint8Array | undefined, waiting: number) => void,
  maxFrames = Infinity,
  colour = false,
  /**
   * Only these frames handed over (tracker 2.8.0, decision 301): every `step`-th frame from `phase`, and the
   * frames in `extra`; frame n handed over is then the n-th of those. ffmpeg still decodes every frame (the
   * others are references); it drops the rest before scaling them. All frames without it.
   */
  pick?: FramePick,
  /** Where each grey frame is posted too, as `{ i, frame }` (the same picture, in shared memory): the tracker's lines thread. */
  lines?: MessagePort,
): Promise<GrayFrames> {
  return new Promise((resolve, reject) => {
    const args = [
      '-hide_banner',
      '-nostdin',
      '-loglevel',
      'error',
      '-i',
      file,
      '-map',
      '0:v:0',
      '-vsync',
      '0',
      '-vf',
      `${pick ? `select='${pickExpression(pick)}',` : ''}scale=${width}:${height}:flags=area,format=${colour ? 'yuvj420p' : 'gray'}`,
      '-f',
      'rawvideo',
      '-pix_fmt',
      colour ? 'yuvj420p' : 'gray',
      // Where it writes, the reader adds.
    ];
    const luma = width * height;
    // yuv420p: the grey plane, then Cb and Cr at half size each way (width and height are even).
    const size = colour ? luma + 2 * (width / 2) * (height / 2) : luma;
    // The spare memory this decode fills: of a frame's size, shared where the lines thread reads the frames too.
    const takeSpare = () => {
      const spare = spareFrames.filter(
        (b) => b.byteLength === size && (!lines || b instanceof SharedArrayBuffer),
      );
      spareFrames = [];
      return spare.slice(0, maxFrames);
    };
    const frames: Uint8Array[] = [];
    const chroma: Uint8Array[] = [];
    // How many frames the reader has handed over so far, read here without waiting for its messages.
    const posted = new SharedArrayBuffer(4);
    const postedCount = new Int32Array(posted);
    // The job first: where ffmpeg cannot be found, no thread is taken to wait for it.
    const job = {
      bin: ffmpegPath(),
      args,
      size,
      maxFrames,
      posted,
      lines,
      luma,
      viaSocket,
      spare: takeSpare(),
      launched: viaSocket && useLauncher && launcherReady(),
    };
    const reader = takeReader();
    // Spare memory not shared moves to the reader (and is gone from this thread); shared memory is shared.
    const moved = job.spare.filter((b): b is ArrayBuffer => !(b instanceof SharedArrayBuffer));
    reader.postMessage(job, [...(lines ? [lines] : []), ...moved]);
    let settled = false;
    const fail = (err: Error) => {
      if (settled) return;
      settled = true;
      startSpare();
      // The reader kills ffmpeg, and ends once ffmpeg has exited.
      reader.postMessage('stop');
      reject(err);
    };
    // ffmpeg as the launcher started it for the reader, where it did.
    let launched: ReturnType<typeof launch> = null;
    reader.on(
      'message',
      (m: {
        frame?: Uint8Array;
        failed?: { message: string; code?: string };
        end?: boolean;
        code?: number | null;
        tooLong?: boolean;
        stderr?: string;
        launch?: string[];
        kill?: boolean;
      }) => {
        // The reader's ffmpeg started and stopped here, even once the decode has failed (so it is killed).
        if (m.launch) {
          launched = launch(job.bin, m.launch, {}, (exited) => reader.postMessage({ exited }));
          if (!launched)
            reader.postMessage({
              exited: { code: null, stdout: '', stderr: '', failed: { message: 'The launcher stopped' } },
            });
          return;
        }
        if (m.kill) return void launched?.kill();
        if (settled) return;
        if (m.frame) {
          const grey = colour ? m.frame.subarray(0, luma) : m.frame;
          const planes = colour ? m.frame.subarray(luma) : undefined;
          frames.push(grey);
          if (planes) chroma.push(planes);
          try {
            onFrame?.(frames.length - 1, grey, planes, Atomics.load(postedCount, 0) - frames.length);
          } catch (err) {
            fail(err as Error);
          }
        } else if (m.failed) fail(Object.assign(new Error(m.failed.message), { code: m.failed.code }));
        else if (m.tooLong)
          fail(
            new FfmpegError(
              // In the clip's frames: with `pick`, about `step` of them to each frame decoded.
              `The clip is too long to track: trim it to the run (at most ${maxFrames * (pick?.step ?? 1)} frames)`,
            ),
          );
        else if (m.end) {
          if (m.code !== 0)
            return fail(new FfmpegError(`Decoding failed: ${m.stderr!.trim().split('\n').pop()}`));
          settled = true;
          startSpare();
          resolve(colour ? { width, height, frames, chroma } : { width, height, frames });
        }
      },
    );
    reader.on('error', fail);
    reader.on('exit', () => {
      launched?.kill();
      fail(new FfmpegError('Decoding failed: the reader stopped before the end'));
    });
  });
}
