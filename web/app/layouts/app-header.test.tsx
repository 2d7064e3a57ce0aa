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
  it('names each credit count with a word a sighted phone user reads, and the speed credit for what it buys', async () => {
    server.use(mock(authApi.user, () => HttpResponse.json(aUser({ credits: 3, igaCredits: 2 }))));
    renderWithProviders(<AppHeader />);
    const link = await screen.findByRole('link', { name: /^Credits:/ });
    expect(link).toHaveAccessibleName(/^Credits:\s*IGA\s*2\s*Speed\s*3\s*\(Max Speed(, | or )40.*\)$/);
    const iga = within(screen.getByTestId('iga-credits')).getByText('IGA');
    const speed = within(screen.getByTestId('speed-credits')).getByText('Speed');
    // The words themselves are shown at every width.
    for (const label of [iga, speed]) expect(label.className).not.toMatch(/(^|\s)sr-only/);
    expect(screen.getByTestId('speed-credits')).toHaveAttribute(
      'title',
      expect.stringMatching(/^Speed credits: Max Speed(, | or )40/),
    );
    expect(screen.getByTestId('iga-credits')).toHaveAttribute('title', 'IGA credits: IGA Score');
  });
});
