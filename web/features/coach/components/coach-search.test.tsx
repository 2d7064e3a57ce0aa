import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { SPEED_CREDIT, analysisKinds, registerAnalysisKind } from '@contract/analysis-kinds';
import { coachApi } from '@contract/api/coach';
import type { CoachSearchItem, Connection, WatchItem } from '@contract/coach';
import { mock } from '@/test/mock';
import { renderWithProviders } from '@/test/render';
import { failure, server } from '@/test/server';
import { CoachSearch } from './coach-search';
import { Watchlist } from './watchlist';

const item = (over: Partial<CoachSearchItem> = {}): CoachSearchItem => ({
  playerId: 7,
  name: 'Jordan Miles',
  photoUrl: null,
  classYear: 2027,
  position: 'Wide Receiver',
  school: 'Westlake High School',
  state: 'TX',
  maxSpeed: { mph: 22.31, plusMinusMph: 0.5, receiptUrl: '/api/coach/players/7/receipts/11' },
  iga: { score: 83.6, receiptUrl: '/api/coach/players/7/receipts/12' },
  forty: { seconds: 4.62, plusMinusSeconds: 0.01, receiptUrl: '/api/coach/players/7/receipts/13' },
  kindResults: {
    forty: { value: 4.62, plusMinus: 0.01, requestId: 13, receiptUrl: '/api/coach/players/7/receipts/13' },
  },
  percentile: { value: 99, group: 'high-school players, all positions', n: 38 },
  contactOpensOn: null,
  ...over,
});

