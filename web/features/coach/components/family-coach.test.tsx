import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { coachFamilyApi } from '@contract/api/coach';
import { GUARDIAN_REQUIRED, type CoachMessage } from '@contract/coach';
import { mock } from '@/test/mock';
import { findToast, renderWithProviders } from '@/test/render';
import { failure, server } from '@/test/server';
import { CoachMessages } from './coach-messages';
import { DiscoveryCard } from './discovery-card';

const SWITCH = { name: 'Let verified college coaches find this player' };
const GUARDIAN = { name: 'I am the parent or legal guardian of this player' };

describe("the player card's coach switch", () => {
  it('for a minor, is refused until the account holder confirms being the guardian, then turns on', async () => {
    const sent: unknown[] = [];
    server.use(
      mock(
        coachFamilyApi.discovery,
        async ({ request }) => {
          const body = (await request.json()) as { enabled: boolean; guardianConfirmed: boolean };
          sent.push(body);
          return body.guardianConfirmed
            ? HttpResponse.json({ enabled: body.enabled })
            : failure(400, GUARDIAN_REQUIRED)();
        },
        { id: 7 },
      ),
    );
    const { ui } = renderWithProviders(<DiscoveryCard playerId={7} minor />);
    const toggle = await screen.findByRole('switch', SWITCH);
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(
      screen.getByText(
        'Coaches find players by verified numbers: this player shows up once a Max Speed or IGA score is verified.',
      ),
    ).toBeVisible();

    await ui.click(toggle);
    expect(await screen.findByRole('alert')).toHaveTextContent(GUARDIAN_REQUIRED);
    expect(toggle).toHaveAttribute('aria-checked', 'false');

    await ui.click(screen.getByRole('checkbox', GUARDIAN));
    await ui.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    expect(sent).toEqual([
      { enabled: true, guardianConfirmed: false },
      { enabled: true, guardianConfirmed: true },
    ]);
    await findToast('Verified college coaches can now find this player');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', GUARDIAN)).not.toBeInTheDocument();
  });

  it('for an adult asks no confirmation, and turns off in one click', async () => {
    server.use(
      mock(coachFamilyApi.getDiscovery, () => HttpResponse.json({ enabled: true }), { id: 8 }),
      mock(coachFamilyApi.discovery, async ({ request }) => HttpResponse.json(await request.json()), {
        id: 8,
      }),
    );
    const { ui } = renderWithProviders(<DiscoveryCard playerId={8} minor={false} />);
    const toggle = await screen.findByRole('switch', SWITCH);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    expect(screen.queryByRole('checkbox', GUARDIAN)).not.toBeInTheDocument();
    await ui.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
    await findToast('Coaches can no longer find this player');
  });

  it("lists 'Coaches who viewed' by college and day, never a person", async () => {
    server.use(
      mock(
        coachFamilyApi.views,
        () =>
          HttpResponse.json([
            { college: 'Abilene Christian University', viewedAt: '2026-11-26T18:00:00.000Z' },
            { college: 'Abilene Christian University', viewedAt: '2026-11-26T09:00:00.000Z' },
            { college: 'Baylor University', viewedAt: '2026-11-20T12:00:00.000Z' },
            { college: 'Abilene Christian University', viewedAt: '2026-11-02T12:00:00.000Z' },
          ]),
        { id: 7 },
      ),
    );
    renderWithProviders(<DiscoveryCard playerId={7} minor />);
    const heading = await screen.findByRole('heading', { name: 'Coaches who viewed' });
    const list = within(heading.parentElement!);
    await waitFor(() =>
      expect(list.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
        'Abilene Christian University · Nov 26, 2026 · 2 views',
        'Baylor University · Nov 20, 2026',
        'Abilene Christian University · Nov 2, 2026',
      ]),
    );
  });

  it('says when no college has opened the profile', async () => {
    renderWithProviders(<DiscoveryCard playerId={9} minor={false} />);
    expect(await screen.findByText('No college has opened this profile yet.')).toBeVisible();
  });
});

const message = (over: Partial<CoachMessage> = {}): CoachMessage => ({
  id: 31,
  playerId: 7,
  playerName: 'Jordan Miles',
  coach: { name: 'Pat Rivers', title: 'Recruiting Coordinator', college: 'Abilene Christian University' },
  message: 'We would like to talk about our summer camp.',
  status: 'pending',
  contactEmail: null,
  createdAt: '2026-11-26T12:00:00.000Z',
  ...over,
});

describe("the dashboard's Coach messages", () => {
  it('shows nothing until a coach has written', async () => {
    let answered = false;
    server.use(
      mock(coachFamilyApi.messages, () => {
        answered = true;
        return HttpResponse.json([]);
      }),
    );
    renderWithProviders(<CoachMessages />);
    await waitFor(() => expect(answered).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('heading', { name: 'Coach messages' })).not.toBeInTheDocument();
  });

  it('accepts with the contact email the family chooses, and the coach is then shown that address', async () => {
    let state = message();
    let accepted: unknown = null;
    server.use(
      mock(coachFamilyApi.messages, () => HttpResponse.json([state])),
      mock(
        coachFamilyApi.accept,
        async ({ request }) => {
          accepted = await request.json();
          state = message({ status: 'accepted', contactEmail: 'miles.family@example.com' });
          return HttpResponse.json({ id: 31, status: 'accepted' });
        },
        { id: 31 },
      ),
    );
    const { ui } = renderWithProviders(<CoachMessages />);
    const item = await screen.findByRole('listitem', { name: 'Message from Pat Rivers' });
    expect(screen.getByRole('heading', { name: 'Coach messages' })).toBeVisible();
    expect(item).toHaveTextContent(
      'Pat Rivers, Recruiting Coordinator at Abilene Christian University · about Jordan Miles',
    );
    expect(item).toHaveTextContent('We would like to talk about our summer camp.');
    await ui.click(within(item).getByRole('button', { name: 'Accept' }));
    // The schema loads when Accept is pressed (decision 234), so its message comes a moment later.
    expect(await within(item).findByRole('alert')).toHaveTextContent('Must be a valid email');
    await ui.type(within(item).getByLabelText('Contact email for the coach'), 'miles.family');
    await ui.click(within(item).getByRole('button', { name: 'Accept' }));
    expect(await within(item).findByRole('alert')).toHaveTextContent('Must be a valid email');
    expect(accepted).toBeNull();
    await ui.type(within(item).getByLabelText('Contact email for the coach'), '@example.com');
    await ui.click(within(item).getByRole('button', { name: 'Accept' }));
    expect(await within(item).findByText('Accepted: the coach sees miles.family@example.com')).toBeVisible();
    expect(accepted).toEqual({ contactEmail: 'miles.family@example.com' });
    expect(within(item).queryByRole('button', { name: 'Decline' })).not.toBeInTheDocument();
  });

  it('declines without a reason', async () => {
    let state = message();
    let declined = false;
    server.use(
      mock(coachFamilyApi.messages, () => HttpResponse.json([state])),
      mock(
        coachFamilyApi.decline,
        () => {
          declined = true;
          state = message({ status: 'declined' });
          return HttpResponse.json({ id: 31, status: 'declined' });
        },
        { id: 31 },
      ),
    );
    const { ui } = renderWithProviders(<CoachMessages />);
    const item = await screen.findByRole('listitem', { name: 'Message from Pat Rivers' });
    await ui.click(within(item).getByRole('button', { name: 'Decline' }));
    expect(await within(item).findByText('Declined')).toBeVisible();
    expect(declined).toBe(true);
  });
});
