import { describe, expect, it } from 'vitest';
import { authApi } from '@contract/api/auth';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { findToast, renderWithProviders } from '@/test/render';
import { failure, server } from '@/test/server';
import { mock } from '@/test/mock';
import { ResetConfirmForm } from './reset-confirm-form';
import { VerifyEmailStatus } from './verify-email-status';

describe('password reset and verification resend failures (toasted by the MutationCache)', () => {
  it('a refused new password is said under the heading with a link to a new one, and toasted once', async () => {
    server.use(
      mock(authApi.confirmReset, failure(400, 'This reset link is invalid or has expired.', 'INVALID_TOKEN')),
    );
    const { ui } = renderWithProviders(<ResetConfirmForm token="t" email="pat@test.dev" />, {
      path: '/reset-password',
    });
    await ui.type(screen.getByLabelText('New password'), 'a-new-password');
    await ui.type(screen.getByLabelText('Confirm password'), 'a-new-password');
    await ui.click(screen.getByRole('button', { name: 'Set new password' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This reset link is invalid or has expired.');
    expect(within(alert).getByRole('link', { name: 'Request a new link' })).toBeVisible();
    // The toast says it too.
    await waitFor(() =>
      expect(screen.getAllByText('This reset link is invalid or has expired.')).toHaveLength(2),
    );
  });

  it("a refused resend shows the server's message; a network failure the generic one", async () => {
    server.use(
      mock(authApi.verifyEmail, failure(400, 'This verification link is invalid or has expired.')),
      mock(
        authApi.resendVerification,
        failure(429, 'Too many requests. Try again in a minute.', 'RATE_LIMITED'),
      ),
    );
    const { ui } = renderWithProviders(<VerifyEmailStatus token="bogus" email="pat@test.dev" />, {
      path: '/verify-email',
    });
    await ui.click(await screen.findByRole('button', { name: 'Resend Verification Email' }));
    await findToast('Too many requests. Try again in a minute.');

    server.use(mock(authApi.resendVerification, () => HttpResponse.error()));
    await ui.click(screen.getByRole('button', { name: 'Resend Verification Email' }));
    await findToast('Failed to resend verification email. Please try again later.');
  });
});
