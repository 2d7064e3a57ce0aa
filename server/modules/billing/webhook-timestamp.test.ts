import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNATURE_TOLERANCE_SECONDS } from '../../lib/payments/signature';
import { createTestApp, type TestApp } from '../../test/helpers';
import { deliver, eventRows } from './billing-test-kit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const now = () => Math.floor(Date.now() / 1000);
const event = (id: string) =>
  JSON.stringify({
    id,
    object: 'event',
    type: 'customer.created',
    created: now(),
    livemode: false,
    data: { object: { id: 'cus_x' } },
  });

describe("a webhook's signed timestamp", () => {
  it('ten minutes in the future is refused like a stale one: 400, nothing recorded', async () => {
    const payload = event('evt_future_600');
    const res = await deliver(t, payload, { timestamp: now() + 600 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Webhook signature verification failed');
    expect(await eventRows(t, 'evt_future_600')).toHaveLength(0);
  });

  it('just past the tolerance ahead is refused; within it (a sender clock a little fast) is accepted', async () => {
    const beyond = await deliver(t, event('evt_future_beyond'), {
      timestamp: now() + SIGNATURE_TOLERANCE_SECONDS + 5,
    });
    expect(beyond.statusCode).toBe(400);
    const skewed = await deliver(t, event('evt_future_skew'), { timestamp: now() + 60 });
    expect(skewed.statusCode, skewed.body).toBe(200);
    expect(await eventRows(t, 'evt_future_skew')).toHaveLength(1);
  });
});
