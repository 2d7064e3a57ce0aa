import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { referralsApi } from '@contract/api/referrals';
import { mock } from '@/test/mock';
import { findToast, renderWithProviders } from '@/test/render';
import { server } from '@/test/server';
import { ReferFriendDialog } from './refer-friend-dialog';

const TRIGGER = { name: 'Refer a Friend' };
const DIALOG = { name: 'Refer a Friend' };

/** Every body the dialog posts to /api/referrals/send, in order; answers as the server does (201). */
function referralsSent(answer = () => HttpResponse.json({ message: 'Referral sent' }, { status: 201 })) {
  const sent: unknown[] = [];
  server.use(
    mock(referralsApi.send, async ({ request }) => {
      sent.push(await request.json());
      return answer();
    }),
  );
  return sent;
}

/** Opens the dialog from its trigger; the form's code loads on demand, so its fields come a moment later. */
async function open(ui: UserEvent) {
  await ui.click(screen.getByRole('button', TRIGGER));
  const dialog = await screen.findByRole('dialog', DIALOG);
  await within(dialog).findByRole('textbox', { name: 'First name' });
  return dialog;
}

const field = (dialog: HTMLElement, name: string) => within(dialog).getByRole('textbox', { name });

async function fill(
  ui: UserEvent,
  dialog: HTMLElement,
  values: { first: string; last: string; email: string; confirm: string; message?: string },
) {
  await ui.type(field(dialog, 'First name'), values.first);
  await ui.type(field(dialog, 'Last name'), values.last);
  await ui.type(field(dialog, 'Email'), values.email);
  await ui.type(field(dialog, 'Confirm email'), values.confirm);
  if (values.message) await ui.type(field(dialog, 'Message (optional)'), values.message);
}

describe('the refer-a-friend dialog', () => {
  it('opens from its trigger on the empty form, its first field focused', async () => {
    const { ui } = renderWithProviders(<ReferFriendDialog />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    const dialog = await open(ui);
    expect(within(dialog).getByText(/an invitation with \d+% off their first purchase/)).toBeVisible();
    await waitFor(() => expect(field(dialog, 'First name')).toHaveFocus());
    for (const name of ['First name', 'Last name', 'Email', 'Confirm email', 'Message (optional)'])
      expect(field(dialog, name)).toHaveValue('');
    expect(within(dialog).getByRole('button', { name: 'Send Referral' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeVisible();
  });

  it("submitted empty, shows each required field's message and sends nothing", async () => {
    const sent = referralsSent();
    const { ui } = renderWithProviders(<ReferFriendDialog />);
    const dialog = await open(ui);

    await ui.click(within(dialog).getByRole('button', { name: 'Send Referral' }));
    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByRole('alert')
          .map((a) => a.textContent),
      ).toEqual([
        'First name is required',
        'Last name is required',
        'Invalid email address',
        'Invalid email address',
      ]),
    );
    expect(field(dialog, 'First name')).toHaveAttribute('aria-invalid', 'true');
    expect(field(dialog, 'Confirm email')).toHaveAttribute('aria-invalid', 'true');
    expect(field(dialog, 'Message (optional)')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('dialog', DIALOG)).toBeVisible();
    expect(sent).toEqual([]);
  });

  it("says 'Emails do not match' under the confirmation, and sends nothing", async () => {
    const sent = referralsSent();
    const { ui } = renderWithProviders(<ReferFriendDialog />);
    const dialog = await open(ui);
    await fill(ui, dialog, {
      first: 'Alex',
      last: 'Rivera',
      email: 'alex@example.com',
      confirm: 'alex@example.org',
    });

    await ui.click(within(dialog).getByRole('button', { name: 'Send Referral' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(/^Emails do not match$/);
    expect(field(dialog, 'Confirm email')).toHaveAccessibleDescription('Emails do not match');
    expect(within(dialog).getAllByRole('alert')).toHaveLength(1);
    expect(sent).toEqual([]);
  });

  it('sends the referral as the API expects, confirms it, closes, and opens again on an empty form', async () => {
    const sent = referralsSent();
    const { ui } = renderWithProviders(<ReferFriendDialog />);
    const dialog = await open(ui);
    await fill(ui, dialog, {
      first: '  Alex ',
      last: 'Rivera',
      email: 'alex@example.com',
      confirm: 'ALEX@example.com',
      message: 'Come train with us',
    });

    await ui.click(within(dialog).getByRole('button', { name: 'Send Referral' }));
    await findToast('Referral sent successfully');
    await findToast('Your friend will receive an email with the invitation.');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([
      {
        firstName: 'Alex',
        lastName: 'Rivera',
        email: 'alex@example.com',
        confirmEmail: 'ALEX@example.com',
        message: 'Come train with us',
      },
    ]);
    expect(screen.getByRole('button', TRIGGER)).toHaveFocus();

    const again = await open(ui);
    for (const name of ['First name', 'Last name', 'Email', 'Confirm email', 'Message (optional)'])
      expect(field(again, name)).toHaveValue('');
    expect(within(again).queryByRole('alert')).not.toBeInTheDocument();
    await waitFor(() => expect(field(again, 'First name')).toHaveFocus());
  });

  it('leaves the optional message out of the request when it is empty', async () => {
    const sent = referralsSent();
    const { ui } = renderWithProviders(<ReferFriendDialog />);
    const dialog = await open(ui);
    await fill(ui, dialog, {
      first: 'Sam',
      last: 'Reed',
      email: 'sam@example.com',
      confirm: 'sam@example.com',
    });

    await ui.click(within(dialog).getByRole('button', { name: 'Send Referral' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([
      { firstName: 'Sam', lastName: 'Reed', email: 'sam@example.com', confirmEmail: 'sam@example.com' },
    ]);
  });

  it('when the server refuses, shows its reason and keeps the dialog open with what was typed', async () => {
    const sent = referralsSent(() =>
      HttpResponse.json(
        { message: 'Conflict', error: 'This friend has already been referred' },
        { status: 409 },
      ),
    );
    const { ui } = renderWithProviders(<ReferFriendDialog />);
    const dialog = await open(ui);
    await fill(ui, dialog, {
      first: 'Alex',
      last: 'Rivera',
      email: 'alex@example.com',
      confirm: 'alex@example.com',
    });

    await ui.click(within(dialog).getByRole('button', { name: 'Send Referral' }));
    await findToast('Failed to send referral');
    await findToast('This friend has already been referred');
    expect(sent).toHaveLength(1);
    expect(screen.getByRole('dialog', DIALOG)).toBeVisible();
    expect(field(dialog, 'Email')).toHaveValue('alex@example.com');
    expect(within(dialog).getByRole('button', { name: 'Send Referral' })).toBeEnabled();
    expect(screen.queryByText('Referral sent successfully')).not.toBeInTheDocument();
  });

  it('closes on Cancel without sending, even with the form filled in', async () => {
    const sent = referralsSent();
    const { ui } = renderWithProviders(<ReferFriendDialog />);
    const dialog = await open(ui);
    await fill(ui, dialog, {
      first: 'Alex',
      last: 'Rivera',
      email: 'alex@example.com',
      confirm: 'alex@example.com',
    });

    await ui.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Long enough for a request the click might have started to reach the server.
    await new Promise((r) => setTimeout(r, 50));
    expect(sent).toEqual([]);

    const again = await open(ui);
    expect(field(again, 'First name')).toHaveValue('');
    expect(field(again, 'Email')).toHaveValue('');
  });
});
