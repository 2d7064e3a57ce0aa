import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { measurementsApi } from '@contract/api/measurements';
import { receiptSchema, type Receipt } from '@contract/measurements';
import { trackResultSchema } from '@contract/tracking';
import { renderWithProviders } from '@/test/render';
import { server } from '@/test/server';
import { mock } from '@/test/mock';
import { ReceiptView } from './receipt-view';

const yards = [10, 15, 20, 25, 30];
const frames = [19, 52, 84, 115, 145];
const marks = yards.map((yardLine, i) => ({
  frameIndex: frames[i],
  yardLine,
  time: frames[i] / 59.94,
}));
const span = (a: number, b: number) => ({
  fromFrame: frames[a],
  toFrame: frames[b],
  fromYard: yards[a],
  toYard: yards[b],
  yards: yards[b] - yards[a],
  seconds: 0.917,
  secondsMin: 0.9,
  secondsMax: 0.93,
  mph: 22.3,
  mphLow: 21.9,
  mphHigh: 22.7,
});
const receipt: Receipt = receiptSchema.parse({
  requestId: 41,
  revision: 1,
  revisions: [
    { revision: 1, createdAt: '2026-09-18T15:00:00.000Z', maxSpeed: 22.3, analystName: 'Ana Lyst' },
  ],
  playerId: 7,
  playerName: 'Jordan Miles',
  position: 'Wide Receiver',
  season: 2026,
  analystName: 'Ana Lyst',
  createdAt: '2026-09-18T15:00:00.000Z',
  completedAt: '2026-09-18T15:00:00.000Z',
  video: {
    videoId: 3,
    sourceSha256: 'a'.repeat(64),
    workingSha256: 'b'.repeat(64),
    hasWorkingCopy: false,
    container: 'mov,mp4,m4a,3gp,3g2,mj2',
    codec: 'h264',
    width: 1920,
    height: 1080,
    nominalFps: '60000/1001',
    averageFps: '60000/1001',
    timeBase: '1/60000',
    variableFrameRate: false,
    frameCount: 300,
  },
  landmark: 'torso',
  measurement: {
    videoId: 3,
    landmark: 'torso',
    marks,
    intervals: [span(0, 1), span(1, 2), span(2, 3), span(3, 4)],
    window: { ...span(1, 3), plusMinus: 0.5, underTenYards: false },
    maxSpeed: 22.3,
    plusMinus: 0.5,
    profile: [],
    fpsLabel: '59.94',
    realFps: 59.94,
    methodLabel: 'video 59.94 fps, yard-line crossings',
    oneFrameMph: 0.4,
    qualityProblems: [],
    holdReasons: [],
  },
  maxSpeed: 22.3,
  plusMinus: 0.5,
  methodLabel: 'video 59.94 fps, yard-line crossings',
  override: null,
  stills: marks.map((m) => ({ ...m, url: `/files/still-${m.frameIndex}.jpg` })),
});

function renderReceipt(canCorrect = false) {
  server.use(mock(measurementsApi.receipt, () => HttpResponse.json(receipt)));
  return renderWithProviders(
    <ReceiptView requestId={41} revision={null} onRevision={() => undefined} canCorrect={canCorrect} />,
  );
}

