import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { probeMedia } from '../../lib/media-probe';
import { cameraStill } from '../../modules/analysis/readiness/camera-still';
import { momentsLooked } from '../../modules/analysis/readiness/clip-facts';
import { yardsAt } from '../../modules/measurements/tracking/fit-result';
import type { RawTrack } from '../../modules/measurements/tracking/track-clip';
import { trackScene } from './product';
import { readTruth, type SceneTruth } from './truth';

/**
 * Two Max Speed clips drawn by an independent scene generator (../shared/data/film-examples, laid beside the
 * clone on the machines that have it; issue 48): M21, 1080p 29.97 fps with shake, zoom, blur, CRF 32 and a
 * player in the same kit, whose track once moved to another player (25.32 ± 0.22 mph for a true 20.40); M07,
 * a static low camera with strong perspective, once stored as 20.7 ± 0.2 for 20.40. Tracked from the click
 * their README gives (the runner's ground point on frame 16), the questions answered from their truth. What
 * must hold on film no test of ours drew: never a confident wrong number. A Max Speed given holds the truth
 * within its ±, and so does a fitted one behind any refusal.
 */
/**
 * How much longer the yard lines' map makes the run than the truth (a share: -0.001 is 0.1% short), read on the
 * truth's ground points of every frame the map covers: the slope of the mapped yards against the true ones.
 */
function mapScale(raw: RawTrack, truth: SceneTruth) {
  const pts = truth.groundPointPx.flatMap((g, i) => {
    const m = g.inView === false ? null : yardsAt(raw, i, g.gx, g.gy);
    return m ? [[g.X, m.yards] as const] : [];
  });
  const mean = (k: 0 | 1) => pts.reduce((a, p) => a + p[k], 0) / pts.length;
  const [mx, my] = [mean(0), mean(1)];
  const slope =
    pts.reduce((a, p) => a + (p[0] - mx) * (p[1] - my), 0) / pts.reduce((a, p) => a + (p[0] - mx) ** 2, 0);
  return Math.abs(slope) - 1;
}

const FILM = path.resolve(import.meta.dirname, '../../../../shared/data/film-examples');

describe.skipIf(!['M21', 'M07'].every((name) => existsSync(path.join(FILM, `${name}.mp4`))))(
  'Max Speed on film drawn by another generator (issue 48)',
  () => {
    for (const name of ['M21', 'M07'])
      it(`${name}: given with the truth inside its ±, or refused with the reason`, async () => {
        const truth = await readTruth(path.join(FILM, `${name}.truth.json`));
        const trueMph = truth.maxSpeed!.mph;
        const g = truth.groundPointPx[16];
        const t = await trackScene(path.join(FILM, `${name}.mp4`), truth, {
          frameIndex: 16,
          x: g.gx,
          y: g.gy,
        });
        // The yard lines' map reads the distance the truth's own ground points ran (decision 349: 2.17.0 read
        // M07's 0.27% short, its found lines pulled toward their brightest pixels and half a pixel off).
        if (!('raw' in t) || !t.raw) throw new Error(`not tracked: ${t.refused}`);
        expect(Math.abs(mapScale(t.raw, truth))).toBeLessThan(0.001);
        if (t.given) {
          expect(Math.abs(t.given.mph - trueMph)).toBeLessThanOrEqual(t.given.plusMinus);
          expect(t.given.switchFrames).toBe(0);
        } else {
          expect(t.refused).toMatch(/^(No Max Speed from this track: |needs a click: )/);
          const fitted = 'result' in t ? t.result?.maxSpeed : null;
          if (fitted) expect(Math.abs(fitted.mph - trueMph)).toBeLessThanOrEqual(fitted.plusMinusMph);
        }
      }, 60_000);
  },
);

describe.skipIf(!['M21', 'M07'].every((name) => existsSync(path.join(FILM, `${name}.mp4`))))(
  "A clip's check tells a still camera on film drawn by another generator (decision 350)",
  () => {
    it.each([
      ['M07', true],
      ['M21', false],
    ])('%s: still %s', async (name, still) => {
      const file = path.join(FILM, `${name}.mp4`);
      const m = await probeMedia(file);
      const { pictures, lines, w, h } = await momentsLooked(file, m.width, m.height, m.durationSeconds);
      expect(cameraStill(pictures, lines, w, h, m.durationSeconds / 12)).toBe(still);
    });
  },
);
