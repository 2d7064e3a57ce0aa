import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { authApi } from '@contract/api/auth';
import { billingApi } from '@contract/api/billing';
import { aLedgerRow, aUser } from '@/test/data';
import { renderWithProviders } from '@/test/render';
import { page, server } from '@/test/server';
import { mock } from '@/test/mock';
import { PaymentDetails } from './payment-details';

const account = {
  credits: 3,
  igaCredits: 2,
  negativeBalance: false,
  hasSubscription: false,
  supportEmail: 'support@example.org',
  portalAvailable: false,
  provider: 'test-mode',
};

describe('the Payment details tab (issue 27 item 1)', () => {
  it('lists each payment once, in the one billing history, beside the credits spent', async () => {
    const asked: string[] = [];
    server.use(
      mock(authApi.user, () => HttpResponse.json(aUser({ stripeCustomerId: null }))),
      mock(billingApi.account, () => HttpResponse.json(account)),
      mock(billingApi.history, ({ request }) => {
        asked.push(new URL(request.url).search);
        return page([
          aLedgerRow({ id: 3, label: 'Plan payment', description: 'Economy', amountCents: 2900 }),
          aLedgerRow({
            id: 2,
            label: 'Analysis request',
            description: 'Jordan Miles',
            credits: -1,
            amountCents: null,
          }),
          aLedgerRow({ id: 1, label: 'Purchase', description: 'Purchase: Combo Pack', amountCents: 5900 }),
        ])();
      }),
    );
    renderWithProviders(<PaymentDetails />);
    const history = await screen.findByRole('list', { name: 'Billing history' });
    expect(within(history).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getAllByRole('list')).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Purchases' })).not.toBeInTheDocument();
    expect(screen.getAllByText('Purchase: Combo Pack')).toHaveLength(1);
    expect(screen.getAllByText('$59.00')).toHaveLength(1);
    expect(asked).toEqual(['?kind=all&limit=10']);
    expect(screen.getByText('No subscription information available.')).toBeVisible();
  });
});
