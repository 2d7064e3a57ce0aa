import { ALL_FORMATS, CanvasSink, EncodedPacketSink, Input, UrlSource } from 'mediabunny';
import { frameAt } from '../frame-numbers';

/** Frames decoded around the one asked for (each packet is decoded once per batch). */
const BATCH_BEHIND = 6;
const BATCH_AHEAD = 8;
const CACHE_LIMIT = 24;

/**
 * A video file decoded frame by frame with WebCodecs (mediabunny). Frame i is the i-th packet in
 * presentation order: the packets' timestamps are listed from the file and sorted, so B-frames and a
 * variable frame rate cannot shift the numbering. A `<video>` element's currentTime is not frame-exact.
 */
export class FrameSource {
  private cache = new Map<number, ImageBitmap>();
  private wanted: number | null = null;
  private running = false;
  private playing: { stop: boolean } | null = null;
  private disposed = false;

  private constructor(
    private readonly input: Input,
    private readonly sink: CanvasSink,
    /** Presentation timestamps of the file's frames, in seconds, ascending. */
    readonly timestamps: number[],
    readonly width: number,
    readonly height: number,
  ) {}

  /** `refresh` gives a new signed URL when the current one has expired (403) during a long session. */
  static async open(url: string, refresh?: () => Promise<string>): Promise<FrameSource> {
    let current = url;
    const fetchFn: typeof fetch = async (_req, init) => {
      const res = await fetch(current, init);
      if (res.status !== 403 || !refresh) return res;
      current = await refresh();
      return fetch(current, init);
    };
    const input = new Input({ source: new UrlSource(url, { fetchFn }), formats: ALL_FORMATS });
    try {
      const track = await input.getPrimaryVideoTrack();
      if (!track) throw new Error('The file has no video track');
      if (!(await track.canDecode())) throw new Error('This browser cannot decode this video (WebCodecs)');
      const timestamps: number[] = [];
      const packets = new EncodedPacketSink(track);
      for await (const p of packets.packets(undefined, undefined, { metadataOnly: true }))
        timestamps.push(p.timestamp);
      timestamps.sort((a, b) => a - b);
      const sink = new CanvasSink(track, { poolSize: 2 });
      return new FrameSource(
        input,
        sink,
        timestamps,
        await track.getDisplayWidth(),
        await track.getDisplayHeight(),
      );
    } catch (err) {
      input.dispose();
      throw err;
    }
  }

  get count() {
    return this.timestamps.length;
  }

  /**
   * Draws frame i on the canvas. Requests made while one is decoding collapse to the latest, so fast
   * stepping never shows frames out of order; `onShown` names the frame actually on the canvas.
   */
  show(i: number, canvas: HTMLCanvasElement, onShown: (i: number) => void, onError: (e: unknown) => void) {
    this.stopPlayback();
    this.wanted = i;
    if (this.running) return;
    this.running = true;
    void (async () => {
      try {
        while (this.wanted !== null) {
          const target = this.wanted;
          this.wanted = null;
          const bitmap = await this.frame(target);
          if (this.wanted !== null) continue;
          paint(canvas, bitmap);
          onShown(target);
        }
      } catch (err) {
        if (!this.disposed) onError(err);
      } finally {
        this.running = false;
      }
    })();
  }

  private async frame(i: number): Promise<ImageBitmap> {
    const hit = this.cache.get(i);
    if (hit) return hit;
    const from = Math.max(0, i - BATCH_BEHIND);
    const to = Math.min(this.count - 1, i + BATCH_AHEAD);
    const indexes = [];
    for (let k = from; k <= to; k += 1) if (!this.cache.has(k)) indexes.push(k);
    let n = 0;
    for await (const wrapped of this.sink.canvasesAtTimestamps(indexes.map((k) => this.timestamps[k]))) {
      const k = indexes[n++];
      if (wrapped) this.cache.set(k, await createImageBitmap(wrapped.canvas));
    }
    this.evict(i);
    const bitmap = this.cache.get(i);
    if (!bitmap) throw new Error(`Frame ${i + 1} could not be decoded`);
    return bitmap;
  }

  private evict(center: number) {
    if (this.cache.size <= CACHE_LIMIT) return;
    const far = [...this.cache.keys()].sort((a, b) => Math.abs(b - center) - Math.abs(a - center));
    for (const k of far.slice(0, this.cache.size - CACHE_LIMIT)) {
      this.cache.get(k)?.close();
      this.cache.delete(k);
    }
  }

  /** Plays from frame `from` at `rate` (1, 0.25, 0.125) until stopped or the last frame. */
  play(
    from: number,
    rate: number,
    canvas: HTMLCanvasElement,
    onShown: (i: number) => void,
    onEnd: () => void,
  ) {
    this.stopPlayback();
    this.wanted = null;
    const state = { stop: false };
    this.playing = state;
    const t0 = this.timestamps[from];
    const start = performance.now();
    void (async () => {
      try {
        for await (const wrapped of this.sink.canvases(t0)) {
          if (this.disposed) state.stop = true;
          if (state.stop) break;
          const due = start + ((wrapped.timestamp - t0) / rate) * 1000;
          const wait = due - performance.now();
          if (wait > 0) await new Promise((r) => setTimeout(r, wait));
          if (state.stop) break;
          paint(canvas, wrapped.canvas);
          onShown(frameAt(this.timestamps, wrapped.timestamp));
        }
      } catch {
        state.stop = true;
      } finally {
        if (this.playing === state) this.playing = null;
        if (!state.stop) onEnd();
      }
    })();
  }

  stopPlayback() {
    if (this.playing) this.playing.stop = true;
    this.playing = null;
  }

  dispose() {
    this.disposed = true;
    this.stopPlayback();
    this.wanted = null;
    for (const b of this.cache.values()) b.close();
    this.cache.clear();
    this.input.dispose();
  }
}

function paint(canvas: HTMLCanvasElement, image: CanvasImageSource & { width: number; height: number }) {
  if (canvas.width !== image.width || canvas.height !== image.height) {
    canvas.width = image.width;
    canvas.height = image.height;
  }
  canvas.getContext('2d')?.drawImage(image, 0, 0);
}
