import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { authApi } from '@contract/api/auth';
import { testCheckoutApi } from '@contract/api/billing';
import { userKeys } from '@/features/auth';
import { queryClient } from '@/lib/query-client';
import { aUser } from '@/test/data';
import { renderWithProviders } from '@/test/render';
import { server } from '@/test/server';
import { mock } from '@/test/mock';
import { TestPaymentTools } from './test-payment-tools';

const paid = {
  paymentIntentId: 'pi_1',
  chargeId: 'ch_1',
  amountCents: 5900,
  amountRefundedCents: 0,
  disputeStatus: null,
};

function renderAs(role: 'user' | 'admin', start = paid) {
  let asked = 0;
  let state = start;
  server.use(
    mock(authApi.user, () => HttpResponse.json(aUser({ role }))),
    mock(testCheckoutApi.payment, () => {
      asked++;
      return HttpResponse.json(state);
    }),
    mock(testCheckoutApi.refund, () => {
      state = { ...state, amountRefundedCents: state.amountCents };
      return HttpResponse.json(state);
    }),
  );
  const r = renderWithProviders(<TestPaymentTools sessionId="cs_test_1" />);
  return { ...r, asked: () => asked };
}

const signedIn = () => waitFor(() => expect(queryClient.getQueryData(userKeys.current)).toBeTruthy());

describe('the test payment tools (issue 27 item 4)', () => {
  it('are not shown to a family, not even for its own payment', async () => {
    const { asked } = renderAs('user');
    await signedIn();
    expect(
      screen.queryByRole('heading', { name: 'Test mode: refunds and disputes' }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Refund/ })).not.toBeInTheDocument();
    expect(asked()).toBe(0);
  });

  it('let an admin refund the payment, and then offer no refund of $0.00', async () => {
    const { ui } = renderAs('admin');
    expect(await screen.findByRole('heading', { name: 'Test mode: refunds and disputes' })).toBeVisible();
    expect(screen.getByTestId('test-payment-state')).toHaveTextContent('Paid $59.00');
    await ui.click(screen.getByRole('button', { name: 'Refund $59.00' }));
    expect(await screen.findByText('Paid $59.00 · refunded $59.00')).toBeVisible();
    expect(screen.queryByRole('button', { name: /Refund/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open a dispute' })).not.toBeInTheDocument();
  });

  it('offer what is left after a partial refund', async () => {
    renderAs('admin', { ...paid, amountRefundedCents: 2950 });
    expect(await screen.findByRole('button', { name: 'Refund $29.50' })).toBeEnabled();
    expect(screen.getByTestId('test-payment-state')).toHaveTextContent('Paid $59.00 · refunded $29.50');
  });
});
