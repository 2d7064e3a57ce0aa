import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import { testCheckoutApi } from '@contract/api/billing';
import type { TestCheckoutSession } from '@contract/billing';
import { renderWithProviders } from '@/test/render';
import { server } from '@/test/server';
import { mock } from '@/test/mock';
import TestCheckoutRoute from './test-checkout';

const session: TestCheckoutSession = {
  id: 'cs_test_1',
  status: 'open',
  mode: 'subscription',
  productName: 'Basic',
  description: '4 Max Speed and 2 IGA Score credits per year',
  interval: 'year',
  currency: 'usd',
  amountSubtotalCents: 4900,
  amountDiscountCents: 0,
  amountTotalCents: 4900,
  promotionCode: null,
  customerEmail: 'parent@test.dev',
  cancelUrl: '/subscriptions?canceled=true',
  successUrl: null,
};

function open(s: TestCheckoutSession) {
  server.use(mock(testCheckoutApi.session, () => HttpResponse.json(s)));
  return renderWithProviders(
    <Routes>
      <Route path="/checkout/test/:sessionId" element={<TestCheckoutRoute />} />
    </Routes>,
    { path: '/checkout/test/cs_test_1' },
  );
}

describe('the test checkout says what a plan costs (issue 27 item 3)', () => {
  it('with a referral: the first year at the discount, then the full yearly price', async () => {
    open({ ...session, amountDiscountCents: 980, amountTotalCents: 3920, promotionCode: 'FRIEND42' });
    expect(await screen.findByTestId('price-terms')).toHaveTextContent(
      'First year $39.20, then $49.00 per year',
    );
    expect(screen.getByTestId('amount-total')).toHaveTextContent(/^\$39\.20$/);
    expect(screen.getByTestId('discount')).toHaveTextContent('Referral discount (FRIEND42)-$9.80');
  });

  it('without one: the yearly price, and nothing about a first year', async () => {
    open(session);
    expect(await screen.findByTestId('amount-total')).toHaveTextContent('$49.00 per year');
    expect(screen.queryByTestId('price-terms')).not.toBeInTheDocument();
  });
});
