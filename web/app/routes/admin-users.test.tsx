import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { adminApi } from '@contract/api/admin';
import { coachAdminApi } from '@contract/api/coach';
import type { AdminCoachApplication } from '@contract/coach';
import { mock } from '@/test/mock';
import { renderWithProviders } from '@/test/render';
import { server } from '@/test/server';
import AdminUsersRoute from './admin-users';

const application = (status: AdminCoachApplication['status']): AdminCoachApplication => ({
  id: 4,
  userId: 40,
  name: 'Sam Ortiz',
  title: 'Recruiting Coordinator',
  email: 'sam@example.com',
  emailVerified: true,
  college: 'Abilene Christian University',
  collegeWebsite: 'acu.edu',
  emailDomain: 'example.com',
  division: 'NCAA D2',
  domainMatched: false,
  domainMatchesNow: false,
  websiteDomainMatch: false,
  approvedByDomain: null,
  status,
  declineReason: status === 'declined' ? 'Not on the staff list' : null,
  createdAt: '2026-11-26T12:00:00.000Z',
});

/** Whether `a` comes before `b` in the page. */
const before = (a: Element, b: Element) =>
  Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);

describe('User Management screen', () => {
  it('puts coach applications waiting for an admin above the users list', async () => {
    server.use(
      mock(adminApi.listUsers, () => HttpResponse.json([])),
      mock(coachAdminApi.applications, () => HttpResponse.json([application('awaiting-admin')])),
    );
    renderWithProviders(<AdminUsersRoute />);
    await screen.findByRole('listitem', { name: 'Application of Sam Ortiz' });
    const coach = screen.getByText('Coach applications');
    const users = screen.getAllByText('User Management')[0];
    expect(before(coach, users)).toBe(true);
  });

  it('keeps the panel in its place once the last waiting application is approved', async () => {
    let state = application('awaiting-admin');
    server.use(
      mock(adminApi.listUsers, () => HttpResponse.json([])),
      mock(coachAdminApi.applications, () => HttpResponse.json([state])),
      mock(coachAdminApi.approve, () => {
        state = application('approved');
        return HttpResponse.json(state);
      }),
    );
    const { ui } = renderWithProviders(<AdminUsersRoute />);
    const item = await screen.findByRole('listitem', { name: 'Application of Sam Ortiz' });
    await ui.click(within(item).getByRole('button', { name: 'Approve' }));
    const confirm = await screen.findByRole('dialog', { name: 'Approve Sam Ortiz?' });
    await ui.click(within(confirm).getByRole('button', { name: 'Approve' }));
    expect(await within(item).findByText('Approved')).toBeVisible();
    expect(item).toBeInTheDocument();
    const coach = screen.getByText('Coach applications');
    expect(before(coach, screen.getAllByText('User Management')[0])).toBe(true);
  });

  it('keeps decided applications below the users list', async () => {
    server.use(
      mock(adminApi.listUsers, () => HttpResponse.json([])),
      mock(coachAdminApi.applications, () => HttpResponse.json([application('declined')])),
    );
    renderWithProviders(<AdminUsersRoute />);
    await screen.findByRole('listitem', { name: 'Application of Sam Ortiz' });
    const coach = screen.getByText('Coach applications');
    const users = screen.getAllByText('User Management')[0];
    expect(before(users, coach)).toBe(true);
  });
});