describe('coach search', () => {
  // The saved searches beside the filters have tests of their own.
  beforeEach(() =>
    server.use(
      mock(coachApi.savedSearches, () => HttpResponse.json([])),
      mock(coachApi.positions, () =>
        HttpResponse.json([
          { key: 'QB', name: 'Quarterback' },
          { key: 'WR', name: 'Wide Receiver' },
        ]),
      ),
    ),
  );

  it('starts with empty filters whose hints look like hints; position, level and state are lists', async () => {
    server.use(mock(coachApi.search, () => HttpResponse.json({ items: [], nextCursor: null })));
    renderWithProviders(<CoachSearch />);
    const form = await screen.findByRole('form', { name: 'Search filters' });
    for (const input of within(form).getAllByRole('textbox')) {
      expect(input).toHaveValue('');
      expect(input.getAttribute('placeholder')).toMatch(/^Any /);
    }
    for (const label of ['Position', 'Level', 'State']) {
      const select = within(form).getByLabelText(label);
      expect(select.tagName, label).toBe('SELECT');
      expect(select).toHaveValue('');
    }
    // Each kind's filter says what it bounds, from its entry (decision 271).
    expect(within(form).getByLabelText('40 at most (s)')).toHaveAttribute('placeholder', 'Any time');
    expect(within(form).getByLabelText('Vertical jump at least (in)')).toHaveAttribute(
      'placeholder',
      'Any height',
    );
    expect(await within(form).findByRole('option', { name: 'Wide Receiver' })).toHaveValue('WR');
    expect(within(form).getByRole('option', { name: 'Texas' })).toHaveValue('TX');
  });

  it('shows a D1 or D2 coach when contact with a player opens', async () => {
    server.use(
      mock(coachApi.search, () =>
        HttpResponse.json({ items: [item({ contactOpensOn: '2027-06-15' })], nextCursor: null }),
      ),
    );
    renderWithProviders(<CoachSearch />);
    const table = within(await screen.findByRole('table'));
    const row = (await table.findByRole('link', { name: 'Jordan Miles' })).closest('tr')!;
    expect(row).toHaveTextContent('Contact opens Jun 15, 2027');
    const card = within(screen.getByRole('list', { name: 'Players' })).getByRole('listitem');
    expect(card).toHaveTextContent('Contact opens Jun 15, 2027');
  });

  it('sends only the filters typed and the sort chosen, and shows each row with its receipts', async () => {
    const asked: URLSearchParams[] = [];
    server.use(
      mock(coachApi.search, ({ request }) => {
        const q = new URL(request.url).searchParams;
        asked.push(q);
        return HttpResponse.json({ items: q.get('position') ? [item()] : [], nextCursor: null });
      }),
    );
    const { ui } = renderWithProviders(<CoachSearch />);
    expect(await screen.findByText('No players match these filters.')).toBeVisible();
    expect(Object.fromEntries(asked[0])).toEqual({ sort: 'speed' });

    await ui.selectOptions(
      screen.getByLabelText('Position'),
      await screen.findByRole('option', { name: 'Wide Receiver' }),
    );
    await ui.type(screen.getByLabelText('Max Speed at least (mph)'), ' 22 ');
    await ui.type(screen.getByLabelText('40 at most (s)'), '4.7');
    await ui.selectOptions(screen.getByLabelText('Level'), 'High School');
    await ui.selectOptions(screen.getByLabelText('Sort by'), '40-yard dash');
    await ui.click(screen.getByRole('button', { name: 'Search' }));

    const table = within(await screen.findByRole('table'));
    const row = (await table.findByRole('link', { name: 'Jordan Miles' })).closest('tr')!;
    expect(Object.fromEntries(asked.at(-1)!)).toEqual({
      position: 'WR',
      minSpeedMph: '22',
      maxFortySeconds: '4.7',
      level: 'High School',
      sort: 'forty',
    });
    expect(table.getByRole('link', { name: 'Jordan Miles' })).toHaveAttribute('href', '/coach/players/7');
    expect(within(row).getByRole('link', { name: '22.3 mph ± 0.5' })).toHaveAttribute(
      'href',
      '/api/coach/players/7/receipts/11',
    );
    expect(within(row).getByRole('link', { name: '83.6' })).toHaveAttribute(
      'href',
      '/api/coach/players/7/receipts/12',
    );
    expect(within(row).getByRole('link', { name: '4.62 s ± 0.01' })).toHaveAttribute(
      'href',
      '/api/coach/players/7/receipts/13',
    );
    expect(table.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Player',
      'Class',
      'Position',
      'School',
      'Max Speed',
      'IGA',
      '40-yard dash',
      'Vertical jump',
      'Percentile',
    ]);
    expect(row).toHaveTextContent('Westlake High School, TX');
    expect(row).toHaveTextContent('99th of 38 high-school players, all positions');
    // The phone's card says the same.
    const card = within(screen.getByRole('list', { name: 'Players' })).getByRole('listitem');
    expect(card).toHaveTextContent('Class of 2027 · Wide Receiver · Westlake High School, TX');
    expect(card).toHaveTextContent(
      'Max Speed 22.3 mph ± 0.5 · IGA 83.6 · 40-yard dash 4.62 s ± 0.01 · Vertical jump —',
    );
  });

  it("loads the next 25 with the answer's cursor on 'Show more', and shows a dash for a missing number", async () => {
    server.use(
      mock(coachApi.search, ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        return cursor === 'next-1'
          ? HttpResponse.json({
              items: [item({ playerId: 8, name: 'Casey Miles', iga: null, forty: null, percentile: null })],
              nextCursor: null,
            })
          : HttpResponse.json({ items: [item()], nextCursor: 'next-1' });
      }),
    );
    const { ui } = renderWithProviders(<CoachSearch />);
    const table = within(await screen.findByRole('table'));
    await table.findByRole('link', { name: 'Jordan Miles' });
    await ui.click(screen.getByRole('button', { name: 'Show more' }));
    const casey = (await table.findByRole('link', { name: 'Casey Miles' })).closest('tr')!;
    expect(table.getByRole('link', { name: 'Jordan Miles' })).toBeVisible();
    expect(
      within(casey)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'Casey Miles',
      '2027',
      'Wide Receiver',
      'Westlake High School, TX',
      '22.3 mph ± 0.5',
      '—',
      '—',
      '—',
      '—',
    ]);
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  describe("a kind's best result kept in kind_receipts", () => {
    const undo: (() => void)[] = [];
    afterEach(() => {
      for (const u of undo.splice(0).reverse()) u();
    });

    it('links to its receipt from the registry, the vertical jump and a test-only kind alike', async () => {
      const vertical = analysisKinds().find((k) => k.key === 'vertical_jump')!;
      undo.push(
        registerAnalysisKind({
          ...vertical,
          key: 'standing_reach',
          label: 'Verified Standing Reach',
          credit: SPEED_CREDIT,
          leaderboardMetric: 'standing_reach',
          metricKey: 'SR',
          receiptPage: undefined,
          filmed: undefined,
          search: { ...vertical.search!, field: 'standingReach', sortLabel: 'Standing reach' },
        }),
      );
      const found = {
        ...item(),
        verticalJump: { inches: 26.4, plusMinusInches: 0.3, requestId: 21 },
        standingReach: { inches: 101.5, plusMinusInches: 0.5, requestId: 22 },
        kindResults: {
          vertical_jump: {
            value: 26.4,
            plusMinus: 0.3,
            requestId: 21,
            receiptUrl: '/api/coach/players/7/receipts/21',
          },
          standing_reach: {
            value: 101.5,
            plusMinus: 0.5,
            requestId: 22,
            receiptUrl: '/api/coach/players/7/receipts/22',
          },
        },
      };
      // A row whose answer has no receipt for the kind shows the number without a link.
      const unlinked = {
        ...item({ playerId: 8, name: 'Casey Miles' }),
        verticalJump: { inches: 24.1, plusMinusInches: 0.4, requestId: 23 },
        standingReach: null,
      };
      server.use(
        mock(coachApi.search, () => HttpResponse.json({ items: [found, unlinked], nextCursor: null })),
      );
      renderWithProviders(<CoachSearch />);
      const table = within(await screen.findByRole('table'));
      const row = within((await table.findByRole('link', { name: 'Jordan Miles' })).closest('tr')!);
      expect(row.getByRole('link', { name: '26.4 in ± 0.3' })).toHaveAttribute(
        'href',
        '/api/coach/players/7/receipts/21',
      );
      expect(row.getByRole('link', { name: '101.5 in ± 0.5' })).toHaveAttribute(
        'href',
        '/api/coach/players/7/receipts/22',
      );
      // A column carrying its own receipt (the 40's `forty.receiptUrl`) links there when kindResults has none.
      expect(row.getByRole('link', { name: '4.62 s ± 0.01' })).toHaveAttribute(
        'href',
        '/api/coach/players/7/receipts/13',
      );
      const card = within(within(screen.getByRole('list', { name: 'Players' })).getAllByRole('listitem')[0]);
      expect(card.getByRole('link', { name: '101.5 in ± 0.5' })).toHaveAttribute(
        'href',
        '/api/coach/players/7/receipts/22',
      );
      const casey = within(table.getByRole('link', { name: 'Casey Miles' }).closest('tr')!);
      expect(casey.getByText('24.1 in ± 0.4')).toBeVisible();
      expect(casey.queryByRole('link', { name: '24.1 in ± 0.4' })).not.toBeInTheDocument();
    });
  });

  it('tells a coach waiting for an admin why nothing is listed', async () => {
    server.use(
      mock(coachApi.search, failure(403, 'Your coach account is waiting for an admin to approve it.')),
    );
    renderWithProviders(<CoachSearch />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your coach account is waiting for an admin to approve it.',
    );
    expect(screen.queryByText('No players match these filters.')).not.toBeInTheDocument();
  });
});

