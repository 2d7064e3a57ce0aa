import { readFile } from 'node:fs/promises';
import type { SceneSpec } from './spec';

/**
 * The truth of a clip, in the format of `../shared/data/film-examples/*.truth.json` (fps, nFrames,
 * frameTimes, groundPointPx, maxSpeed or forty), so one loader reads both; the scenes add what they know
 * more (size, rotation, whether the runner is clear of others, the analyst's click, the conditions).
 * Pixels are of the displayed (upright) picture; yards are field yards (X along, Y across).
 */
export interface TruthFrame {
  i: number;
  /** Presentation time of the frame (seconds from the first). */
  t: number;
  X: number;
  Y: number;
  gx: number;
  gy: number;
  pxPerYd: number;
  /** Scenes only: no other player within a quarter of the runner's height of him; he is inside the picture. */
  clear?: boolean;
  inView?: boolean;
  /**
   * Scenes only: the runner's height in the picture, from the top of his drawn body to its bottom (pixels). A
   * camera above the field sees an upright body shorter than 2 yards at the field's scale (decision 307).
   */
  tallPx?: number;
  /** A repeated picture: the time the picture it shows was taken. */
  shownT?: number;
  /**
   * Scenes only: the runner's feet (the left's, then the right's), each the middle of its sole on the ground
   * (field yards `X`, `Y`; pixels `u`, `v`) and whether it is down, standing still while it carries him
   * (decision 359). A foot in the air is given where its sole would meet the ground under it.
   */
  feet?: { X: number; Y: number; u: number; v: number; down: boolean }[];
}

export interface SceneTruth {
  fps: number;
  nFrames: number;
  frameTimes: number[];
  groundPointPx: TruthFrame[];
  maxSpeed?: {
    mph: number;
    seconds: number;
    /** Yards run before the window (from the first frame's position) and the window's field X. */
    fromDist: number;
    fromX: number;
    toX?: number;
    fromTime?: number;
    toTime?: number;
  } | null;
  forty?: {
    tMove: number;
    tFinish: number;
    seconds: number;
    splits: Record<string, number>;
    startFrame: number;
    finishFrame: number;
    splitFrames: Record<string, number>;
    frameSeconds: number;
    startX?: number;
    /** Where an analyst clicks the start (0) and finish (40) lines, near the runner's lane. */
    lines?: { yardLine: number; frameIndex: number; x: number; y: number }[];
  };
  width?: number;
  height?: number;
  rotation?: number;
  /** The analyst's click for a Max Speed: the runner's true ground point on a frame where he is clear. */
  click?: { frameIndex: number; x: number; y: number };
  drops?: number[];
  repeats?: number[];
  scene?: { seed: number; kind: SceneSpec['kind']; summary: string; spec: SceneSpec };
}

/** Reads a `.truth.json`, a scene's or a film example's. */
export async function readTruth(file: string): Promise<SceneTruth> {
  return JSON.parse(await readFile(file, 'utf8')) as SceneTruth;
}
