import { describe, expect, it } from 'vitest';
import { playersApi } from '@contract/api/players';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { aPlayer } from '@/test/data';
import { findToast, renderApp } from '@/test/render';
import { failure, page, pending, server } from '@/test/server';
import { mock } from '@/test/mock';

describe('the dashboard player list', () => {
  it('shows four skeleton cards while the players load', async () => {
    server.use(mock(playersApi.list, pending));
    renderApp('/');
    const loading = await screen.findByLabelText('Loading players');
    expect(loading).toHaveAttribute('aria-busy', 'true');
    expect(within(loading).getAllByTestId('player-skeleton')).toHaveLength(4);
    expect(screen.queryByText('No players')).not.toBeInTheDocument();
  });

  it("says 'No players' and offers to add one when the family has none", async () => {
    server.use(mock(playersApi.list, page([])));
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'No players' })).toBeVisible();
    expect(screen.getByText('To get verified Speed and Athleticism, add a player')).toBeVisible();
    const add = screen.getAllByRole('link', { name: 'Add player' });
    expect(add.map((a) => a.getAttribute('href'))).toEqual(['/players/new', '/players/new']);
    expect(screen.queryByLabelText('Loading players')).not.toBeInTheDocument();
  });

  it('lists each player as a card linking to it, with level, height and weight', async () => {
    server.use(
      mock(
        playersApi.list,
        page([
          aPlayer(),
          aPlayer({
            id: 8,
            firstName: 'Sam',
            lastName: 'Reed',
            level: 'College',
            heightInches: 70,
            weight: 201,
          }),
        ]),
      ),
    );
    renderApp('/');
    const list = await screen.findByRole('list', { name: 'Players' });
    const cards = within(list).getAllByRole('link');
    expect(cards.map((c) => c.getAttribute('href'))).toEqual(['/players/7', '/players/8']);
    expect(within(cards[1]).getByRole('heading', { name: 'Sam Reed' })).toBeVisible();
    expect(cards[1]).toHaveTextContent('College');
    expect(cards[1]).toHaveTextContent(`5' 10"`);
    expect(cards[1]).toHaveTextContent('201 lbs');
    expect(screen.queryByText('No players')).not.toBeInTheDocument();
  });

  it('writes each best speed as every other screen does, 22.3 mph ± 0.5', async () => {
    server.use(
      mock(playersApi.list, page([aPlayer()])),
      mock(playersApi.bests, () =>
        HttpResponse.json([{ playerId: 7, maxSpeed: 22.3, maxSpeedPlusMinus: 0.5, igaScore: 81.4 }]),
      ),
    );
    renderApp('/');
    await waitFor(() => expect(screen.getByTestId('card-max-speed')).toHaveTextContent(/^22\.3 mph ± 0\.5$/));
    expect(screen.getByTestId('card-iga-score')).toHaveTextContent('81.4');
  });

  it('tells the user when the list cannot be loaded, and shows no empty state', async () => {
    server.use(mock(playersApi.list, failure(500, 'Internal Server Error')));
    renderApp('/');
    await findToast('Internal Server Error');
    expect(screen.queryByText('No players')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Loading players')).not.toBeInTheDocument();
  });
});
