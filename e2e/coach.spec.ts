import type { Page } from '@playwright/test';
import { COACH_VERIFIED_ADMIN, COACH_VERIFIED_DOMAIN } from '../contract/coach';
import { formatResultDate } from '../contract/result-date';
import { DEMO, expect, lastMail, test } from './fixtures';
import { shots, signInAs } from './screens';

/**
 * Issue 29: college coaches find the verified players whose families opted in (decision 211). The family is
 * the parent demo account and its player Jordan Miles (verified Max Speed 22.3 mph, IGA 83.6 in the demo
 * data, born 2009: a minor, so the switch needs the guardian's confirmation). Each journey turns the switch
 * off again at its end, so the demo data is as it was for the next journey on the same server.
 */
const COLLEGE = 'Abilene Christian University';
const nextClass = new Date().getFullYear() + 1;
const tag = () => `${Date.now() % 1_000_000}${Math.floor(Math.random() * 1000)}`;

async function jordanId(page: Page) {
  const players = (await (await page.request.get('/api/players')).json()) as {
    id: number;
    firstName: string;
  }[];
  return players.find((p) => p.firstName === 'Jordan')!.id;
}

async function setDiscovery(page: Page, playerId: number, enabled: boolean) {
  const res = await page.request.put(`/api/players/${playerId}/discovery`, {
    data: { enabled, guardianConfirmed: true },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** The application form on the auth page, as a coach fills it in. */
async function applyInBrowser(page: Page, o: { name: string; email: string; division?: string }) {
  await page.goto('/auth-page');
  await page.getByRole('button', { name: 'I am a college coach' }).click();
  await expect(page.getByRole('heading', { name: 'I am a college coach' })).toBeVisible();
  await page.getByLabel('Name').fill(o.name);
  await page.getByLabel('Title').fill('Recruiting Coordinator');
  await page.getByLabel('Division').selectOption(o.division ?? 'NCAA D1');
  await page.getByRole('combobox', { name: 'College' }).fill('Abilene Christian');
  await page.getByRole('option', { name: /^Abilene Christian University, Abilene, TX/ }).click();
  await expect(page.getByRole('combobox', { name: 'College' })).toHaveValue(/^Abilene Christian University/);
  await page.getByLabel('Work email').fill(o.email);
  await page.getByLabel('Password').fill('secret123');
}

/** Follows the verification link of the last mail to `email`, then logs in on the form. */
async function verifyAndLogIn(page: Page, email: string, says: string) {
  const link = /https?:\/\/\S+\/verify-email\?\S+/.exec((await lastMail(page, email)).text)![0];
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Email Verified!' })).toBeVisible();
  await expect(page.getByText(says)).toBeVisible();
  await page.getByRole('link', { name: 'Proceed to Login' }).click();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill('secret123');
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page).toHaveURL(/\/coach\/search$/);
}

async function acuIpedsId(page: Page) {
  const schools = (await (
    await page.request.post('/api/schools/search', {
      data: { searchTerm: 'Abilene Christian', level: 'College' },
    })
  ).json()) as { name: string; ipedsId: number | null }[];
  return schools.find((s) => s.name === COLLEGE)!.ipedsId!;
}

/**
 * The admin curates an athletics domain of this run only for the college (decision 238: only such a
 * domain approves a coach without an admin), so it matches no other journey's coach. Signs the admin out.
 */
async function curatedDomain(page: Page) {
  const domain = `acu-athletics-${tag()}.org`;
  await signInAs(page, DEMO.admin);
  const res = await page.request.post(`/api/admin/colleges/${await acuIpedsId(page)}/athletics-domains`, {
    data: { domain },
  });
  expect(res.status(), await res.text()).toBe(201);
  await page.request.post('/api/logout');
  return domain;
}

async function removeDomain(page: Page, domain: string) {
  await signInAs(page, DEMO.admin);
  const res = await page.request.delete(
    `/api/admin/colleges/${await acuIpedsId(page)}/athletics-domains/${domain}`,
  );
  expect(res.status(), await res.text()).toBe(204);
}

/** A coach at a curated athletics domain, applied and verified through the API, then signed in. */
async function coachViaApi(page: Page, name: string, domain: string) {
  const email = `coach-${tag()}@${domain}`;
  const res = await page.request.post('/api/coach/applications', {
    data: {
      name,
      title: 'Head Coach',
      division: 'NCAA D3',
      collegeIpedsId: await acuIpedsId(page),
      email,
      password: 'secret123',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const link = new URL(/https?:\/\/\S+\/verify-email\?\S+/.exec((await lastMail(page, email)).text)![0]);
  const ver = await page.request.post('/api/auth/verify-email', {
    data: { token: link.searchParams.get('token'), email },
  });
  expect(ver.status()).toBe(200);
  await signInAs(page, email, 'secret123');
  return email;
}

test.describe('college coaches', () => {
  test('a coach at an athletics domain an admin curated applies, verifies, searches, watches and asks; the family accepts', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    // The family turns the switch on from the player card, confirming they are the guardian.
    await signInAs(page, DEMO.parent);
    const playerId = await jordanId(page);
    await page.goto(`/players/${playerId}`);
    const toggle = page.getByRole('switch', { name: 'Let verified college coaches find this player' });
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await toggle.click();
    await expect(
      page.getByText('For a player under 18, confirm that you are the parent or guardian'),
    ).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await page.getByRole('checkbox', { name: 'I am the parent or legal guardian of this player' }).check();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByText('No college has opened this profile yet.')).toBeVisible();
    await page.request.post('/api/logout');

    // The coach applies at an athletics domain an admin curated: approved once the address is verified.
    const domain = await curatedDomain(page);
    const name = `Pat Rivers ${tag()}`;
    const email = `coach-${tag()}@${domain}`;
    await applyInBrowser(page, { name, email });
    await shots(page, 'coach-apply');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByRole('status')).toContainText(
      'Check your work email: follow the link we sent to verify it, then log in.',
    );
    await verifyAndLogIn(page, email, COACH_VERIFIED_DOMAIN);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveText(['Search', 'Watch list', 'Profile']);
    await expect(page.getByTestId('speed-credits')).toHaveCount(0);

    // Search with filters: too fast a floor finds nobody, 22 mph finds Jordan with his receipt.
    await expect(page.getByLabel('Class from')).toHaveValue('');
    await page.getByLabel('Position').selectOption('WR');
    await page.getByLabel('Class from').fill(String(nextClass));
    await page.getByLabel('Class to').fill(String(nextClass));
    await page.getByLabel('Max Speed at least (mph)').fill('23');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByText('No players match these filters.')).toBeVisible();
    await page.getByLabel('Max Speed at least (mph)').fill('22');
    await page.getByLabel('Level').selectOption('High School');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const row = page.getByRole('row', { name: /Jordan Miles/ });
    await expect(row).toBeVisible();
    await expect(row).toContainText(String(nextClass));
    await expect(row).toContainText('Wide Receiver');
    await expect(row).toContainText('Westlake High School');
    await expect(row).toContainText(/\d+(st|nd|rd|th) of \d+ high-school players/);
    const receipt = row.getByRole('link', { name: /^2\d\.\d mph ± \d\.\d$/ });
    const speed = (await receipt.innerText()).split(' mph')[0];
    await expect(receipt).toHaveAttribute('href', new RegExp(`/coach/players/${playerId}/receipts/\\d+$`));
    const receiptPage = await page.request.get((await receipt.getAttribute('href'))!);
    expect(receiptPage.status()).toBe(200);
    expect(await receiptPage.text()).toContain(speed);
    // Jordan's best IGA: 83.6 in the demo data, higher when another journey of the run verified one since.
    const iga = row.getByRole('link', { name: /^\d{2,3}(\.\d)?$/ });
    await expect(iga).toBeVisible();
    expect(Number(await iga.innerText())).toBeGreaterThanOrEqual(83.6);
    await expect(page.getByRole('row')).toHaveCount(2);
    await shots(page, 'coach-search');

    // The profile: the public content, never the private details.
    await row.getByRole('link', { name: 'Jordan Miles' }).click();
    await expect(page).toHaveURL(new RegExp(`/coach/players/${playerId}$`));
    await expect(page.getByText(`Verified Max Speed: ${speed} mph`, { exact: false })).toBeVisible();
    const body = await page.locator('main').innerText();
    for (const secret of [
      '2009-04-12',
      'jordan.miles@demo.test',
      '100 Stadium Way',
      '5125550100',
      'Pat Miles',
    ])
      expect(body).not.toContain(secret);
    await page.getByLabel('Private note').fill('Quick off the line, see him in spring');
    await page.getByRole('button', { name: 'Add to watch list' }).click();
    await expect(page.getByRole('button', { name: 'Remove from watch list' })).toBeVisible();
    await page
      .getByLabel('Message to the family')
      .fill('We would like to talk about our summer camp and what Jordan is looking for.');
    await page.getByRole('button', { name: 'Ask to connect' }).click();
    await expect(page.getByText('Request sent to the family')).toBeVisible();
    await expect(page.getByText('Request to connect: waiting for the family to answer')).toBeVisible();
    await shots(page, 'coach-profile');

    await page.getByRole('link', { name: 'Watch list' }).click();
    await expect(page.getByRole('link', { name: 'Jordan Miles' })).toBeVisible();
    await expect(page.getByText('Quick off the line, see him in spring')).toBeVisible();
    await expect(page.getByText('Jordan Miles: waiting for the family to answer')).toBeVisible();

    // The family sees the message on the dashboard and accepts with the email it chooses.
    await signInAs(page, DEMO.parent);
    expect((await lastMail(page, DEMO.parent)).subject).toBe(
      'A college coach asks to connect about Jordan Miles',
    );
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Coach messages' })).toBeVisible();
    const message = page.getByRole('listitem', { name: `Message from ${name}` });
    await expect(message).toContainText(`${name}, Recruiting Coordinator at ${COLLEGE} · about Jordan Miles`);
    await expect(message).toContainText('what Jordan is looking for');
    await shots(page, 'coach-messages');
    await message.getByLabel('Contact email for the coach').fill('miles.family@example.com');
    await message.getByRole('button', { name: 'Accept' }).click();
    await expect(message).toContainText('Accepted: the coach sees miles.family@example.com');
    await page.goto(`/players/${playerId}`);
    // One visit, one line: watching and asking on the profile are not more views.
    await expect(page.getByRole('listitem').filter({ hasText: COLLEGE })).toHaveText(
      `${COLLEGE} · ${formatResultDate(new Date())}`,
    );
    await page.getByRole('heading', { name: 'Coaches who viewed' }).scrollIntoViewIfNeeded();
    await shots(page, 'coach-discovery-card');

    // The coach sees the email the family gave, and nothing else.
    await signInAs(page, email, 'secret123');
    await page.goto('/coach/watchlist');
    await expect(page.getByText('Jordan Miles: accepted, write to miles.family@example.com')).toBeVisible();
    await shots(page, 'coach-watchlist');

    await signInAs(page, DEMO.parent);
    await setDiscovery(page, playerId, false);
    await removeDomain(page, domain);
  });

  test('a coach with another email waits for an admin, who approves; another is declined with a reason', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const name = `Sam Ortiz ${tag()}`;
    // A domain of this run only: added as the college's below, it must not match another journey's coach.
    const staffDomain = `acu-staff-${tag()}.org`;
    const email = `sam@${staffDomain}`;
    await applyInBrowser(page, { name, email });
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByRole('status')).toContainText(
      'Thank you. Follow the link we sent to verify your email; an admin will check your application, approve it and email you.',
    );
    await verifyAndLogIn(page, email, COACH_VERIFIED_ADMIN);
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: 'Your coach account is waiting for an admin to approve it.' }),
    ).toBeVisible();
    await shots(page, 'coach-awaiting');

    // A second applicant, whom the admin declines.
    await page.request.post('/api/logout');
    const other = `Lee Grant ${tag()}`;
    const otherEmail = `lee-${tag()}@example.com`;
    await applyInBrowser(page, { name: other, email: otherEmail });
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByRole('status')).toBeVisible();

    await signInAs(page, DEMO.admin);
    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { name: 'Coach applications' })).toBeVisible();
    const app = page.getByRole('listitem', { name: `Application of ${name}` });
    await expect(app).toContainText(`${name}, Recruiting Coordinator at ${COLLEGE}`);
    await expect(app).toContainText(`${staffDomain} · not one of the college’s athletics domains`);
    await expect(app).toContainText('Waiting for approval');
    const declined = page.getByRole('listitem', { name: `Application of ${other}` });
    await declined.getByRole('button', { name: 'Decline' }).click();
    const dialog = page.getByRole('dialog', { name: 'Decline the application' });
    await expect(dialog).toContainText(otherEmail);
    await dialog.getByRole('button', { name: 'Decline' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Give the applicant a reason');
    await dialog.getByLabel('Reason').fill('We could not confirm that you coach at this college.');
    await shots(page, 'coach-decline-dialog');
    await dialog.getByRole('button', { name: 'Decline' }).click();
    await expect(dialog).toBeHidden();
    await expect(declined).toContainText('Declined');
    await expect(declined).toContainText('Reason: We could not confirm that you coach at this college.');
    const declinedMail = await lastMail(page, otherEmail);
    expect(declinedMail.subject).toBe('Your coach application was declined');
    expect(declinedMail.text).toContain('Reason: We could not confirm that you coach at this college.');

    // The admin adds Sam's domain as the college's: Sam still waits, marked as matching it now.
    const domains = page.getByRole('region', { name: 'Athletics domains' });
    await domains.getByRole('combobox', { name: 'College' }).fill('Abilene Christian');
    await domains.getByRole('option', { name: /^Abilene Christian University, Abilene, TX/ }).click();
    await expect(domains).toContainText('website domain acu.edu');
    const field = domains.getByLabel('Add an athletics domain');
    await field.fill('gmail.com');
    await domains.getByRole('button', { name: 'Add domain' }).click();
    await expect(domains.getByRole('alert')).toHaveText(
      'gmail.com is a public mail domain: anyone can have an address there',
    );
    await field.fill(staffDomain);
    await domains.getByRole('button', { name: 'Add domain' }).click();
    await expect(domains.getByRole('status')).toContainText(`${staffDomain} added.`);
    await expect(domains.getByRole('listitem', { name: staffDomain })).toBeVisible();
    await expect(app).toContainText('at one of the college’s athletics domains');
    await expect(app).toContainText('Waiting for approval');
    await shots(page, 'coach-athletics-domains');

    // The approval shows what was checked and asks for a confirmation; the division may be corrected.
    await app.getByRole('button', { name: 'Approve' }).click();
    const approve = page.getByRole('dialog', { name: `Approve ${name}?` });
    await expect(approve).toContainText(`${staffDomain}: at one of the college’s athletics domains`);
    await expect(approve).toContainText('Recruiting Coordinator');
    await expect(approve).toContainText(COLLEGE);
    await expect(approve.getByLabel('Division')).toHaveValue('NCAA D1');
    await approve.getByLabel('Division').selectOption('NCAA D2');
    await shots(page, 'coach-approve-dialog');
    await approve.getByRole('button', { name: 'Approve' }).click();
    await expect(approve).toBeHidden();
    await expect(app).toContainText('Approved');
    await expect(app.getByLabel(`Division of ${name}`)).toHaveValue('NCAA D2');

    // Removed again, after a confirmation: the demo college is as it was for the next journey.
    await domains.getByRole('button', { name: `Remove ${staffDomain}` }).click();
    const confirm = page.getByRole('alertdialog', { name: `Remove ${staffDomain}?` });
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(confirm).toBeHidden();
    await expect(domains.getByRole('status')).toContainText(`${staffDomain} removed.`);
    await expect(domains.getByRole('listitem', { name: staffDomain })).toHaveCount(0);
    await expect(app.getByRole('button', { name: 'Suspend' })).toBeVisible();
    await page.getByRole('heading', { name: 'Coach applications' }).scrollIntoViewIfNeeded();
    await shots(page, 'coach-applications');
    expect((await lastMail(page, email)).subject).toBe('Your coach account is approved');

    // Approved, the coach searches.
    await signInAs(page, email, 'secret123');
    await page.goto('/coach/search');
    await expect(page.getByRole('columnheader', { name: 'Max Speed' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('a player whose family turns the switch off is in no search, profile or watch list', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signInAs(page, DEMO.parent);
    const playerId = await jordanId(page);
    await setDiscovery(page, playerId, true);
    const domain = await curatedDomain(page);
    const coach = await coachViaApi(page, `Kim Doyle ${tag()}`, domain);
    const watched = await page.request.post('/api/coach/watchlist', { data: { playerId, note: 'Watch' } });
    expect(watched.status(), await watched.text()).toBe(201);
    await page.goto('/coach/watchlist');
    await expect(page.getByRole('link', { name: 'Jordan Miles' })).toBeVisible();

    // The family turns it off on the player card.
    await signInAs(page, DEMO.parent);
    await page.goto(`/players/${playerId}`);
    const toggle = page.getByRole('switch', { name: 'Let verified college coaches find this player' });
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await expect(page.getByText('Coaches can no longer find this player')).toBeVisible();

    // The demo league's players are discoverable too (decision 229): the filters that found Jordan alone
    // in the first journey now find nobody.
    await signInAs(page, coach, 'secret123');
    await page.goto('/coach/search');
    await page.getByLabel('Position').selectOption('WR');
    await page.getByLabel('Class from').fill(String(nextClass));
    await page.getByLabel('Class to').fill(String(nextClass));
    await page.getByLabel('Max Speed at least (mph)').fill('22');
    await page.getByLabel('Level').selectOption('High School');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page.getByText('No players match these filters.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Jordan Miles' })).toHaveCount(0);
    await page.goto('/coach/watchlist');
    await expect(page.getByText('No players on your watch list yet.')).toBeVisible();
    await page.goto(`/coach/players/${playerId}`);
    await expect(page.locator('main').getByRole('alert')).toBeVisible();
    await expect(page.getByText('Jordan Miles')).toHaveCount(0);
    await shots(page, 'coach-profile-gone');
    await removeDomain(page, domain);
  });
});
