import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { measurementsApi } from '@contract/api/measurements';
import { receiptSchema, type Receipt } from '@contract/measurements';
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
    });
    expect(screen.getByText('What the ± does not cover')).toBeVisible();
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
    expect(screen.getByTestId('marked-frame-caption')).toHaveTextContent(
      'Mark 1 of 5: 10-yard line · Frame 20 (frameIndex 19)',
    );
  });

  it('says "the video" to an analyst or admin', async () => {
    renderReceipt(true);
    expect(await screen.findByTestId('receipt-summary')).toHaveTextContent(/^Measured from the video at /);
  });
});
