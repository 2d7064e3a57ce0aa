import {
  clipLens,
  lensFrames,
  lensLines,
  lensOf,
  linesOf,
  ridgePoints,
  straightness,
  type Line,
  type Ridges,
} from './yard-lines';

/** What one frame gave as it came in (`FrameLines.add`). */
export interface FrameSeen {
  /** Its yard lines as the picture shows them, where they were found while the clip decoded. */
  seen?: Line[];
  /** Whether the frames so far measure no lens: while so, every frame's lines are found as it comes in. */
  every: boolean;
}

/**
 * A clip's yard lines, frame by frame as it decodes (tracker 2.7.0, decision 299), then every frame's in the
 * picture without the lens once the whole clip is in (`framesLines`' rule). The same work whether it runs on
 * the tracking thread or on the lines thread beside it (decision 341): it keeps each frame's ridge points, so
 * only the lines leave it.
 */
export class FrameLines {
  private readonly ridges: Ridges[] = [];
  private readonly seen: (Line[] | undefined)[] = [];
  private readonly curves: (number[] | null)[] = [];
  private readonly lensFrame: Set<number>;
  private every = true;

  constructor(
    private readonly w: number,
    private readonly h: number,
    /** The frame count the file states: the frames the lens is measured on while the clip decodes. */
    expected: number,
  ) {
    this.lensFrame = new Set(lensFrames(expected));
  }

  /**
   * Frame `i` (the next one) as it comes in: its ridge points kept, its lines found as they are while no lens
   * is measured and on the frames the lens is measured on, whose straightness is scored once, here. Once
   * those measure one, only they are found so: the others' lines are found at the end, with the bending undone.
   * (One frame showing a lens on its own does not stop it: on the calibration scenes most clips without a lens
   * have such frames.)
   */
  add(i: number, frame: Uint8Array): FrameSeen {
    const { w, h } = this;
    const r = ridgePoints(frame, w, h);
    this.ridges[i] = r;
    if (this.every || this.lensFrame.has(i)) this.seen[i] = linesOf(r, w, h);
    if (this.lensFrame.has(i)) {
      this.curves[i] = straightness(r, w, h, this.seen[i]);
      if (this.every && lensOf(this.curves, w, h) !== 0) this.every = false;
    }
    return { seen: this.seen[i], every: this.every };
  }

  /** The lens's k1, measured on the clip's frames (`clipLens`; lines found in the picture without it). */
  lens() {
    return clipLens(this.ridges, this.w, this.h, this.seen, this.curves);
  }

  /** Frame `i`'s yard lines in the picture without the lens's bending `k1`. */
  lines(i: number, k1: number) {
    return lensLines(this.ridges[i], k1, this.w, this.h, this.seen[i]);
  }

  get count() {
    return this.ridges.length;
  }
}
