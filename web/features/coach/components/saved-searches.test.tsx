import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { coachApi } from '@contract/api/coach';
import { SAVE_SEARCH_BUTTON, UNSUBSCRIBED_TEXT, type SavedSearch } from '@contract/coach';
import { mock } from '@/test/mock';
import { renderWithProviders } from '@/test/render';
import { server } from '@/test/server';
import { CoachUnsubscribe } from './coach-unsubscribe';
import { SavedSearchList, SaveSearch } from './saved-searches';

const texans: SavedSearch = {
  id: 7,
  name: 'Fast Texans',
  filters: { state: 'TX', minSpeedMph: 20, sort: 'speed' },
  createdAt: '2026-11-20T12:00:00.000Z',
};

describe('saved searches', () => {
  it("saves the search shown under the coach's name for it, then lists it in the form's words", async () => {
    let saved: SavedSearch[] = [];
    let body: unknown;
    server.use(
      mock(coachApi.savedSearches, () => HttpResponse.json(saved)),
      mock(coachApi.saveSearch, async ({ request }) => {
        body = await request.json();
        saved = [texans];
        return HttpResponse.json(texans, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <SaveSearch filters={{ state: 'TX', minSpeedMph: '20', sort: 'speed' }} />
        <SavedSearchList onRun={() => undefined} />
      </>,
    );
    expect(screen.queryByText('Saved searches')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: SAVE_SEARCH_BUTTON }));
    await user.type(screen.getByLabelText('Name this search'), 'Fast Texans');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Saved. Each week we email you the newly verified players that match it.'),
    ).toBeVisible();
    expect(body).toEqual({ name: 'Fast Texans', filters: { state: 'TX', minSpeedMph: '20', sort: 'speed' } });
    expect(await screen.findByText('Saved searches')).toBeVisible();
    expect(screen.getByText('State TX · Max Speed at least 20 · sorted by Max Speed')).toBeVisible();
  });

  it('shows why a save was refused, runs a saved search and deletes one', async () => {
    let saved: SavedSearch[] = [texans];
    server.use(
      mock(coachApi.savedSearches, () => HttpResponse.json(saved)),
      mock(coachApi.saveSearch, () =>
        HttpResponse.json(
          { message: 'You have 20 saved searches. Delete one to save another.' },
          { status: 409 },
        ),
      ),
      mock(coachApi.deleteSavedSearch, () => {
        saved = [];
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const onRun = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <SaveSearch filters={{ sort: 'iga' }} />
        <SavedSearchList onRun={onRun} />
      </>,
    );
    await user.click(screen.getByRole('button', { name: SAVE_SEARCH_BUTTON }));
    await user.type(screen.getByLabelText('Name this search'), 'One more');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You have 20 saved searches. Delete one to save another.',
    );
    await user.click(await screen.findByRole('button', { name: 'Run Fast Texans' }));
    expect(onRun).toHaveBeenCalledWith(texans);
    await user.click(screen.getByRole('button', { name: 'Delete Fast Texans' }));
    await waitFor(() => expect(screen.queryByText('Fast Texans')).not.toBeInTheDocument());
  });
});

describe('unsubscribe link', () => {
  it('stops the weekly mail on a click, not on opening the link', async () => {
    let token: unknown;
    server.use(
      mock(coachApi.unsubscribe, async ({ request }) => {
        token = ((await request.json()) as { token: string }).token;
        return HttpResponse.json({ unsubscribed: true });
      }),
    );
    const user = userEvent.setup();
    const t = `12.${'a'.repeat(43)}`;
    renderWithProviders(<CoachUnsubscribe />, { path: `/coach/unsubscribe?token=${t}` });
    expect(token).toBeUndefined();
    await user.click(screen.getByRole('button', { name: 'Stop these emails' }));
    expect(await screen.findByRole('status')).toHaveTextContent(UNSUBSCRIBED_TEXT);
    expect(token).toBe(t);
  });

  it('says when the link is not valid', async () => {
    server.use(
      mock(coachApi.unsubscribe, () =>
        HttpResponse.json({ message: 'This unsubscribe link is not valid' }, { status: 404 }),
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<CoachUnsubscribe />, { path: `/coach/unsubscribe?token=12.${'b'.repeat(43)}` });
    await user.click(screen.getByRole('button', { name: 'Stop these emails' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This unsubscribe link is not valid');
  });
});
