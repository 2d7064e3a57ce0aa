import { formatStatedSpeed } from './measurement-math';
import type { TrackResult } from './tracking';

/**
 * What a receipt says of a tracked Max Speed (issue 31, decision 210), on the private and the public
 * receipt alike: the tracked window and its bound, the ground point followed, and what the ± covers.
 * The hand-marks texts (decisions 101, 198) do not apply: nobody judged a crossing frame.
 */

/** Yards along the run, as the tracker counts them (from the yard line behind the first click). */
const yd = (n: number) => (Math.round(n * 10) / 10).toFixed(1);

/**
 * The yards the lean's likely share leaves of the window (tracker 2.17.0, decision 331), in words after the
 * tracked yards: '; 9.80 with the lean's likely share taken off'. Empty where none was taken off or added.
 */
function leanInWords(yards: number, leanShiftYards: number) {
  // Under half a hundredth of a yard changes no figure shown: nothing is said of it.
  if (Math.abs(leanShiftYards) < 0.005) return '';
  const left = (yards - leanShiftYards).toFixed(2);
  return leanShiftYards > 0
    ? ` as tracked; ${left} with the lean's likely share taken off`
    : ` as tracked; ${left} with the lean's likely share added back`;
}

/**
 * The window the tracked Max Speed was sustained over: 'yard 12.4 to 22.4 of the run (10 yards) in 0.9712 s:
 * 21.06 mph, ...'; `leanShiftYards` (the fit's, tracker 2.17.0) says what the lean's likely share left of it.
 */
export function trackedWindowInWords(m: NonNullable<TrackResult['maxSpeed']>, leanShiftYards = 0) {
  const yards = Math.round((m.toYard - m.fromYard) * 10) / 10;
  return `yard ${yd(m.fromYard)} to ${yd(m.toYard)} of the run (${yards} yards${leanInWords(yards, leanShiftYards)}) in ${(m.toTime - m.fromTime).toFixed(4)} s: ${m.mph.toFixed(2)} mph, fit ± ${m.plusMinusMph.toFixed(2)}, stated as ${formatStatedSpeed(m.mph, m.plusMinusMph)}`;
}

/** The point the tracker followed, in place of a hand-marked landmark. */
export const TRACKED_GROUND_POINT =
  "Tracked ground point: between the feet, kept under the followed upper body at the analyst's click";

/** Where the tracked bound comes from (the public 'What the ± covers'), in one sentence and its limits. */
export function trackedBoundInWords(r: Pick<TrackResult, 'fit'>) {
  const lean = r.fit.perspectiveYards ?? 0;
  const shift = r.fit.leanShiftYards ?? 0;
  // From tracker 2.17.0 (decision 331) the lean's direction is known where the camera looks down.
  // Yards to the hundredth, or the thousandth under one hundredth (a lean of a few thousandths is common).
  const yards = (y: number) => Math.abs(y).toFixed(Math.abs(y) < 0.01 ? 3 : 2);
  const leanWords = shift
    ? `(up to ${yards(lean)} yards over this window, all of it one way: the camera looks down, so the run reads ` +
      `${shift > 0 ? 'long' : 'short'} by between none and that; half of it, ${yards(shift)} yards, ` +
      `was ${shift > 0 ? 'taken off' : 'added to'} the distance, and the ± holds the other half)`
    : `(${lean.toFixed(2)} yards over this window)`;
  return (
    `The ± covers how far the player's tracked position in each of ${r.fit.framesUsed} frames lies from the smooth ` +
    'curve through them, how closely the yard lines found on each frame fit the map from picture to field (the ' +
    'calibration), how far the ground point kept under the upper body can stray from the feet, and the lean a ' +
    `camera above the field gives upright bodies across the picture ${leanWords}. ` +
    'Frames where the tracker could not tell the player from another were left out, and the analyst clicked ' +
    'the player wherever it asked; ' +
    (r.fit.clickSteps
      ? `his clicks there came too close together to tell where on his body each one fell, so the steps between ` +
        `the frames of his ${r.fit.clickSteps + 1} clicks were fitted with the run, and the ± holds how closely ` +
        'the run tells them; '
      : 'from tracker 2.10.0 the fastest 10 yards are placed by one of those clicks, so where on the body each ' +
        'click fell does not move the distance; ') +
    'from tracker 2.11.0 the analyst checked the ' +
    'tracked point where they begin or end, at the end further from his clicks. No frame was judged by hand. ' +
    'From tracker 2.26.0 the map reads how the field recedes along the picture from three yard lines or more, ' +
    'or from two and the slope of the horizon measured where four showed' +
    (r.fit.horizonYards
      ? `; only two showed at an end of the fastest 10 yards and the clip never showed four, so the ± holds the ` +
        `${r.fit.horizonYards.toFixed(2)} yards a phone held up to 3 degrees off level could move the distance. `
      : '. ') +
    "From tracker 2.5.0 the lens's bending is measured " +
    'from the curve of the yard lines, where they show one, and undone before the map is read. It does not cover a ' +
    "bending stronger than phone lenses give (an action camera's fisheye), or running at an angle to the yard " +
    'lines (yards are counted along the field).'
  );
}

