import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { measurementsApi } from '@contract/api/measurements';
import { trackSchema, type TrackResult } from '@contract/tracking';
import { aVideoMedia } from '@/test/data';
import { renderWithProviders } from '@/test/render';
import { server } from '@/test/server';
import { mock } from '@/test/mock';
import { TrackBench } from './track-bench';

const media = aVideoMedia(120);
const times = media.frameTimes;

const result: TrackResult = {
  frames: times.map((time, i) => ({
    frameIndex: i,
    time,
    x: 100 + i,
    y: 200,
    yards: i / 10,
    confidence: i === 65 ? 0.3 : 0.9,
    state: i === 65 ? 'low' : 'tracked',
  })),
  lines: times.map((_, i) => ({ frameIndex: i, lines: [{ yardLine: 5, x0: 150, x1: 140 }] })),
  crossings: [
    { yardLine: 5, frameIndex: 50, time: 50 / 29.97 },
    { yardLine: 10, frameIndex: 100, time: 100 / 29.97 },
  ],
  profile: times.map((time, i) => ({ time, yards: i / 10, mph: 20 + Math.sin(i / 20) })),
  maxSpeed: { mph: 21.07, plusMinusMph: 0.05, fromYard: 1.5, toYard: 11.5, fromTime: 1, toTime: 1.97 },
  splits: [{ fromYard: 5, toYard: 10, seconds: { value: 0.486, plusMinus: 0.002 } }],
  flyTen: { value: 0.971, plusMinus: 0.003 },
  toNinety: null,
  fit: {
    knots: [],
    coefficients: [],
    residualYards: 0.01,
    calibrationYards: 0.001,
    framesUsed: 119,
    groundYards: 0.03,
    perspectiveYards: 0,
    leanShiftYards: 0,
    horizonYards: 0,
    clickSteps: 0,
  },
  width: 640,
  height: 360,
  method: 'video 29.97 fps, tracked, 119 frames',
  algorithm: { name: 'ridge-hough-ncc-pspline', version: '1.0.0', params: {} },
  problems: ['The tracker lost the player or was unsure on 1 frames: check them'],
  unsure: [65],
};

/**
 * The frame canvas at 640x360 shown at half size; the analyst clicks the player (120, 200 in the frame) and
 * starts the track. Answers the canvas, for the clicks that follow.
 */
async function startTracking(ui: ReturnType<typeof renderWithProviders>['ui']) {
  const canvas = screen.getByTestId<HTMLCanvasElement>('frame-canvas');
  canvas.width = 640;
  canvas.height = 360;
  canvas.getBoundingClientRect = () => ({ left: 0, top: 0, width: 320, height: 180 }) as DOMRect;
  fireEvent.click(canvas, { clientX: 60, clientY: 100 });
  await ui.click(screen.getByRole('button', { name: 'Track this player' }));
  return canvas;
}

