import { REFERRAL_DISCOUNT_PERCENT } from '../../../contract/referrals';
import type { Mail } from '../../lib/mailer';
import { escapeHtml } from '../auth';

const referralLink = (appUrl: string, code: string) =>
  `${appUrl}/auth-page?referralCode=${encodeURIComponent(code)}&mode=register`;

export function referralMail(a: {
  appUrl: string;
  to: string;
  firstName: string;
  senderName: string;
  code: string;
  message?: string;
  expiresAt: Date;
}): Mail {
  const url = referralLink(a.appUrl, a.code);
  const expires = a.expiresAt.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
  const note = a.message?.trim();
  const offer = `${REFERRAL_DISCOUNT_PERCENT}% off your first purchase`;
  return {
    to: a.to,
    subject: `${a.senderName} invited you to Verified Athlete`,
    text: [
      `Hi ${a.firstName},`,
      '',
      `${a.senderName} invited you to Verified Athlete, where football players get their Max Speed and IGA Score verified by analysts.`,
      ...(note ? ['', `"${note}"`] : []),
      '',
      `Create your account with this link and get ${offer}:`,
      url,
      '',
      `Your referral code: ${a.code}`,
      `This invitation expires on ${expires}.`,
    ].join('\n'),
    html: [
      `<p>Hi ${escapeHtml(a.firstName)},</p>`,
      `<p>${escapeHtml(a.senderName)} invited you to Verified Athlete, where football players get their Max Speed and IGA Score verified by analysts.</p>`,
      note ? `<blockquote>${escapeHtml(note).replace(/\n/g, '<br>')}</blockquote>` : '',
      `<p><a href="${url}">Create your account</a> and get ${offer}.</p>`,
      `<p>Your referral code: <strong>${escapeHtml(a.code)}</strong><br>This invitation expires on ${expires}.</p>`,
    ].join(''),
  };
}

/** To an address that already has an account: who invited them, and where to sign in (decision 205). */
export function alreadyMemberMail(a: {
  appUrl: string;
  to: string;
  firstName: string;
  senderName: string;
}): Mail {
  const url = `${a.appUrl}/auth-page`;
  return {
    to: a.to,
    subject: `${a.senderName} invited you to Verified Athlete`,
    text: [
      `Hi ${a.firstName},`,
      '',
      `${a.senderName} invited you to Verified Athlete. You already have an account with this address, so there is nothing to sign up for: sign in here (or reset your password from that page):`,
      url,
    ].join('\n'),
    html: [
      `<p>Hi ${escapeHtml(a.firstName)},</p>`,
      `<p>${escapeHtml(a.senderName)} invited you to Verified Athlete. You already have an account with this address, so there is nothing to sign up for.</p>`,
      `<p><a href="${url}">Sign in</a> (or reset your password from that page).</p>`,
    ].join(''),
  };
}