/** The private receipt's 'What the ± does not cover' for a tracked value: [title, text]. */
export const TRACKED_LIMITS: [string, string][] = [
  [
    'What it covers.',
    "The ± comes from the fit of the player's position in every frame the tracker followed to a smooth curve (the spread of the positions about it), from the yard-line calibration (how closely the lines found on each frame fit the map from picture to field), from how far the ground point kept under the upper body can stray from the feet, and from the lean a camera above the field gives upright bodies across the picture. From tracker 2.17.0, where the yard lines show the camera looking down, the lean's direction is known: half of the most it could be is taken off the distance (added, where a pan overtook the player) and the ± holds the other half. From tracker 2.26.0 the map reads how the field recedes along the picture from three yard lines or more, or from two and the slope of the horizon measured where the clip showed four; where it never showed four and only two lie under the fastest 10 yards, the ± holds what a phone held up to 3 degrees off level could move the distance. No crossing frame was judged by hand.",
  ],
  [
    'Lens distortion.',
    "From tracker 2.5.0 the lens's bending is measured on the clip from how the yard lines curve, where they show one, and undone before the map from picture to field is read. A bending stronger than phone lenses give (an action camera's fisheye) is not measured: the yard lines then fit the map less closely, which widens the ± only in part.",
  ],
  [
    'Running at an angle.',
    'Yards are counted along the field; a player running across it covers more ground, so the measured speed is then lower than the true one.',
  ],
  [
    'Occlusion.',
    'Where another player who looks the same comes close or runs beside, the tracker stops and asks the analyst to click the player; frames it was unsure of are listed on the workbench and left out of the fit, and no 10-yard window is measured across a gap of them. From tracker 2.12.0 a gap the analyst has already clicked inside, and the tracker is still unsure of, is not asked again: no Max Speed is given across it. From tracker 2.15.0, where the fastest 10 yards of what the tracker saw end on the last frame it saw the player (he was lost, or left the picture) or begin on the first, no Max Speed is given: he may have run faster where he was not seen. From tracker 2.16.0, where gaps leave no 10 yards seen without one, the tracker asks for a click in the gap where the player runs fastest, then in the next, instead of giving up. From tracker 2.27.0, where another player who looks the same ran beside him and came close enough to be taken for him, each on a tenth or more of the frames within half a second of the fastest 10 yards, no Max Speed is given: the tracked point can slide along his body toward the other player there.',
  ],
  [
    'Clicks.',
    "From tracker 2.10.0 the fastest 10 yards are placed by how the player looked at one click, and the other clicks' frames are moved onto it by the difference the two looks show where both followed him; where clicks made close together at speed cannot be lined up so, no Max Speed is given. From tracker 2.11.0 the analyst checks the tracked point on the frame where the fastest 10 yards begin or end, the one further from his clicks, by a click there: a track that slid off the player is tracked again from that click. From tracker 2.13.0 a difference read on fewer than three frames is not taken as read: it moves no frame, and no Max Speed is given where it could move the fastest 10 yards. From tracker 2.14.0, where the player as followed from two clicks lies more than a yard apart on three frames or more between them, one of the two followed someone else, and every frame between those clicks is left out as unsure. From tracker 2.16.0 the difference between two clicks' looks is taken only where each look followed the player on frames of the other's; where it could not be read within two-fifths of a second of the fastest 10 yards, no Max Speed is given. A track stored by an earlier tracker is checked again.",
  ],
  [
    'Ground point.',
    'The tracker follows the upper body and keeps the ground point under it; a player leaning far forward moves it a little.',
  ],
];
