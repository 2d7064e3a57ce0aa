import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { RegisterForm } from './register-form';

describe('Register (issue 52 item 9)', () => {
  it('stays reachable with invalid fields and names them beside the button', async () => {
    const { ui } = renderWithProviders(
      <RegisterForm
        referral={null}
        onRegistered={vi.fn()}
        onReferralCompleted={vi.fn()}
        onSwitch={vi.fn()}
      />,
    );
    const button = screen.getByRole('button', { name: 'Register' });
    await ui.click(button);
    expect(button).toBeEnabled();
    expect(button).toHaveAccessibleDescription(
      'Check the fields marked above: First name, Last name, Email, Confirm email, Password',
    );
    await ui.type(screen.getByLabelText('First name'), 'Pat');
    await ui.type(screen.getByLabelText('Last name'), 'Parent');
    await ui.type(screen.getByLabelText(/^Email/), 'pat@example.com');
    await ui.type(screen.getByLabelText(/^Confirm email/), 'pat@example.com');
    await ui.type(screen.getByLabelText('Password'), 'secret123');
    await ui.tab();
    expect(button).not.toHaveAccessibleDescription(/Check the fields/);
  });
});
