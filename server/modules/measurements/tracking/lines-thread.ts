import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import { FrameLines, type FrameSeen } from './frame-lines';
import type { Line } from './yard-lines';

/** What the tracking thread asks of the lines thread (`lines-worker.ts`). */
export type LinesRequest =
  | { type: 'start'; id: number; w: number; h: number; expected: number; frames: MessagePort }
  | { type: 'finish'; id: number; count: number }
  | { type: 'drop'; id: number };

/** What it answers: each frame's lines as seen, then, once the clip is in, its lens and every frame's lines. */
export type LinesReply =
  | { type: 'ready' }
  | ({ type: 'seen'; id: number; i: number } & FrameSeen)
  | { type: 'lens'; id: number; k1: number; count: number }
  | { type: 'lines'; id: number; i: number; lines: Line[] }
  | { type: 'failed'; id: number; message: string };

/** Told as a clip's lines are found, in frame order. */
export interface LinesHandlers {
  /** Frame `i`'s lines as seen while it decoded (`FrameLines.add`). */
  seen(i: number, r: FrameSeen): void;
  /** Frame `i`'s lines in the picture without the lens, once the whole clip is in. */
  lines(i: number, lines: Line[]): void;
}

/** One clip's lines, found on the lines thread or, without one, on this thread. */
export interface ClipLines {
  /**
   * Where the decode posts each grey frame (`decodeGray`'s `lines`): the lines thread's. Without it the
   * frames are given to `add`.
   */
  port?: MessagePort;
  /** The next frame, as it comes in (where there is no `port`). */
  add(i: number, frame: Uint8Array): void;
  /**
   * The clip is in, `count` frames: resolves with the lens's k1; each frame's lines follow (`LinesHandlers.lines`), all of
   * them in once `done` resolves.
   */
  finish(count: number): Promise<number>;
  done: Promise<void>;
  /** Given up: nothing more is found for this clip. */
  drop(): void;
}

interface Thread {
  worker: Worker;
  clips: Map<
    number,
    {
      seen(i: number, r: FrameSeen): void;
      lines(i: number, lines: Line[]): void;
      lens(k1: number, count: number): void;
      fail(err: Error): void;
    }
  >;
}

let started: Promise<Thread | null> | undefined;
let nextId = 1;

/**
 * The worker's code: the bundle's `lines-worker.js` beside it (`npm start`), else the TypeScript source loaded
 * through tsx's public loader (`tsx`, Vitest and the benchmarks run the sources).
 */
function workerOf() {
  const bundled = path.join(import.meta.dirname, 'lines-worker.js');
  if (existsSync(bundled)) return new Worker(bundled);
  // tsx's public entry for registering its loader, as this module resolves it (the import condition).
  const tsx = import.meta.resolve('tsx/esm/api');
  // Beside this file when it runs from its source (in the bundle the built file above is there instead).
  const source = pathToFileURL(path.join(import.meta.dirname, 'lines-worker.ts')).href;
  const load = `import(${JSON.stringify(tsx)}).then((t) => { t.register(); return import(${JSON.stringify(source)}); });`;
  return new Worker(load, { eval: true });
}

/**
 * The lines thread of this process (decision 341), started once: null on a machine with one core, or where it
 * could not start (then the lines are found on the tracking thread, as before, with a warning). It holds the
 * process open only while a clip's lines are being found.
 */