describe('the receipt, in plain words first', () => {
  it('leads with the speed and a summary a family can read, then each crossing', async () => {
    renderReceipt();
    expect(await screen.findByTestId('receipt-speed')).toHaveTextContent('22.3 mph ± 0.5');
    const summary = screen.getByTestId('receipt-summary');
    expect(summary).toHaveTextContent(
      'Measured from your video at 59.94 frames per second: 22.3 mph, accurate to ± 0.5 mph.',
    );
    expect(summary).toHaveTextContent('The player crossed 5 yard lines; here is each crossing.');
    const stills = within(screen.getByTestId('receipt-stills')).getAllByRole('listitem');
    expect(stills).toHaveLength(5);
    stills.forEach((still, i) => {
      expect(within(still).getByText(`${marks[i].yardLine}-yard line`)).toBeVisible();
      expect(within(still).getByText(`at ${marks[i].time.toFixed(4)} s`)).toBeVisible();
      // In view as the receipt opens (one row): asked for as it renders, not once laid out (decision 232).
      expect(within(still).getByRole('img')).toHaveAttribute('loading', 'eager');
    });
    expect(screen.getByText('What the ± does not cover')).toBeVisible();
    expect(screen.queryByTestId('receipt-track-stills')).toBeNull();
  });

  it("keeps the engineers' evidence behind a closed Technical details, with the exact numbers inside", async () => {
    const { ui } = renderReceipt();
    const toggle = await screen.findByRole('button', { name: 'Technical details' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    for (const engineer of [/frameIndex/, /mov,mp4/, /1\/60000/, /a{64}/, /SHA-256/])
      expect(screen.queryByText(engineer)).toBeNull();
    await ui.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const facts = screen.getByTestId('receipt-facts');
    expect(facts).toHaveTextContent('Time base1/60000');
    expect(facts).toHaveTextContent('Source SHA-256' + 'a'.repeat(64));
    expect(facts).toHaveTextContent('mov,mp4,m4a,3gp,3g2,mj2 · h264 · 1920×1080 · 300 frames');
    expect(facts).toHaveTextContent('Methodvideo 59.94 fps, yard-line crossings');
    expect(await screen.findByTestId('marked-frame-caption')).toHaveTextContent(
      'Mark 1 of 5: 10-yard line · Frame 20 (frameIndex 19)',
    );
  });

  it('says "the video" to an analyst or admin', async () => {
    renderReceipt(true);
    expect(await screen.findByTestId('receipt-summary')).toHaveTextContent(/^Measured from the video at /);
  });
});

describe('a tracked Max Speed on the receipt (issue 31, decision 210)', () => {
  const result = trackResultSchema.parse({
    frames: [],
    lines: [],
    crossings: [],
    profile: [0, 0.5, 1, 1.5, 2].map((time, i) => ({ time, yards: time * 9.3, mph: 18 + i })),
    maxSpeed: {
      mph: 21.06,
      plusMinusMph: 0.04,
      fromYard: 12.43,
      toYard: 22.43,
      fromTime: 1.1,
      toTime: 2.0712,
    },
    splits: [],
    flyTen: null,
    toNinety: null,
    fit: { knots: [], coefficients: [], residualYards: 0.02, calibrationYards: 0.01, framesUsed: 142 },
    width: 640,
    height: 360,
    method: 'video 59.94 fps, tracked, 142 frames',
    algorithm: { name: 'template-follow', version: '1.0.0', params: {} },
    problems: [],
  });
  const tracked: Receipt = {
    ...receipt,
    maxSpeed: 21.1,
    plusMinus: 0.1,
    methodLabel: 'video 59.94 fps, tracked, 142 frames',
    measurement: {
      ...receipt.measurement,
      maxSpeed: 21.1,
      plusMinus: 0.1,
      methodLabel: 'video 59.94 fps, tracked, 142 frames',
      window: { ...receipt.measurement.window, mphLow: 19.77, mphHigh: 21.14 },
      tracked: {
        trackId: 9,
        seeds: [{ frameIndex: 30, x: 300, y: 200 }],
        corrections: [],
        dropped: [],
        result,
      },
    },
    trackStills: [
      { which: 'first', frameIndex: 65, time: 1.0844, url: '/files/window-first.jpg' },
      { which: 'last', frameIndex: 125, time: 2.0854, url: '/files/window-last.jpg' },
    ],
  };

  it('shows the tracked window and bound, the ground point, its own limits and the velocity profile', async () => {
    server.use(mock(measurementsApi.receipt, () => HttpResponse.json(tracked)));
    const { ui } = renderWithProviders(
      <ReceiptView requestId={41} revision={null} onRevision={() => undefined} />,
    );
    expect(await screen.findByTestId('receipt-speed')).toHaveTextContent('21.1 mph ± 0.1');
    expect(screen.getByTestId('receipt-summary')).toHaveTextContent(
      'The fastest 10 yards of the run, from yard 12.4 to yard 22.4, took 0.971 seconds.',
    );
    // The charts load beside the receipt (decision 220).
    expect(await screen.findByRole('img', { name: 'Speed by distance' })).toBeInTheDocument();
    const windowStills = within(screen.getByTestId('receipt-track-stills')).getAllByRole('listitem');
    expect(windowStills.map((li) => li.textContent)).toEqual([
      'Start of the fastest 10 yardsFrame 66 at 1.0844 s',
      'End of the fastest 10 yardsFrame 126 at 2.0854 s',
    ]);
    expect(
      screen.getByRole('img', {
        name: 'Start of the fastest 10 yards, frame 66, with the tracked player boxed and the ground point marked',
      }),
    ).toHaveAttribute('src', '/files/window-first.jpg');
    expect(screen.getByText('Velocity profile (tracked)')).toBeVisible();
    const limits = screen.getByTestId('receipt-limits');
    expect(limits).toHaveTextContent('yard-line calibration');
    for (const failure of ['Lens distortion.', 'Running at an angle.', 'Occlusion.', 'Clicks.'])
      expect(within(limits).getByText(failure)).toBeVisible();
    expect(limits).toHaveTextContent(
      'where clicks made close together at speed cannot be lined up so, no Max Speed is given',
    );
    expect(limits).not.toHaveTextContent(/Landmark judgement|marked the frame/);

    await ui.click(screen.getByRole('button', { name: 'Technical details' }));
    const facts = screen.getByTestId('receipt-facts');
    expect(facts).toHaveTextContent(
      'Fastest window (tracked)yard 12.4 to 22.4 of the run (10 yards) in 0.9712 s: 21.06 mph, fit ± 0.04, stated as 21.1 mph ± 0.1',
    );
    expect(facts).toHaveTextContent('Ground pointTracked ground point');
    expect(facts).not.toHaveTextContent('Landmark');
    expect(await screen.findByTestId('marked-frame-caption')).toHaveTextContent(
      /^Proposed crossing 1 of 5: 10-yard line/,
    );
    expect(screen.getByRole('heading', { name: /Proposed crossings \(from the track/ })).toBeVisible();
    // The marks' interval appears only as the labelled cross-check, never as the fastest window.
    expect(facts).toHaveTextContent(
      'Cross-check from the proposed crossingsyard lines 15 → 25 (10 yards) in 0.9170 s, between 19.77 and 21.14 mph',
    );
  });
});
