import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { coachApi } from '@contract/api/coach';
import { aUser } from '@/test/data';
import { renderApp } from '@/test/render';
import { pending, server } from '@/test/server';
import { mock } from '@/test/mock';

// Issue 52 item 6, decision 250: the public page's 'College coach? Ask to connect' leads here.
describe("'College coach? Ask to connect'", () => {
  it('offers a signed-out visitor signing in as a coach, back to the player, or applying; no form', async () => {
    renderApp('/coach/connect/5', { user: null });
    expect(await screen.findByRole('heading', { name: 'College coach? Ask to connect' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Sign in as a coach' })).toHaveAttribute(
      'href',
      '/auth-page?next=%2Fcoach%2Fplayers%2F5',
    );
    expect(screen.getByRole('link', { name: 'Apply as a coach' })).toHaveAttribute(
      'href',
      '/auth-page?mode=coach',
    );
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it("sends a signed-in coach on to the player's coach profile", async () => {
    server.use(mock(coachApi.profile, pending));
    renderApp('/coach/connect/5', { user: aUser({ id: 70, role: 'coach' }) });
    await waitFor(() => expect(window.location.pathname).toBe('/coach/players/5'));
  });

  it('tells a family account it is not a coach account', async () => {
    renderApp('/coach/connect/5', { user: aUser() });
    expect(
      await screen.findByText('You are signed in as parent@test.dev, which is not a coach account.'),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Sign out to sign in as a coach' })).toBeEnabled();
  });
});
