import { parentPort, type MessagePort } from 'node:worker_threads';
import { FrameLines } from './frame-lines';
import type { LinesReply, LinesRequest } from './lines-thread';

/**
 * The lines thread (decision 341): finds each frame's yard lines while the tracking thread follows the player.
 * The frames come straight from the decode's reader on the clip's own port; each clip's ridge points stay
 * here, and only the lines go back, in the order the frames came.
 */
const port = parentPort!;
interface Clip {
  lines: FrameLines;
  frames: MessagePort;
  /** The frame count the decode ended with, once the tracking thread has told it. */
  finishAt?: number;
}
const clips = new Map<number, Clip>();
const reply = (m: LinesReply) => port.postMessage(m);

function end(id: number) {
  clips.get(id)?.frames.close();
  clips.delete(id);
}

function failed(id: number, err: unknown) {
  end(id);
  reply({ type: 'failed', id, message: err instanceof Error ? err.message : String(err) });
}

/** Every frame is in: the lens, then every frame's lines without it. */
function finish(id: number, clip: Clip) {
  end(id);
  const k1 = clip.lines.lens();
  reply({ type: 'lens', id, k1, count: clip.lines.count });
  for (let i = 0; i < clip.lines.count; i += 1)
    reply({ type: 'lines', id, i, lines: clip.lines.lines(i, k1) });
}

port.on('message', (m: LinesRequest) => {
  try {
    if (m.type === 'start') {
      const clip: Clip = { lines: new FrameLines(m.w, m.h, m.expected), frames: m.frames };
      clips.set(m.id, clip);
      m.frames.on('message', (f: { i: number; frame: Uint8Array }) => {
        if (clips.get(m.id) !== clip) return;
        try {
          // The lines as seen: the tracking thread follows the player on them while this thread keeps up.
          reply({ type: 'seen', id: m.id, i: f.i, ...clip.lines.add(f.i, f.frame) });
          if (clip.lines.count === clip.finishAt) finish(m.id, clip);
        } catch (err) {
          failed(m.id, err);
        }
      });
    } else if (m.type === 'drop') end(m.id);
    else {
      const clip = clips.get(m.id);
      if (!clip) return;
      // The frames come on their own port: the last of them may still be on their way.
      clip.finishAt = m.count;
      if (clip.lines.count >= m.count) finish(m.id, clip);
    }
  } catch (err) {
    failed(m.id, err);
  }
});
reply({ type: 'ready' });
