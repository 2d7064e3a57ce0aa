import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { authApi } from '@contract/api/auth';
import { aUser } from '@/test/data';
import { mock } from '@/test/mock';
import { renderWithProviders } from '@/test/render';
import { server } from '@/test/server';
import { AppHeader } from './app-header';

describe('the header', () => {
  it('names each credit count with a word a sighted phone user reads, not an icon alone', async () => {
    server.use(mock(authApi.user, () => HttpResponse.json(aUser({ credits: 3, igaCredits: 2 }))));
    renderWithProviders(<AppHeader />);
    const link = await screen.findByRole('link', { name: /^Credits:/ });
    expect(link).toHaveAccessibleName(/^Credits:\s*IGA\s*2\s*Max Speed\s*3$/);
    const iga = within(screen.getByTestId('iga-credits')).getByText('IGA');
    const speed = within(screen.getByTestId('speed-credits')).getByText(/Speed$/);
    // Only 'Max' is left to screen readers on a phone; the words themselves are shown at every width.
    for (const label of [iga, speed]) expect(label.className).not.toMatch(/(^|\s)sr-only/);
    expect(within(speed).getByText('Max')).toHaveClass('sr-only', 'sm:not-sr-only');
  });
});
