import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { planSchema, type Plan } from '@contract/billing';
import { PlanCard } from './plan-card';

const aPlan = (over: Partial<Plan> = {}): Plan =>
  planSchema.parse({
    id: 2,
    key: 'basic',
    name: 'Basic',
    description: 'For a season of film',
    type: 'subscription',
    stars: 2,
    rank: 2,
    priceUsd: 49,
    priceCents: 4900,
    interval: 'year',
    maxSpeedVideosPerYear: 4,
    igaPerYear: 2,
    videoStorageLimit: 10,
    features: [],
    stripePriceId: null,
    stripePriceIdLive: null,
    ...over,
  });

const card = (plan: Plan) =>
  render(<PlanCard plan={plan} label="Subscribe" pending={false} onChoose={() => {}} />);

describe('a plan card under Monthly Subscription Plans (issue 27 item 5)', () => {
  it('says the price is billed yearly, with the monthly equivalent in small print', () => {
    card(aPlan());
    const price = screen.getByTestId('plan-price');
    expect(price).toHaveTextContent(/^\$49 billed yearly/);
    expect(screen.getByText('About $4.08 a month')).toHaveClass('text-xs');
    expect(screen.getByText('4 Max Speed credits per year')).toBeVisible();
    expect(screen.queryByText(/USD \/ year/)).not.toBeInTheDocument();
  });

  it('a one-time package says one-time, with no monthly figure', () => {
    card(aPlan({ key: 'combo-pack', type: 'one_time', interval: null, priceCents: 5900, priceUsd: 59 }));
    expect(screen.getByText('one-time')).toBeVisible();
    expect(screen.queryByText(/a month/)).not.toBeInTheDocument();
    expect(screen.queryByText('billed yearly')).not.toBeInTheDocument();
  });
});