describe('tracking workbench (issue 31)', () => {
  it('the analyst clicks the player, watches progress, sees the Max Speed, drops a flagged frame and re-fits', async () => {
    let started: unknown = null;
    let refit: unknown = null;
    let reads = 0;
    server.use(
      mock(measurementsApi.startTrack, async ({ request }) => {
        started = await request.json();
        return HttpResponse.json({ id: 5, status: 'queued' }, { status: 202 });
      }),
      mock(measurementsApi.track, () => {
        reads += 1;
        return HttpResponse.json(
          reads === 1
            ? { id: 5, status: 'running', progress: 0.4 }
            : { id: 5, status: 'done', progress: 1, result },
        );
      }),
      mock(measurementsApi.refitTrack, async ({ request }) => {
        refit = await request.json();
        return HttpResponse.json(trackSchema.parse({ id: 5, status: 'done', progress: 1, result }));
      }),
    );
    const confirmed: unknown[] = [];
    const { ui } = renderWithProviders(<TrackBench media={media} onConfirm={(m) => confirmed.push(m)} />);
    const start = screen.getByRole('button', { name: 'Track this player' });
    expect(start).toBeDisabled();
    // The first click is best made where the player runs fastest (decision 302).
    expect(
      screen.getByText(/^Step to a frame where the player runs at full speed, clear of the others,/),
    ).toBeInTheDocument();
    // The point the tracker places the feet by: under the hips, not on a foot a few tenths of a yard off it
    // (decision 305).
    expect(
      screen.getByText(
        /click the field under his hips \(on the row where his feet meet it, midway between his feet, not on one foot\)/,
      ),
    ).toBeInTheDocument();

    await startTracking(ui);
    expect(started).toEqual({ videoId: 9, seeds: [{ frameIndex: 0, x: 120, y: 200 }] });

    expect(await screen.findByText('Tracking… 40%')).toBeInTheDocument();
    expect(await screen.findByTestId('tracked-max-speed')).toHaveTextContent('21.1 mph ± 0.1');
    expect(screen.getByText(/video 29.97 fps, tracked, 119 frames/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '10 yd: frame 101' })).toBeInTheDocument();

    await ui.click(screen.getByRole('button', { name: 'Use this Max Speed (21.1 mph)' }));
    expect(confirmed.at(-1)).toEqual({ field: { videoId: 9, trackId: 5 }, maxSpeed: 21.1 });
    expect(
      screen.getByText('Confirmed: 21.1 mph from the track. Complete the request below.'),
    ).toBeInTheDocument();

    await ui.click(screen.getByRole('button', { name: 'Frame 66' }));
    expect(screen.getByTestId('frame-label')).toHaveTextContent('Frame 66 of 120');
    await ui.click(screen.getByRole('button', { name: 'Drop this frame' }));
    await ui.click(screen.getByRole('button', { name: 'Re-fit (0 corrected, 1 dropped)' }));
    await waitFor(() => expect(refit).toEqual({ corrections: [], dropped: [65] }));
    // A re-fit changes the number: the confirmation is taken back.
    expect(confirmed.at(-1)).toBeNull();
  });

  it('the tracker stops on a frame where another player came close: the workbench goes there, says why, and the click there goes on tracking', async () => {
    let refit: unknown = null;
    let asked = true;
    server.use(
      mock(measurementsApi.startTrack, () => HttpResponse.json({ id: 6, status: 'queued' }, { status: 202 })),
      mock(measurementsApi.track, () =>
        HttpResponse.json(
          asked
            ? {
                id: 6,
                status: 'needs-click',
                progress: 1,
                needsClickAt: {
                  frameIndex: 40,
                  reason:
                    'Another player who looks the same came close to the player on frame 37: click the player on this frame to go on',
                },
                result,
              }
            : { id: 6, status: 'done', progress: 1, result },
        ),
      ),
      mock(measurementsApi.refitTrack, async ({ request }) => {
        refit = await request.json();
        asked = false;
        return HttpResponse.json({ id: 6, status: 'queued', progress: 0 });
      }),
    );
    const { ui } = renderWithProviders(<TrackBench media={media} onConfirm={() => {}} />);
    const canvas = await startTracking(ui);

    expect(await screen.findByText('The tracker needs a click on frame 41')).toBeInTheDocument();
    expect(screen.getByText(/came close to the player on frame 37/)).toBeInTheDocument();
    expect(
      screen.getByText(
        "Click the field under the player's hips on this frame: on the row where his feet meet it, midway between his feet, as on your first click.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByTestId('frame-label')).toHaveTextContent('Frame 41 of 120');
    // The player may have left the picture there: the analyst can say so.
    expect(screen.getByRole('button', { name: 'The player is not in view here' })).toBeInTheDocument();
    // Nothing to confirm while the track waits.
    expect(screen.queryByRole('button', { name: /Use this Max Speed/ })).not.toBeInTheDocument();
    fireEvent.click(canvas, { clientX: 70, clientY: 90 });
    await waitFor(() =>
      expect(refit).toEqual({ corrections: [{ frameIndex: 40, x: 140, y: 180 }], dropped: [] }),
    );
    expect(await screen.findByRole('button', { name: /Use this Max Speed/ })).toBeInTheDocument();
  });

  it('the analyst checks the track where the fastest 10 yards begin and end (decision 308): the frame asked, no "not in view", the click sent', async () => {
    const refits: unknown[] = [];
    const asks = [
      { frameIndex: 29, where: 'begin' },
      { frameIndex: 59, where: 'end' },
    ];
    // The track as it reads after each click: the next check asked, then done.
    const track = () => {
      const ask = asks[refits.length];
      return HttpResponse.json(
        ask
          ? {
              id: 7,
              status: 'needs-click',
              progress: 1,
              needsClickAt: {
                frameIndex: ask.frameIndex,
                reason: `Check the track where the fastest 10 yards ${ask.where}: click the field under the player's hips on this frame (a click on the tracked point confirms it; elsewhere, the player is tracked again from your click)`,
                kind: 'confirm',
              },
              result,
            }
          : { id: 7, status: 'done', progress: 1, result },
      );
    };
    server.use(
      mock(measurementsApi.startTrack, () => HttpResponse.json({ id: 7, status: 'queued' }, { status: 202 })),
      mock(measurementsApi.track, track),
      mock(measurementsApi.refitTrack, async ({ request }) => {
        refits.push(await request.json());
        return track();
      }),
    );
    const { ui } = renderWithProviders(<TrackBench media={media} onConfirm={() => {}} />);
    const canvas = await startTracking(ui);

    expect(await screen.findByText('The tracker needs a click on frame 30')).toBeInTheDocument();
    expect(screen.getByText(/^Check the track where the fastest 10 yards begin: /)).toBeInTheDocument();
    expect(screen.getByTestId('frame-label')).toHaveTextContent('Frame 30 of 120');
    // He is in view there: only a click answers it.
    expect(screen.queryByRole('button', { name: 'The player is not in view here' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Use this Max Speed/ })).not.toBeInTheDocument();
    fireEvent.click(canvas, { clientX: 64, clientY: 100 });
    await waitFor(() =>
      expect(refits).toEqual([{ corrections: [{ frameIndex: 29, x: 128, y: 200 }], dropped: [] }]),
    );
    expect(await screen.findByText('The tracker needs a click on frame 60')).toBeInTheDocument();
    expect(screen.getByTestId('frame-label')).toHaveTextContent('Frame 60 of 120');
    fireEvent.click(canvas, { clientX: 80, clientY: 100 });
    await waitFor(() => expect(refits).toHaveLength(2));
    expect(refits[1]).toEqual({ corrections: [{ frameIndex: 59, x: 160, y: 200 }], dropped: [] });
    expect(await screen.findByRole('button', { name: /Use this Max Speed/ })).toBeInTheDocument();
  });

  it('a track the tracker cannot stand behind: the reason and what to film differently, nothing to confirm, and a fresh start', async () => {
    const error =
      'No Max Speed from this track: the speed is only known to ± 0.47 mph, wider than the ± 0.4 mph a verified Max Speed allows at this frame rate (where the feet meet the field is placed only to a few pixels, and here a few pixels move the player along the field: film from higher up, square to the field, panning to keep the player near the middle of the picture)';
    server.use(
      mock(measurementsApi.startTrack, () => HttpResponse.json({ id: 7, status: 'queued' }, { status: 202 })),
      mock(measurementsApi.track, () => HttpResponse.json({ id: 7, status: 'failed', progress: 1, error })),
    );
    const { ui } = renderWithProviders(<TrackBench media={media} onConfirm={() => {}} />);
    await startTracking(ui);

    const said = await screen.findByText(/^Tracking failed: /);
    expect(said).toHaveAttribute('role', 'alert');
    expect(said).toHaveTextContent(`Tracking failed: ${error}`);
    expect(screen.queryByRole('button', { name: /Use this Max Speed/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Re-fit/ })).not.toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'Start again' }));
    expect(screen.queryByText(/^Tracking failed: /)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Track this player' })).toBeDisabled();
  });

  it("a refused track's advice to the family: shown, and the rejection started from it (decision 352)", async () => {
    const error = 'No Max Speed from this track: The tracked run covers less than 10 yards: no Max Speed';
    const advice =
      "We could not verify a Max Speed from this clip: it shows less than 10 yards of the player's run. Next time, film the whole run of 20 yards or more, with him in full view near the middle of the picture.";
    server.use(
      mock(measurementsApi.startTrack, () => HttpResponse.json({ id: 7, status: 'queued' }, { status: 202 })),
      mock(measurementsApi.track, () =>
        HttpResponse.json({ id: 7, status: 'failed', progress: 1, error, advice }),
      ),
    );
    const rejected: string[] = [];
    const { ui } = renderWithProviders(
      <TrackBench media={media} onConfirm={() => {}} onReject={(c) => rejected.push(c)} />,
    );
    await startTracking(ui);
    expect(await screen.findByText(`The family will be told: ${advice}`)).toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'Reject and tell the family why' }));
    expect(rejected).toEqual([advice]);
  });

  it('no rejection offered from a refused track where the bench has none to start (a blind audit)', async () => {
    server.use(
      mock(measurementsApi.startTrack, () => HttpResponse.json({ id: 7, status: 'queued' }, { status: 202 })),
      mock(measurementsApi.track, () =>
        HttpResponse.json({
          id: 7,
          status: 'failed',
          progress: 1,
          error: 'No Max Speed from this track: x',
          advice: 'y',
        }),
      ),
    );
    const { ui } = renderWithProviders(<TrackBench media={media} onConfirm={() => {}} />);
    await startTracking(ui);
    await screen.findByText(/^Tracking failed: /);
    expect(screen.queryByRole('button', { name: 'Reject and tell the family why' })).not.toBeInTheDocument();
  });

  it('a clip followed on every second frame (decision 301): a frame not followed says so, and shows no point', async () => {
    const everyOther: TrackResult = {
      ...result,
      frames: result.frames.map((f) =>
        f.frameIndex % 2 === 1
          ? { ...f, x: 0, y: 0, yards: null, confidence: 0, state: 'skipped' as const }
          : f.frameIndex === 64
            ? { ...f, confidence: 0.3, state: 'low' as const }
            : f,
      ),
      unsure: [64],
      // A crossing proposed on a frame not followed (its time comes from the fit, not from a frame).
      crossings: [{ yardLine: 5, frameIndex: 65, time: 65 / 29.97 }],
    };
    server.use(
      mock(measurementsApi.startTrack, () => HttpResponse.json({ id: 8, status: 'queued' }, { status: 202 })),
      mock(measurementsApi.track, () =>
        HttpResponse.json({ id: 8, status: 'done', progress: 1, result: everyOther }),
      ),
    );
    const { ui } = renderWithProviders(<TrackBench media={media} onConfirm={() => {}} />);
    await startTracking(ui);
    await ui.click(await screen.findByRole('button', { name: 'Frame 65' }));
    expect(screen.getByText('Frame 65: low, confidence 0.30')).toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: '5 yd: frame 66' }));
    expect(screen.getByTestId('frame-label')).toHaveTextContent('Frame 66 of 120');
    expect(
      screen.getByText(
        'Frame 66: not followed (the tracker follows this clip on every few frames): step to a frame it followed',
      ),
    ).toBeInTheDocument();
    // Nothing to correct there: the server has no lines for it (a 400); dropping it changes nothing either way.
    expect(screen.getByRole('button', { name: 'Correct this frame' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Drop this frame' })).toBeDisabled();
    await ui.click(screen.getByRole('button', { name: 'Frame 65' }));
    expect(screen.getByRole('button', { name: 'Correct this frame' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Drop this frame' })).toBeEnabled();
    // Correcting, then stepping to a frame not followed: a click there is not taken.
    await ui.click(screen.getByRole('button', { name: 'Correct this frame' }));
    await ui.click(screen.getByRole('button', { name: '5 yd: frame 66' }));
    fireEvent.click(screen.getByTestId('frame-canvas'), { clientX: 60, clientY: 100 });
    expect(screen.getByRole('button', { name: 'Re-fit (0 corrected, 0 dropped)' })).toBeDisabled();
    // The unsure list names only the frame the tracker followed and was unsure of.
    expect(
      screen.getByRole('list', { name: 'Frames the tracker was unsure of' }).querySelectorAll('button'),
    ).toHaveLength(1);
  });
});
