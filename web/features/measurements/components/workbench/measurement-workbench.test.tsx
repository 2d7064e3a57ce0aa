import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import type { QueueItem } from '@contract/analysis';
import { measurementsApi } from '@contract/api/measurements';
import { computeMeasurement } from '@contract/measurement-math';
import { measurementResultSchema } from '@contract/measurements';
import type { TrackResult } from '@contract/tracking';
import { aVideoMedia } from '@/test/data';
import { renderWithProviders } from '@/test/render';
import { server } from '@/test/server';
import { mock } from '@/test/mock';
import { MeasurementWorkbench } from './measurement-workbench';
import { boundsOverlap } from './cross-check';

// jsdom has no WebCodecs: a frame source that 'shows' every frame at once, so the viewer steps and marks.
vi.mock('../viewer/use-frame-source', () => {
  const source = {
    show: (i: number, _c: unknown, onShown: (i: number) => void) => onShown(i),
    play: () => {},
    stopPlayback: () => {},
  };
  return { useFrameSource: () => ({ status: 'ready', source }) };
});

const media = aVideoMedia(90);
const times = media.frameTimes;
const item = { id: 3, playerId: 4, sourceVideoId: 9, requestType: 'max_speed' } as QueueItem;

const track: TrackResult = {
  frames: times.map((time, i) => ({
    frameIndex: i,
    time,
    x: 100 + i,
    y: 200,
    yards: i / 4,
    confidence: 0.9,
    state: 'tracked',
  })),
  lines: times.map((_, i) => ({ frameIndex: i, lines: [] })),
  crossings: [],
  profile: times.map((time, i) => ({ time, yards: i / 4, mph: 21 })),
  maxSpeed: { mph: 21.07, plusMinusMph: 0.05, fromYard: 1.5, toYard: 11.5, fromTime: 1, toTime: 1.97 },
  splits: [],
  flyTen: null,
  toNinety: null,
  fit: {
    knots: [],
    coefficients: [],
    residualYards: 0.01,
    calibrationYards: 0.001,
    framesUsed: 90,
    groundYards: 0.03,
    perspectiveYards: 0,
    leanShiftYards: 0,
    horizonYards: 0,
    clickSteps: 0,
  },
  width: 640,
  height: 360,
  method: 'video 29.97 fps, tracked, 90 frames',
  algorithm: { name: 'ridge-hough-ncc-pspline', version: '1.0.0', params: {} },
  problems: [],
  unsure: [],
};

/** The server's preview of the marks, with the Max Speed and bound the test wants. */
function preview(marks: { frameIndex: number; yardLine: number }[], maxSpeed: number, plusMinus: number) {
  const m = computeMeasurement({ times, fps: { num: 30000, den: 1001 }, vfr: false }, marks);
  return measurementResultSchema.parse({ videoId: 9, landmark: 'torso', ...m, maxSpeed, plusMinus });
}

async function markFrames(ui: ReturnType<typeof renderWithProviders>['ui'], frames: number[]) {
  const marking = await screen.findByRole('region', { name: 'Measurement workbench' });
  for (const f of frames) {
    const go = within(marking).getByLabelText('Go to frame');
    // As an analyst would: wait until the viewer takes input (it is disabled while a frame decodes).
    await waitFor(() => expect(go).toBeEnabled());
    await ui.clear(go);
    await ui.type(go, `${f + 1}{Enter}`);
    const mark = within(marking).getByRole('button', { name: 'Mark this frame' });
    await waitFor(() => expect(mark).toBeEnabled());
    await ui.click(mark);
  }
}

