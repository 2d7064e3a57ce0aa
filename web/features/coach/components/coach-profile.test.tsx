import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { coachApi } from '@contract/api/coach';
import type { CoachProfile } from '@contract/coach';
import { mock } from '@/test/mock';
import { renderWithProviders } from '@/test/render';
import { server } from '@/test/server';
import { CoachProfileView } from './coach-profile';

const profile = (over: Partial<CoachProfile> = {}): CoachProfile => ({
  contactOpensOn: null,
  name: 'Casey Miles',
  photoUrl: null,
  classYear: 2027,
  positions: ['Running Back'],
  school: 'Westlake High School',
  level: 'High School',
  height: null,
  weight: null,
  maxSpeed: null,
  forty: {
    text: '4.87 s ± 0.01 (verified 40, video 240 fps)',
    method: 'verified 40, video 240 fps',
    splits: '10-yard split 1.71 s ± 0.01 · 20-yard split 2.83 s ± 0.01',
    date: '2026-09-14T15:00:00.000Z',
    season: 2026,
    receiptPath: '/api/coach/players/7/receipts/31',
  },
  kindResults: [],
  iga: null,
  percentiles: [],
  hudlUrl: null,
  academics: null,
  twitter: null,
  instagram: null,
  facebook: null,
  playerId: 7,
  igaReceiptUrl: null,
  watched: false,
  connection: null,
  ...over,
});

