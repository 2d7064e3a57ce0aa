import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { DEMO, expect, lastMail, loginAs, shot, test } from './fixtures';
import { createPlayerViaApi } from './measured-helpers';
import { signInAs } from './screens';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

async function freshFamily(page: Page, tag: string) {
  const email = `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const reg = await page.request.post('/api/register', {
    data: {
      username: email,
      email,
      password: 'secret123',
      firstName: 'Casey',
      lastName: 'Ledger',
      referralCode: null,
    },
  });
  expect(reg.status()).toBe(201);
  const link = new URL(/https?:\/\/\S+\/verify-email\?\S+/.exec((await lastMail(page, email)).text)![0]);
  expect(
    (
      await page.request.post('/api/auth/verify-email', {
        data: { token: link.searchParams.get('token'), email },
      })
    ).status(),
  ).toBe(200);
  await loginAs(page, email, 'secret123');
  return email;
}

async function payWith(page: Page, card: string, expiry = '1234') {
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiration (MM / YY)').fill(expiry);
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
}

const planCard = (page: Page, key: string) => page.getByTestId(`plan-${key}`);

async function openPaymentDetails(page: Page) {
  await page.goto('/profile');
  await page.getByRole('tab', { name: /^Payment/ }).click();
}

/** A player through the API, so the journey can spend a credit before the refund. */
async function addPlayer(page: Page) {
  const player = await createPlayerViaApi(page, 'Riley', 'Refund');
  return { id: player.id, wr: player.primaryPositionId };
}

test.describe('billing that tells the truth', () => {
  test('a pack buyer sees no subscription, the purchase, the history and the support contact; the CSV has every row', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await freshFamily(page, 'packbuyer');
    await page.goto('/subscriptions');
    await planCard(page, 'iga-single').getByRole('button', { name: 'Purchase' }).click();
    await payWith(page, '4242 4242 4242 4242');
    await expect(page).toHaveURL(/\/subscriptions/);
    await expect(page.getByTestId('iga-credits')).toContainText('1');

    await openPaymentDetails(page);
    await expect(page.getByTestId('no-subscription')).toHaveText(
      'You have no subscription. Your credits come from the purchases in your billing history below.',
    );
    await expect(page.getByText('Premium Subscription')).toHaveCount(0);
    await expect(page.getByText('Renews on')).toHaveCount(0);
    // One list (issue 27 item 1): the payment is not shown a second time under 'Purchases'.
    await expect(page.getByRole('heading', { name: 'Purchases' })).toHaveCount(0);
    await expect(page.getByTestId('history-row')).toHaveCount(1);
    const history = page.getByRole('list', { name: 'Billing history' });
    await expect(history).toContainText('Purchase: IGA Score Single');
    await expect(history).toContainText('$19.00');
    await expect(history).toContainText('+1 IGA');
    // The test refund tools are an admin's (issue 27 item 4).
    await expect(page.getByRole('link', { name: 'Test payment tools' })).toHaveCount(0);
    await expect(page.getByTestId('support-contact')).toContainText('support@verifiedathlete.local');
    await expect(page.getByRole('link', { name: 'support@verifiedathlete.local' })).toHaveAttribute(
      'href',
      'mailto:support@verifiedathlete.local',
    );
    await expect(page.getByRole('button', { name: 'Manage billing in Stripe' })).toHaveCount(0);
    await shot(page, 'billing-history-pack-desktop');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('billing-history.csv');
    const csv = readFileSync(await download.path(), 'utf8')
      .trim()
      .split('\r\n');
    expect(csv[0]).toBe('Date,Type,Description,Max Speed credits,IGA credits,Amount (USD)');
    expect(csv[1]).toMatch(/,Purchase,Purchase: IGA Score Single,0,1,19\.00$/);

    await page.setViewportSize(PHONE);
    await shot(page, 'billing-history-pack-phone');
  });

  test('a refund in test mode takes the spent credits back: the balance goes below zero, requests stop, history shows it', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    const email = await freshFamily(page, 'refunded');
    await page.goto('/subscriptions');
    await planCard(page, 'combo-pack').getByRole('button', { name: 'Purchase' }).click();
    await expect(page).toHaveURL(/\/checkout\/test\/cs_test_/);
    const checkoutUrl = page.url();
    await payWith(page, '4242 4242 4242 4242');
    await expect(page.getByTestId('speed-credits')).toContainText('3');

    const player = await addPlayer(page);
    const spent = await page.request.post('/api/analysis-requests', {
      data: {
        playerId: player.id,
        hudlUrl: 'https://www.hudl.com/video/3/1/a',
        startTime: '00:10',
        season: 2025,
        positionId: player.wr,
        requestType: 'max_speed',
      },
    });
    expect(spent.status(), await spent.text()).toBe(201);

    // The family has no refund tools, neither in its history nor on its paid checkout page.
    await openPaymentDetails(page);
    await expect(page.getByTestId('history-row').first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Test payment tools' })).toHaveCount(0);
    await page.goto(checkoutUrl);
    await expect(page.getByRole('heading', { name: 'Payment complete' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Test mode: refunds and disputes' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Refund/ })).toHaveCount(0);
    await shot(page, 'billing-test-checkout-family-phone');

    // An admin refunds it, as Stripe's dashboard would.
    await signInAs(page, DEMO.admin);
    await page.goto(checkoutUrl);
    await expect(page.getByTestId('test-payment-state')).toHaveText('Paid $59.00');
    await shot(page, 'billing-test-tools-phone');
    await page.getByRole('button', { name: 'Refund $59.00' }).click();
    await expect(page.getByTestId('test-payment-state')).toHaveText('Paid $59.00 · refunded $59.00');
    await expect(page.getByRole('button', { name: /Refund/ })).toHaveCount(0);
    await shot(page, 'billing-test-tools-refunded-phone');

    await signInAs(page, email, 'secret123');
    await openPaymentDetails(page);
    await expect(page.getByRole('alert').filter({ hasText: 'below zero' })).toContainText(
      'Max Speed -1, IGA 0',
    );
    const history = page.getByRole('list', { name: 'Billing history' });
    await expect(history.getByTestId('history-row').first()).toContainText('Payment refunded');
    await expect(history.getByTestId('history-row').first()).toContainText('−3 Max Speed · −2 IGA');
    await expect(history.getByTestId('history-row').first()).toContainText('−$59.00');
    await expect(history).toContainText('Analysis request');
    await expect(page.getByTestId('speed-credits')).toContainText('-1');
    await shot(page, 'billing-history-refund-phone');
    await page.setViewportSize(DESKTOP);
    await shot(page, 'billing-history-refund-desktop');

    const blocked = await page.request.post('/api/analysis-requests', {
      data: {
        playerId: player.id,
        hudlUrl: 'https://www.hudl.com/video/3/1/b',
        startTime: '00:10',
        season: 2025,
        positionId: player.wr,
        requestType: 'max_speed',
      },
    });
    expect(blocked.status()).toBe(402);
    expect((await blocked.json()).message).toContain('below zero after a refund or chargeback');
  });

  test('a dispute takes the credits, winning it gives them back', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    const email = await freshFamily(page, 'disputed');
    await page.goto('/subscriptions');
    await planCard(page, 'speed-single').getByRole('button', { name: 'Purchase' }).click();
    await expect(page).toHaveURL(/\/checkout\/test\/cs_test_/);
    const checkoutUrl = page.url();
    await payWith(page, '4242 4242 4242 4242');
    await expect(page.getByTestId('speed-credits')).toContainText('1');
    await signInAs(page, DEMO.admin);
    await page.goto(checkoutUrl);
    await page.getByRole('button', { name: 'Open a dispute' }).click();
    await expect(page.getByTestId('test-payment-state')).toContainText('Disputed');
    await shot(page, 'billing-test-tools-disputed-desktop');
    await page.getByRole('button', { name: 'Close dispute as won' }).click();
    await expect(page.getByTestId('test-payment-state')).toContainText('Dispute won');
    await signInAs(page, email, 'secret123');
    await openPaymentDetails(page);
    const rows = page.getByRole('list', { name: 'Billing history' }).getByTestId('history-row');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toContainText('Chargeback won');
    await expect(rows.nth(1)).toContainText('Chargeback');
    await expect(rows.nth(1)).toContainText('−1 Max Speed');
    await expect(page.getByTestId('speed-credits')).toContainText('1');
  });

  test('an upgrade says what it charges and credits before paying, and the old plan shows when it ended', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await freshFamily(page, 'upgrader');
    await page.goto('/subscriptions');
    await planCard(page, 'economy').getByRole('button', { name: 'Subscribe' }).click();
    await payWith(page, '4242 4242 4242 4242');
    await expect(planCard(page, 'standard').getByRole('button')).toHaveText('Upgrade');
    await planCard(page, 'standard').getByRole('button', { name: 'Upgrade' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText(
      'You will be charged $69.00 now for Standard and receive 6 Max Speed and 3 IGA credits.',
    );
    await expect(dialog).toContainText('Your Economy plan ends as soon as the payment succeeds');
    await expect(dialog.getByTestId('plan-change-summary')).toContainText('$69.00');
    await shot(page, 'billing-upgrade-preview-desktop');
    await dialog.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page).toHaveURL(/\/checkout\/test\//);
    await payWith(page, '4242 4242 4242 4242');
    await expect(page.getByTestId('speed-credits')).toContainText('8');

    await openPaymentDetails(page);
    await page.getByRole('tab', { name: /Inactive/ }).click();
    const ended = page.getByTestId('subscription').filter({ hasText: 'Economy' });
    await expect(ended).toContainText('Ended on');
    await expect(ended).not.toContainText('Expires on');
    await page.setViewportSize(PHONE);
    await shot(page, 'billing-upgrade-ended-phone');
  });

  test('the test checkout shows only the latest card problem', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await freshFamily(page, 'cards');
    await page.goto('/subscriptions');
    await planCard(page, 'speed-single').getByRole('button', { name: 'Purchase' }).click();
    await payWith(page, '4000 0000 0000 0002');
    await expect(page.getByTestId('payment-error')).toHaveText('Your card was declined.');
    await payWith(page, '4242');
    await expect(page.getByText('Your card number is incomplete.')).toBeVisible();
    await expect(page.getByTestId('payment-error')).toHaveCount(0);
    await expect(page.getByText('Your card was declined.')).toHaveCount(0);
    await shot(page, 'billing-test-checkout-one-error-phone');
  });
});

test.describe('lists that grow', () => {
  test('the admin finds users by search and loads more', async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(DESKTOP);
    await loginAs(page, DEMO.admin);
    const stamp = Date.now();
    for (let batch = 0; batch < 6; batch++) {
      await Promise.all(
        Array.from({ length: 5 }, async (_, j) => {
          const email = `pager${batch * 5 + j}-${stamp}@example.com`;
          const res = await page.request.post('/api/admin/users', {
            data: { email, username: email, role: 'user', password: 'secret123' },
          });
          expect(res.status()).toBe(201);
        }),
      );
    }
    await page.goto('/admin/users');
    const rows = page.getByRole('row');
    await expect(page.getByRole('button', { name: 'Load more' })).toBeVisible();
    await expect(rows).toHaveCount(26);
    const loadMore = page.getByRole('button', { name: 'Load more' });
    for (let i = 0; i < 20 && (await loadMore.isVisible()); i++) {
      const before = await rows.count();
      await loadMore.click();
      await expect.poll(() => rows.count()).toBeGreaterThan(before);
    }
    await expect(loadMore).toHaveCount(0);
    await expect(rows.filter({ hasText: `-${stamp}@example.com` })).toHaveCount(30);
    await page.getByLabel('Search').fill(`pager7-${stamp}`);
    await expect(rows).toHaveCount(2);
    await expect(page.getByRole('row').nth(1)).toContainText(`pager7-${stamp}@example.com`);
    await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
    await shot(page, 'admin-users-search-desktop');
    await page.goto('/admin/reporting');
    await expect(page.getByTestId('billing-report')).toContainText('Refunds and Disputes');
    await shot(page, 'admin-reporting-billing-desktop');
  });
});