describe('marks and a track on the same clip (issue 31)', () => {
  it('shows both Max Speeds and whether their bounds overlap, and completes from the method shown', async () => {
    let speed = { maxSpeed: 21.3, plusMinus: 0.8 };
    server.use(
      mock(measurementsApi.media, () => HttpResponse.json(media)),
      mock(measurementsApi.preview, async ({ request }) => {
        const body = (await request.json()) as { marks: { frameIndex: number; yardLine: number }[] };
        return HttpResponse.json(preview(body.marks, speed.maxSpeed, speed.plusMinus));
      }),
      mock(measurementsApi.startTrack, () => HttpResponse.json({ id: 5, status: 'queued' }, { status: 202 })),
      mock(measurementsApi.track, () =>
        HttpResponse.json({ id: 5, status: 'done', progress: 1, result: track }),
      ),
    );
    const completions: unknown[] = [];
    const { ui } = renderWithProviders(
      <MeasurementWorkbench
        item={item}
        onChange={(m) => completions.push(m)}
        onTracked={(m) => completions.push(m)}
        onQualityReject={() => {}}
      />,
    );

    // Marks first: three crossings give a marked Max Speed; no comparison without a track.
    await markFrames(ui, [20, 40, 60]);
    expect(await screen.findByTestId('live-speed')).toHaveTextContent('21.3 mph ± 0.8');
    expect(screen.queryByRole('region', { name: 'Marks and track compared' })).toBeNull();
    await ui.click(screen.getByRole('button', { name: 'Confirm measurement' }));
    expect(completions.at(-1)).toMatchObject({ field: { videoId: 9 }, maxSpeed: 21.3 });

    // Then the track, on the same clip: the marks' work stays, both results are shown side by side.
    await ui.click(screen.getByRole('radio', { name: 'Track the player' }));
    expect(completions.at(-1)).toBeNull();
    const tracking = screen.getByRole('region', { name: 'Tracking workbench' });
    const canvas = within(tracking).getByTestId<HTMLCanvasElement>('frame-canvas');
    canvas.width = 640;
    canvas.height = 360;
    canvas.getBoundingClientRect = () => ({ left: 0, top: 0, width: 640, height: 360 }) as DOMRect;
    await ui.pointer({ target: canvas, coords: { clientX: 120, clientY: 200 }, keys: '[MouseLeft]' });
    await ui.click(within(tracking).getByRole('button', { name: 'Track this player' }));
    const compared = await screen.findByRole('region', { name: 'Marks and track compared' });
    expect(compared).toHaveTextContent('Marks: 21.3 mph ± 0.8');
    expect(compared).toHaveTextContent('Track: 21.1 mph ± 0.1');
    expect(within(compared).getByRole('status')).toHaveTextContent(
      'The bounds overlap: the two methods agree.',
    );

    // Back to the marks: the confirmed marks complete the request again; the comparison stays.
    await ui.click(screen.getByRole('radio', { name: 'Mark crossings' }));
    expect(completions.at(-1)).toMatchObject({ maxSpeed: 21.3 });
    expect(screen.getByTestId('measurement-confirmed')).toHaveTextContent('Confirmed: 21.3 mph ± 0.8');

    // A fourth mark that moves the marked speed to 22.4 ± 0.4: the bounds no longer meet.
    speed = { maxSpeed: 22.4, plusMinus: 0.4 };
    await markFrames(ui, [80]);
    await waitFor(() => expect(screen.getByTestId('live-speed')).toHaveTextContent('22.4 mph ± 0.4'));
    const again = screen.getByRole('region', { name: 'Marks and track compared' });
    expect(await within(again).findByRole('alert')).toHaveTextContent(
      "The bounds do not overlap (1.3 mph apart): check the marks and the track's frames before completing.",
    );
    expect(again).toHaveTextContent('Marks: 22.4 mph ± 0.4');
    // The marks changed after their confirmation: it is taken back.
    await waitFor(() => expect(completions.at(-1)).toBeNull());
  });

  it('bounds overlap when the speeds are no further apart than the two bounds together', () => {
    expect(boundsOverlap({ maxSpeed: 21.3, plusMinus: 0.2 }, { mph: 21.0, plusMinusMph: 0.1 })).toBe(true);
    expect(boundsOverlap({ maxSpeed: 21.4, plusMinus: 0.2 }, { mph: 21.0, plusMinusMph: 0.1 })).toBe(false);
  });
});
