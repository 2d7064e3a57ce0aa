import type { Mail } from '../../lib/mailer';

const link = (appUrl: string, path: string, token: string, email: string) =>
  `${appUrl}${path}?token=${encodeURIComponent(token)}&email=${encodeURIComponent(email)}`;

export function verificationMail(appUrl: string, to: string, firstName: string | null, token: string): Mail {
  const url = link(appUrl, '/verify-email', token, to);
  return {
    to,
    subject: 'Verify your email for Verified Athlete',
    text: `Hi ${firstName ?? 'there'},\n\nConfirm your email address to finish creating your account:\n${url}\n\nThis link expires in 24 hours. If you did not sign up, ignore this email.`,
    html: `<p>Hi ${escapeHtml(firstName ?? 'there')},</p><p>Confirm your email address to finish creating your account:</p><p><a href="${url}">Verify my email</a></p><p>This link expires in 24 hours. If you did not sign up, ignore this email.</p>`,
  };
}

/** To the holder of an address someone tried to register again; the form answered as for a new one. */
export function signUpAttemptMail(appUrl: string, to: string, firstName: string | null): Mail {
  const signIn = `${appUrl}/auth-page`;
  const reset = `${appUrl}/reset-password`;
  return {
    to,
    subject: 'Someone tried to sign up with your email',
    text: `Hi ${firstName ?? 'there'},\n\nSomeone tried to create a Verified Athlete account with this email address, which already has one.\n\nIf it was you, sign in instead:\n${signIn}\n\nForgot your password? Reset it here:\n${reset}\n\nIf it was not you, ignore this email: nothing has changed on your account.`,
    html: `<p>Hi ${escapeHtml(firstName ?? 'there')},</p><p>Someone tried to create a Verified Athlete account with this email address, which already has one.</p><p>If it was you, <a href="${signIn}">sign in</a> instead. Forgot your password? <a href="${reset}">Reset it</a>.</p><p>If it was not you, ignore this email: nothing has changed on your account.</p>`,
  };
}

export function resetMail(appUrl: string, to: string, token: string): Mail {
  const url = link(appUrl, '/reset-password', token, to);
  return {
    to,
    subject: 'Reset your Verified Athlete password',
    text: `Someone asked to reset the password for this account.\n\nSet a new password here:\n${url}\n\nThis link expires in 1 hour and works once. If it was not you, ignore this email.`,
    html: `<p>Someone asked to reset the password for this account.</p><p><a href="${url}">Set a new password</a></p><p>This link expires in 1 hour and works once. If it was not you, ignore this email.</p>`,
  };
}

export function escapeHtml(s: string) {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}
