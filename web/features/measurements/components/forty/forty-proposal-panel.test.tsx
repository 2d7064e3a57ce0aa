import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { fortyApi } from '@contract/api/forty';
import type { FortyProposalResult } from '@contract/forty';
import { renderWithProviders } from '@/test/render';
import { server } from '@/test/server';
import { mock } from '@/test/mock';
import { FortyProposalPanel, type LineClick, type ProposalClicks } from './forty-proposal-panel';

const result: FortyProposalResult = {
  startFrame: 60,
  finishFrame: 615,
  lines: [
    { yardLine: 0, frameIndex: 60 },
    { yardLine: 20, frameIndex: 380 },
    { yardLine: 40, frameIndex: 615 },
  ],
  startLine: { x0: 20, y0: 0, x1: 20, y1: 120 },
  finishLine: { x0: 300, y0: 0, x1: 300, y1: 120 },
  notes: [
    'Only the 20-yard line was found between the start and the finish: mark the others yourself where they can be seen.',
  ],
  algorithm: 'lines-background-motion',
  version: '1.0.0',
};

const both: ProposalClicks = {
  startLine: { frameIndex: 3, x: 20, y: 90 },
  finishLine: { frameIndex: 3, x: 300, y: 110 },
};

/** The proposal job answers done with the result changed by `over`. */
const proposalDone = (over: Partial<FortyProposalResult>) =>
  server.use(
    mock(fortyApi.proposal, () =>
      HttpResponse.json({ id: 41, status: 'done', progress: 1, result: { ...result, ...over } }),
    ),
  );

function renderPanel(
  clicks: ProposalClicks,
  proposalId: number | null = null,
  picking: LineClick | null = null,
) {
  const props = {
    onPick: vi.fn(),
    onProposal: vi.fn(),
    onUse: vi.fn(),
    onGoTo: vi.fn(),
  };
  renderWithProviders(
    <FortyProposalPanel videoId={7} clicks={clicks} picking={picking} proposalId={proposalId} {...props} />,
  );
  return props;
}

