import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { analysisKind, registerAnalysisKind } from '@contract/analysis-kinds';
import { aPlayer } from '@/test/data';
import { renderWithProviders } from '@/test/render';
import { RequestButtons } from './request-buttons';

const undo: (() => void)[] = [];
afterEach(() => {
  for (const u of undo.splice(0).reverse()) u();
});

describe("the request buttons: one per requestable kind, in the registry's order", () => {
  it("offers Max Speed and IGA with their own dialog's titles, then each filmed kind by its label", () => {
    renderWithProviders(<RequestButtons playerId={7} player={aPlayer({ id: 7 })} />);
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Request Speed Analysis',
      'Request IGA Score',
      'Verified 40',
      'Verified Vertical Jump',
    ]);
  });

  it("writes the phone's shorter words beside the title where a kind has them (the card's compact row)", () => {
    renderWithProviders(<RequestButtons compact playerId={7} player={aPlayer({ id: 7 })} />);
    const speed = screen.getAllByRole('button')[0];
    expect(speed).toHaveTextContent('Request Max SpeedRequest Speed Analysis');
    expect(screen.getByRole('button', { name: /Request IGA Score/ })).toHaveTextContent(
      /^Request IGA Score$/,
    );
  });

  it('offers a test-only filmed kind with no production file changed, and no button for a kind with no dialog', () => {
    undo.push(
      registerAnalysisKind({
        ...analysisKind('vertical_jump'),
        key: 'broad_jump',
        label: 'Verified Broad Jump',
      }),
      registerAnalysisKind({
        ...analysisKind('vertical_jump'),
        key: 'standing_reach',
        label: 'Verified Standing Reach',
        filmed: undefined,
      }),
    );
    renderWithProviders(<RequestButtons playerId={7} player={aPlayer({ id: 7 })} />);
    expect(screen.getByRole('button', { name: 'Verified Broad Jump' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Verified Standing Reach' })).toBeNull();
  });
});
