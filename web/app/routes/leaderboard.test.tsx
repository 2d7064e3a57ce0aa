import { describe, expect, it } from 'vitest';
import { leaderboardApi } from '@contract/api/leaderboard';
import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { leaderboardPage } from '@/test/data';
import { renderApp } from '@/test/render';
import { failure, pending, server } from '@/test/server';
import { mock } from '@/test/mock';

const entry = (rank: number, playerName: string, metricValue: number) => ({
  rank,
  playerName,
  metricValue,
  graduationYear: 2027,
  position: 'QB',
  plusMinus: null,
  methodLabel: null,
  city: 'Austin',
  county: 'Travis',
  state: 'TX',
  percentile: null,
});

describe('the leaderboard', () => {
  it('names every metric it ranks, the 40-yard dash with Max Speed and IGA Score', async () => {
    server.use(mock(leaderboardApi.page, () => HttpResponse.json(leaderboardPage())));
    renderApp('/leaderboard');
    expect(
      await screen.findByText(
        'Verified Max Speed, IGA Score, 40-yard dash and Vertical jump results, ranked',
      ),
    ).toBeVisible();
    expect(screen.queryByText('Verified Max Speed and IGA Score results, ranked')).not.toBeInTheDocument();
  });

  it('shows placeholder rows while the board loads', async () => {
    server.use(mock(leaderboardApi.page, pending));
    renderApp('/leaderboard');
    expect(await screen.findByRole('status', { name: 'Loading the leaderboard' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    expect(screen.queryByText('No data available for the selected filters')).not.toBeInTheDocument();
  });

  it('says when the chosen filters have no verified results', async () => {
    server.use(mock(leaderboardApi.page, () => HttpResponse.json(leaderboardPage())));
    renderApp('/leaderboard');
    expect(await screen.findByText('No data available for the selected filters')).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says the board could not be loaded, with the reason', async () => {
    server.use(mock(leaderboardApi.page, failure(500, 'Internal Server Error')));
    renderApp('/leaderboard');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error loading leaderboard data')).toBeVisible();
    expect(within(alert).getByText('Internal Server Error')).toBeVisible();
    expect(screen.queryByText('No data available for the selected filters')).not.toBeInTheDocument();
  });

  it('asks for the filters in the URL and ranks the entries', async () => {
    const asked: URLSearchParams[] = [];
    server.use(
      mock(leaderboardApi.page, ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return HttpResponse.json(
          leaderboardPage({ entries: [entry(1, 'Jordan Miles', 88.5), entry(2, 'Sam Reed', 80)] }),
        );
      }),
    );
    renderApp('/leaderboard?level=College&season=all&metric=iga_score');
    const rows = await screen.findAllByTestId('leaderboard-row');
    expect(rows.map((r) => within(r).getAllByRole('cell')[3].textContent)).toEqual([
      'Jordan Miles',
      'Sam Reed',
    ]);
    expect(asked[0]?.get('level')).toBe('College');
    expect(asked[0]?.get('metric')).toBe('iga_score');
    expect(asked[0]?.get('all_time')).toBe('true');
    expect(screen.getByRole('combobox', { name: 'Season' })).toHaveDisplayValue('All Time');
  });
});