describe('watch list', () => {
  it('shows each player with the private note and a new verified number, and the answers to requests', async () => {
    const watched: WatchItem[] = [
      {
        playerId: 7,
        name: 'Jordan Miles',
        classYear: 2027,
        school: 'Westlake High School',
        note: 'Quick off the line',
        addedAt: '2026-11-01T00:00:00.000Z',
        newVerifiedNumber: true,
        maxSpeedMph: 22.31,
        igaScore: 83.6,
        kindResults: [{ kind: 'vertical_jump', label: 'Vertical jump', text: '26.4 in ± 0.3' }],
      },
      {
        playerId: 8,
        name: 'Casey Miles',
        classYear: 2029,
        school: 'Westlake High School',
        note: '',
        addedAt: '2026-11-02T00:00:00.000Z',
        newVerifiedNumber: false,
        maxSpeedMph: 19.7,
        igaScore: null,
        kindResults: [],
      },
    ];
    const connections: Connection[] = [
      {
        playerId: 7,
        name: 'Jordan Miles',
        status: 'accepted',
        contactEmail: 'miles@example.com',
        createdAt: 'a',
      },
      { playerId: 8, name: 'Casey Miles', status: 'pending', contactEmail: null, createdAt: 'b' },
    ];
    server.use(
      mock(coachApi.watchlist, () => HttpResponse.json(watched)),
      mock(coachApi.connections, () => HttpResponse.json(connections)),
    );
    renderWithProviders(<Watchlist />);
    const jordan = (await screen.findByRole('link', { name: 'Jordan Miles' })).closest('li')!;
    expect(jordan).toHaveTextContent(
      'Class of 2027 · Westlake High School · 22.3 mph · Vertical jump 26.4 in ± 0.3',
    );
    expect(within(jordan).getByText('New verified number')).toBeVisible();
    expect(within(jordan).getByText('Quick off the line')).toBeVisible();
    const casey = screen.getByRole('link', { name: 'Casey Miles' }).closest('li')!;
    expect(within(casey).queryByText('New verified number')).not.toBeInTheDocument();
    expect(screen.getByText('Jordan Miles: accepted, write to miles@example.com')).toBeVisible();
    expect(screen.getByText('Casey Miles: waiting for the family to answer')).toBeVisible();
  });
});