export function linesThread(): Promise<Thread | null> {
  started ??= new Promise((resolve) => {
    if (availableParallelism() < 2) return resolve(null);
    let worker: Worker;
    try {
      worker = workerOf();
    } catch (err) {
      process.emitWarning(`The tracker's lines thread did not start: ${(err as Error).message}`);
      return resolve(null);
    }
    const thread: Thread = { worker, clips: new Map() };
    let ready = false;
    let failed = false;
    const failAll = (err: Error) => {
      // Told once: a thread that fails reports an error, then its exit.
      if (failed) return;
      failed = true;
      if (!ready) {
        process.emitWarning(`The tracker's lines thread did not start: ${err.message}`);
        return resolve(null);
      }
      // A later track starts it again.
      started = undefined;
      const told = new Error(`Finding the yard lines failed: ${err.message}`);
      for (const c of thread.clips.values()) c.fail(told);
      thread.clips.clear();
    };
    worker.on('message', (m: LinesReply) => {
      if (m.type === 'ready') {
        ready = true;
        worker.unref();
        return resolve(thread);
      }
      const clip = thread.clips.get(m.id);
      if (!clip) return;
      // What the tracking thread does with a frame's lines (it follows the player) fails that track alone.
      try {
        if (m.type === 'seen') clip.seen(m.i, m);
        else if (m.type === 'lens') clip.lens(m.k1, m.count);
        else if (m.type === 'lines') clip.lines(m.i, m.lines);
        else clip.fail(new Error(`Finding the yard lines failed: ${m.message}`));
      } catch (err) {
        clip.fail(err instanceof Error ? err : new Error(String(err)));
      }
    });
    worker.on('error', failAll);
    worker.on('exit', (code) => failAll(new Error(`the lines thread stopped (exit code ${code})`)));
  });
  return started;
}

/**
 * A clip's lines, `w` x `h` frames, the file stating `expected` frames: on the lines thread where there is one
 * (`thread`), else here. The same lines either way (`FrameLines`).
 */
export function clipLines(
  thread: Thread | null,
  w: number,
  h: number,
  expected: number,
  handlers: LinesHandlers,
): ClipLines {
  if (!thread) {
    const here = new FrameLines(w, h, expected);
    return {
      add: (i, frame) => handlers.seen(i, here.add(i, frame)),
      finish: () => {
        const k1 = here.lens();
        for (let i = 0; i < here.count; i += 1) handlers.lines(i, here.lines(i, k1));
        return Promise.resolve(k1);
      },
      done: Promise.resolve(),
      drop: () => {},
    };
  }
  const { worker, clips } = thread;
  const id = nextId++;
  let lensOf!: (k1: number) => void;
  let failLens!: (err: Error) => void;
  const lens = new Promise<number>((resolve, reject) => {
    lensOf = resolve;
    failLens = reject;
  });
  let allIn!: () => void;
  let failDone!: (err: Error) => void;
  const done = new Promise<void>((resolve, reject) => {
    allIn = resolve;
    failDone = reject;
  });
  // A failure while the clip decodes is told when these are awaited, not as an unhandled rejection before.
  lens.catch(() => {});
  done.catch(() => {});
  let count = -1;
  let linesIn = 0;
  const end = () => {
    if (clips.delete(id) && clips.size === 0) worker.unref();
  };
  clips.set(id, {
    seen: handlers.seen,
    lines: (i, lines) => {
      handlers.lines(i, lines);
      linesIn += 1;
      if (linesIn === count) {
        end();
        allIn();
      }
    },
    lens: (k1, n) => {
      count = n;
      lensOf(k1);
      if (n === 0) {
        end();
        allIn();
      }
    },
    fail: (err) => {
      end();
      failLens(err);
      failDone(err);
    },
  });
  // Held open while this clip's lines are found: a script awaiting them has nothing else keeping it alive.
  worker.ref();
  const send = (m: LinesRequest, transfer?: MessagePort[]) => worker.postMessage(m, transfer);
  // The frames go to the lines thread straight from the decode's reader, on a port of this clip's own.
  const { port1, port2 } = new MessageChannel();
  send({ type: 'start', id, w, h, expected, frames: port2 }, [port2]);
  return {
    port: port1,
    add: () => {
      throw new Error('The frames go to the lines thread on its port');
    },
    finish: (n) => {
      send({ type: 'finish', id, count: n });
      return lens;
    },
    done,
    drop: () => {
      if (!clips.has(id)) return;
      end();
      send({ type: 'drop', id });
    },
  };
}