describe('FortyProposalPanel (decision 212)', () => {
  it('asks for both line clicks before proposing, and says which is missing when pressed (issue 52 item 9)', () => {
    let asked = 0;
    server.use(
      mock(fortyApi.propose, () => {
        asked += 1;
        return HttpResponse.json({ id: 41, status: 'queued' }, { status: 202 });
      }),
    );
    const props = renderPanel({ startLine: both.startLine, finishLine: null });
    expect(screen.getByText('Start line: clicked on frame 4 · Finish line: not clicked')).toBeInTheDocument();
    const propose = screen.getByRole('button', { name: 'Propose the frames' });
    expect(propose).toBeEnabled();
    fireEvent.click(propose);
    expect(propose).toHaveAccessibleDescription('Click the finish line on the picture first.');
    expect(asked).toBe(0);
    expect(props.onProposal).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Click the finish line' }));
    expect(props.onPick).toHaveBeenCalledWith('finishLine');
  });

  it("keeps picking the finish line when 'Click the finish line' is pressed while it is picked (issue 52 item 9)", () => {
    const props = renderPanel({ startLine: both.startLine, finishLine: null }, null, 'finishLine');
    const finish = screen.getByRole('button', { name: 'Click the finish line' });
    expect(finish).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(finish);
    expect(props.onPick).toHaveBeenCalledWith('finishLine');
    expect(props.onPick).not.toHaveBeenCalledWith(null);
    fireEvent.click(screen.getByRole('button', { name: 'Stop picking' }));
    expect(props.onPick).toHaveBeenLastCalledWith(null);
  });

  it('sends the clicks, and hands the proposal id back', async () => {
    let body: unknown = null;
    server.use(
      mock(fortyApi.propose, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ id: 41, status: 'queued' }, { status: 202 });
      }),
    );
    const props = renderPanel(both);
    fireEvent.click(screen.getByRole('button', { name: 'Propose the frames' }));
    await vi.waitFor(() => expect(props.onProposal).toHaveBeenCalledWith(41));
    expect(body).toEqual({ videoId: 7, ...both });
  });

  it('shows the proposed frames and notes; a frame opens it, and the frames can be used', async () => {
    server.use(
      mock(fortyApi.proposal, () => HttpResponse.json({ id: 41, status: 'done', progress: 1, result })),
    );
    const props = renderPanel(both, 41);
    expect(await screen.findByText(/Only the 20-yard line was found/)).toBeInTheDocument();
    const list = screen.getByTestId('forty-proposal');
    expect(list).toHaveTextContent('Start: first movement: Frame 61');
    expect(list).toHaveTextContent('Finish: torso crosses the 40: Frame 616');
    expect(list).toHaveTextContent('20-yard line: Frame 381');
    fireEvent.click(screen.getByRole('button', { name: 'Frame 616' }));
    expect(props.onGoTo).toHaveBeenCalledWith(615);
    fireEvent.click(screen.getByRole('button', { name: 'Use the proposed frames' }));
    expect(props.onUse).toHaveBeenCalledWith(result, 41);
  });

  it('names the frames an untold start lies between, each one opening its frame (decision 304)', async () => {
    const note =
      "The runner's first movement lies between frames 85 and 89: a phone may leave the first moments of a movement undrawn and draw some frames partly from a later one, so the frames between those two cannot show which one it began on: mark the first movement yourself.";
    proposalDone({
      startFrame: null,
      startBetween: { fromFrame: 84, toFrame: 88 },
      finishFrame: null,
      lines: [],
      notes: [note],
    });
    const props = renderPanel(both, 41);
    expect(await screen.findByText(note)).toBeInTheDocument();
    expect(screen.getByTestId('forty-start-between')).toHaveTextContent(
      'not told to a frame; look between Frame 85 and Frame 89',
    );
    expect(screen.getByTestId('forty-proposal')).toHaveTextContent('Finish: torso crosses the 40: not found');
    fireEvent.click(screen.getByRole('button', { name: 'Frame 85' }));
    expect(props.onGoTo).toHaveBeenCalledWith(84);
    fireEvent.click(screen.getByRole('button', { name: 'Frame 89' }));
    expect(props.onGoTo).toHaveBeenLastCalledWith(88);
  });

  it('names the frames an untold finish lies between, each one opening its frame (decision 318)', async () => {
    const note =
      "The torso's crossing cannot be told to a frame at this frame rate (the runner covers too little in a frame for the tracker's measure of the torso): look between frames 601 and 628 and mark the finish yourself.";
    proposalDone({ finishFrame: null, finishBetween: { fromFrame: 600, toFrame: 627 }, notes: [note] });
    const props = renderPanel(both, 41);
    expect(await screen.findByText(note)).toBeInTheDocument();
    expect(screen.getByTestId('forty-finish-between')).toHaveTextContent(
      'not told to a frame; look between Frame 601 and Frame 628',
    );
    expect(screen.queryByTestId('forty-start-between')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Frame 628' }));
    expect(props.onGoTo).toHaveBeenCalledWith(627);
  });

  it('shows a start not found without frames to look between (a proposal made before them, or none known)', async () => {
    proposalDone({ startFrame: null });
    renderPanel(both, 41);
    expect(await screen.findByTestId('forty-proposal')).toHaveTextContent('Start: first movement: not found');
    expect(screen.queryByTestId('forty-start-between')).toBeNull();
  });

  it('says when the tracker could not propose the frames', async () => {
    server.use(
      mock(fortyApi.proposal, () =>
        HttpResponse.json({ id: 41, status: 'failed', progress: 0.4, error: 'Decoding failed' }),
      ),
    );
    renderPanel(both, 41);
    expect(
      await screen.findByText(
        'The tracker could not propose the frames: Decoding failed. Mark them yourself.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use the proposed frames' })).not.toBeInTheDocument();
  });
});