describe("a coach's view of a player (brief 28b item 3)", () => {
  it('shows the verified 40 from kindResults with its splits and a link to its receipt, once', async () => {
    server.use(
      mock(coachApi.profile, () =>
        HttpResponse.json(
          profile({
            kindResults: [
              {
                kind: 'forty',
                label: 'Verified 40',
                text: '4.87 s ± 0.01 (verified 40, video 240 fps)',
                method: 'verified 40, video 240 fps',
                date: '2026-09-14T15:00:00.000Z',
                season: 2026,
                receiptPath: '/api/coach/players/7/receipts/31',
                detail: '10-yard split 1.71 s ± 0.01 · 20-yard split 2.83 s ± 0.01',
              },
            ],
          }),
        ),
      ),
    );
    renderWithProviders(<CoachProfileView playerId={7} />);
    const line = await screen.findByText(/Verified 40: 4\.87 s ± 0\.01 \(verified 40, video 240 fps\)/);
    expect(line).toBeVisible();
    expect(screen.getByText('10-yard split 1.71 s ± 0.01 · 20-yard split 2.83 s ± 0.01')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Receipt of the Verified 40' })).toHaveAttribute(
      'href',
      '/api/coach/players/7/receipts/31',
    );
    // The answer's older `forty` field (kept for API clients) is not shown a second time.
    expect(screen.getAllByText(/Verified 40:/)).toHaveLength(1);
  });

  it('shows each kind the profile lists with its label and result, a test-only kind as the vertical jump', async () => {
    const kind = (key: string, label: string, text: string) => ({
      kind: key,
      label,
      text,
      method: text.split(', ').slice(1).join(', '),
      date: '2026-09-14T15:00:00.000Z',
      season: 2026,
      receiptPath: null,
    });
    server.use(
      mock(coachApi.profile, () =>
        HttpResponse.json(
          profile({
            kindResults: [
              kind(
                'vertical_jump',
                'Verified Vertical Jump',
                '26.4 in ± 0.3, verified vertical, video 240 fps',
              ),
              kind(
                'standing_reach',
                'Verified Standing Reach',
                '101.5 in ± 0.5, verified reach, video 120 fps',
              ),
            ],
          }),
        ),
      ),
    );
    renderWithProviders(<CoachProfileView playerId={7} />);
    expect(
      await screen.findByText('Verified Vertical Jump: 26.4 in ± 0.3, verified vertical, video 240 fps'),
    ).toBeVisible();
    expect(
      screen.getByText('Verified Standing Reach: 101.5 in ± 0.5, verified reach, video 120 fps'),
    ).toBeVisible();
  });

  it("links each kind's receipt on the coach's path, and shows no link where the answer has none", async () => {
    const kind = (key: string, label: string, text: string, receiptPath: string | null) => ({
      kind: key,
      label,
      text,
      method: text.split(', ').slice(1).join(', '),
      date: '2026-09-14T15:00:00.000Z',
      season: 2026,
      receiptPath,
    });
    server.use(
      mock(coachApi.profile, () =>
        HttpResponse.json(
          profile({
            forty: null,
            kindResults: [
              kind(
                'vertical_jump',
                'Verified Vertical Jump',
                '26.4 in ± 0.3, verified vertical, video 240 fps',
                '/api/coach/players/7/receipts/41',
              ),
              kind(
                'standing_reach',
                'Verified Standing Reach',
                '101.5 in ± 0.5, verified reach, video 120 fps',
                '/api/coach/players/7/receipts/42',
              ),
              kind('hang_time', 'Verified Hang Time', '4.1 s ± 0.1', null),
            ],
          }),
        ),
      ),
    );
    renderWithProviders(<CoachProfileView playerId={7} />);
    const jump = await screen.findByRole('link', { name: 'Receipt of the Verified Vertical Jump' });
    expect(jump).toHaveAttribute('href', '/api/coach/players/7/receipts/41');
    expect(jump).toHaveTextContent('Receipt');
    expect(screen.getByRole('link', { name: 'Receipt of the Verified Standing Reach' })).toHaveAttribute(
      'href',
      '/api/coach/players/7/receipts/42',
    );
    expect(screen.getByText(/Verified Hang Time: 4\.1 s ± 0\.1/)).toBeVisible();
    expect(screen.getAllByRole('link', { name: /^Receipt/ })).toHaveLength(2);
  });

  it('shows no 40 when the family does not share one', async () => {
    server.use(mock(coachApi.profile, () => HttpResponse.json(profile({ forty: null }))));
    renderWithProviders(<CoachProfileView playerId={7} />);
    expect(await screen.findByText('Casey Miles')).toBeVisible();
    expect(screen.queryByText(/Verified 40/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Receipt' })).not.toBeInTheDocument();
  });

  it('tells a D1 or D2 coach when contact opens and offers no Ask to connect before then', async () => {
    server.use(mock(coachApi.profile, () => HttpResponse.json(profile({ contactOpensOn: '2028-06-15' }))));
    renderWithProviders(<CoachProfileView playerId={7} />);
    expect(await screen.findByText('Contact opens Jun 15, 2028')).toBeVisible();
    expect(screen.getByRole('note')).toHaveTextContent(
      'Contact opens Jun 15, 2028: NCAA D1 and D2 coaches may ask to connect from June 15 after a player’s sophomore year.',
    );
    expect(screen.queryByRole('button', { name: 'Ask to connect' })).not.toBeInTheDocument();
  });

  it('offers Ask to connect when contact is open', async () => {
    server.use(mock(coachApi.profile, () => HttpResponse.json(profile())));
    renderWithProviders(<CoachProfileView playerId={7} />);
    expect(await screen.findByRole('button', { name: 'Ask to connect' })).toBeVisible();
    expect(screen.queryByText(/Contact opens/)).not.toBeInTheDocument();
  });

  it("says why 'Ask to connect' sends nothing without a message, the button staying reachable (issue 52 item 9)", async () => {
    let sent = 0;
    server.use(
      mock(coachApi.profile, () => HttpResponse.json(profile())),
      mock(coachApi.connect, () => {
        sent += 1;
        return HttpResponse.json({ message: 'ok' });
      }),
    );
    const { ui } = renderWithProviders(<CoachProfileView playerId={7} />);
    const ask = await screen.findByRole('button', { name: 'Ask to connect' });
    expect(ask).toBeEnabled();
    await ui.click(ask);
    expect(ask).toHaveAccessibleDescription(
      'Write a message to the family first: say who you are and why you ask.',
    );
    expect(screen.getByRole('textbox', { name: 'Message to the family' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(sent).toBe(0);
  });
});
