import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { coachAdminApi } from '@contract/api/coach';
import type { AdminCoachApplication } from '@contract/coach';
import { mock } from '@/test/mock';
import { findToast, renderWithProviders } from '@/test/render';
import { server } from '@/test/server';
import { CoachApplications } from './coach-applications';

const application = (over: Partial<AdminCoachApplication> = {}): AdminCoachApplication => ({
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
  status: 'awaiting-admin',
  declineReason: null,
  createdAt: '2026-11-26T12:00:00.000Z',
  ...over,
});

describe("User Management's Coach applications", () => {
  it('declines through a dialog whose reason is required, and shows the reason once declined', async () => {
    let state = application();
    const reasons: unknown[] = [];
    server.use(
      mock(coachAdminApi.applications, () => HttpResponse.json([state])),
      mock(
        coachAdminApi.decline,
        async ({ request }) => {
          const body = (await request.json()) as { reason: string };
          reasons.push(body);
          state = application({ status: 'declined', declineReason: body.reason });
          return HttpResponse.json({ id: 40, status: 'declined' });
        },
        { id: 4 },
      ),
    );
    const { ui } = renderWithProviders(<CoachApplications />);
    const item = await screen.findByRole('listitem', { name: 'Application of Sam Ortiz' });
    expect(item).toHaveTextContent('Sam Ortiz, Recruiting Coordinator at Abilene Christian University');
    expect(item).toHaveTextContent('sam@example.com · not one of the college’s athletics domains · NCAA D2');
    expect(item).toHaveTextContent('Waiting for approval');

    await ui.click(within(item).getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline the application' });
    expect(dialog).toHaveTextContent('The reason is mailed to sam@example.com.');
    await ui.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Give the applicant a reason');
    await ui.type(within(dialog).getByLabelText(/Reason/), '   ');
    await ui.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Give the applicant a reason');
    expect(reasons).toEqual([]);

    await ui.type(within(dialog).getByLabelText(/Reason/), 'We could not confirm you coach there.');
    await ui.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(reasons).toEqual([{ reason: 'We could not confirm you coach there.' }]);
    await findToast('Application of Sam Ortiz declined');
    const after = await screen.findByRole('listitem', { name: 'Application of Sam Ortiz' });
    expect(await within(after).findByText('Reason: We could not confirm you coach there.')).toBeVisible();
    expect(within(after).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it('cancelling the dialog declines nothing; approving shows what was checked, may correct the division, and offers Suspend', async () => {
    let state = application();
    const approvals: unknown[] = [];
    let declined = false;
    let suspended: string | null = null;
    server.use(
      mock(coachAdminApi.applications, () => HttpResponse.json([state])),
      mock(coachAdminApi.decline, () => {
        declined = true;
        return HttpResponse.json({ id: 40, status: 'declined' });
      }),
      mock(
        coachAdminApi.approve,
        async ({ request }) => {
          approvals.push(await request.json());
          state = application({ status: 'approved', division: 'NAIA' });
          return HttpResponse.json(state);
        },
        { id: 4 },
      ),
      mock(coachAdminApi.suspend, ({ params }) => {
        suspended = String(params.userId);
        state = application({ status: 'suspended' });
        return HttpResponse.json({ id: 40, status: 'suspended' });
      }),
    );
    const { ui } = renderWithProviders(<CoachApplications />);
    const item = await screen.findByRole('listitem', { name: 'Application of Sam Ortiz' });
    await ui.click(within(item).getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline the application' });
    await ui.type(within(dialog).getByLabelText(/Reason/), 'Not sure');
    await ui.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(declined).toBe(false);

    await ui.click(within(item).getByRole('button', { name: 'Approve' }));
    const confirm = await screen.findByRole('dialog', { name: 'Approve Sam Ortiz?' });
    const checked = within(confirm).getByLabelText('What was checked');
    expect(checked).toHaveTextContent('sam@example.com (verified)');
    expect(checked).toHaveTextContent('example.com: not one of the college’s athletics domains');
    expect(checked).toHaveTextContent('Recruiting Coordinator');
    expect(checked).toHaveTextContent('Abilene Christian University');
    expect(within(confirm).getByLabelText('Division')).toHaveValue('NCAA D2');
    await ui.selectOptions(within(confirm).getByLabelText('Division'), 'NAIA');
    await ui.click(within(confirm).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(approvals).toEqual([{ division: 'NAIA' }]);
    expect(await within(item).findByText('Approved')).toBeVisible();
    expect(within(item).getByLabelText('Division of Sam Ortiz')).toHaveValue('NAIA');
    await ui.click(within(item).getByRole('button', { name: 'Suspend' }));
    expect(await within(item).findByText('Suspended')).toBeVisible();
    expect(suspended).toBe('40');
  });

  it('marks a waiting application at a curated domain, and one under the website domain as a hint only', async () => {
    server.use(
      mock(coachAdminApi.applications, () =>
        HttpResponse.json([
          application({ email: 'sam@gowildcats.com', emailDomain: 'gowildcats.com', domainMatchesNow: true }),
          application({
            id: 5,
            name: 'Lee Park',
            email: 'lee@students.acu.edu',
            emailDomain: 'students.acu.edu',
            websiteDomainMatch: true,
            division: null,
          }),
        ]),
      ),
    );
    renderWithProviders(<CoachApplications />);
    const sam = await screen.findByRole('listitem', { name: 'Application of Sam Ortiz' });
    expect(sam).toHaveTextContent('sam@gowildcats.com · at one of the college’s athletics domains');
    expect(sam).toHaveTextContent('Waiting for approval');
    expect(within(sam).getByRole('button', { name: 'Approve' })).toBeVisible();
    const lee = screen.getByRole('listitem', { name: 'Application of Lee Park' });
    expect(lee).toHaveTextContent(
      'lee@students.acu.edu · under the college’s website domain acu.edu: a hint only, its students and alumni have addresses there too',
    );
    expect(lee).toHaveTextContent('no division stated (treated as NCAA D1)');
    expect(screen.getByRole('heading', { name: 'Athletics domains' })).toBeVisible();
  });

  it('says when nobody has applied', async () => {
    server.use(mock(coachAdminApi.applications, () => HttpResponse.json([])));
    renderWithProviders(<CoachApplications />);
    expect(await screen.findByText('No coach has applied yet.')).toBeVisible();
  });
});
