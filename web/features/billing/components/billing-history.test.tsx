import { describe, expect, it } from 'vitest';
import { billingApi } from '@contract/api/billing';
import { screen, within } from '@testing-library/react';
import { aLedgerRow } from '@/test/data';
import { renderWithProviders } from '@/test/render';
import { failure, page, pending, server } from '@/test/server';
import { mock } from '@/test/mock';
import { BillingHistory } from './billing-history';

describe('the billing history', () => {
  it('shows a placeholder while the ledger loads', async () => {
    server.use(mock(billingApi.history, pending));
    renderWithProviders(<BillingHistory />);
    expect(await screen.findByRole('status', { name: 'Loading billing history' })).toBeInTheDocument();
    expect(screen.queryByText('No billing activity yet.')).not.toBeInTheDocument();
  });

  it('says there is no billing activity yet', async () => {
    server.use(mock(billingApi.history, page([])));
    renderWithProviders(<BillingHistory />);
    expect(await screen.findByText('No billing activity yet.')).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Billing history' })).not.toBeInTheDocument();
  });

  it('says the history could not be loaded', async () => {
    server.use(mock(billingApi.history, failure(500, 'Internal Server Error')));
    renderWithProviders(<BillingHistory />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load the billing history.');
    expect(screen.queryByText('No billing activity yet.')).not.toBeInTheDocument();
  });

  it('lists purchases and credits spent, newest first, and loads older rows on Load more', async () => {
    const asked: string[] = [];
    server.use(
      mock(billingApi.history, ({ request }) => {
        const url = new URL(request.url);
        asked.push(url.search);
        return url.searchParams.get('cursor') === 'older'
          ? page([
              aLedgerRow({
                id: 1,
                label: 'Refund',
                description: 'Starter package refunded',
                credits: -1,
                amountCents: -4900,
              }),
            ])()
          : page(
              [
                aLedgerRow({ id: 3 }),
                aLedgerRow({
                  id: 2,
                  label: 'Max Speed request',
                  description: 'Jordan Miles',
                  credits: -1,
                  amountCents: null,
                }),
              ],
              'older',
            )();
      }),
    );
    const { ui } = renderWithProviders(<BillingHistory />);
    const list = await screen.findByRole('list', { name: 'Billing history' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Starter package');
    expect(rows[0]).toHaveTextContent('$49.00');
    expect(rows[0]).toHaveTextContent('+1 Max Speed');
    expect(rows[1]).toHaveTextContent('−1 Max Speed');
    await ui.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(list).findByText('Refund')).toBeVisible();
    expect(within(list).getAllByRole('listitem')[2]).toHaveTextContent('−$49.00');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(asked).toEqual(['?kind=all&limit=10', '?kind=all&limit=10&cursor=older']);
  });
});
