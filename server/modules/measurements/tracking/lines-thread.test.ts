import { rm } from 'node:fs/promises';
import path from 'node:path';
import { MessageChannel, Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { FrameLines } from './frame-lines';
import { clipLines, linesThread, type LinesReply, type LinesRequest } from './lines-thread';
import type { Line } from './yard-lines';

const w = 320;
const h = 180;
/** A grey field with bright slanted yard lines, panning `pan` px a frame: lines to find on every frame. */
function frame(k: number) {
  const g = new Uint8Array(w * h).fill(70);
  for (let y = 0; y < h; y += 1)
    for (let line = 0; line < 6; line += 1) {
      const x = Math.round(20 + 55 * line + 2 * k + 0.35 * (y - h / 2));
      for (let d = -1; d <= 1; d += 1) if (x + d >= 0 && x + d < w) g[y * w + x + d] = d === 0 ? 230 : 170;
    }
  return g;
}
const frames = Array.from({ length: 12 }, (_, k) => frame(k));

/** The lines found on this thread, frame by frame as `FrameLines` finds them. */
function here() {
  const f = new FrameLines(w, h, frames.length);
  frames.forEach((g, i) => f.add(i, g));
  const k1 = f.lens();
  return { k1, lines: frames.map((_, i) => f.lines(i, k1)) };
}

const root = path.resolve(import.meta.dirname, '../../../..');
const outdir = path.join(root, '.tmp', `lines-bundle-${process.pid}`);
afterAll(() => rm(outdir, { recursive: true, force: true }));

describe("the tracker's lines thread (decision 341)", () => {
  it('finds the lines this thread finds, the frames posted to it as the decode posts them', async () => {
    const thread = await linesThread();
    expect(thread).not.toBeNull();
    const found: Line[][] = [];
    const seen: (Line[] | undefined)[] = [];
    const work = clipLines(thread, w, h, frames.length, {
      seen: (i, r) => (seen[i] = r.seen),
      lines: (i, lines) => (found[i] = lines),
    });
    expect(work.port).toBeDefined();
    for (const [i, g] of frames.entries()) work.port!.postMessage({ i, frame: g.slice() });
    const k1 = await work.finish(frames.length);
    await work.done;
    const want = here();
    expect(k1).toBe(want.k1);
    expect(found).toEqual(want.lines);
    // Each frame's lines as seen while the clip came in, in order: without a lens, the same lines.
    expect(seen).toEqual(want.lines);
    expect(want.lines.every((ls) => ls.length >= 5)).toBe(true);
  });

  it("fails the clip, not the process, where the tracking thread's work on its lines throws", async () => {
    const thread = await linesThread();
    const work = clipLines(thread, w, h, frames.length, {
      seen: () => {},
      lines: (i) => {
        if (i === 3) throw new Error('following failed on frame 3');
      },
    });
    for (const [i, g] of frames.entries()) work.port!.postMessage({ i, frame: g.slice() });
    expect(await work.finish(frames.length)).toBe(here().k1);
    await expect(work.done).rejects.toThrow('following failed on frame 3');
    // The thread goes on: the next clip's lines are found.
    const found: Line[][] = [];
    const next = clipLines(thread, w, h, frames.length, { seen: () => {}, lines: (i, l) => (found[i] = l) });
    for (const [i, g] of frames.entries()) next.port!.postMessage({ i, frame: g.slice() });
    await next.finish(frames.length);
    await next.done;
    expect(found).toEqual(here().lines);
  });

  it('finds them from the server bundle as `npm start` runs it', async () => {
    const { buildServer } = (await import(path.join(root, 'scripts/build-server.mjs'))) as {
      buildServer(outdir: string): Promise<void>;
    };
    await buildServer(outdir);
    const worker = new Worker(path.join(outdir, 'lines-worker.js'));
    try {
      const replies: LinesReply[] = [];
      const all = new Promise<void>((resolve, reject) => {
        worker.on('error', reject);
        worker.on('message', (m: LinesReply) => {
          replies.push(m);
          if (m.type === 'lines' && m.i === frames.length - 1) resolve();
          if (m.type === 'failed') reject(new Error(m.message));
        });
      });
      const { port1, port2 } = new MessageChannel();
      const start: LinesRequest = { type: 'start', id: 7, w, h, expected: frames.length, frames: port2 };
      worker.postMessage(start, [port2]);
      // Told the count before the last frames are in: it waits for them.
      worker.postMessage({ type: 'finish', id: 7, count: frames.length } satisfies LinesRequest);
      for (const [i, g] of frames.entries()) port1.postMessage({ i, frame: g });
      await all;
      const want = here();
      expect(replies[0]).toEqual({ type: 'ready' });
      const n = frames.length;
      expect(replies.slice(1, n + 1)).toEqual(
        want.lines.map((seen, i) => ({ type: 'seen', id: 7, i, seen, every: true })),
      );
      expect(replies[n + 1]).toEqual({ type: 'lens', id: 7, k1: want.k1, count: n });
      expect(replies.slice(n + 2).map((m) => (m.type === 'lines' ? m.lines : null))).toEqual(want.lines);
    } finally {
      await worker.terminate();
    }
  }, 60_000);
});
