import type { Mail } from '../../lib/mailer';
import { escapeHtml } from '../auth';

const mail = (to: string, subject: string, lines: string[]): Mail => ({
  to,
  subject,
  text: lines.join('\n\n'),
  html: lines.map((l) => `<p>${escapeHtml(l)}</p>`).join(''),
});

export const approvedMail = (appUrl: string, to: string, name: string) =>
  mail(to, 'Your coach account is approved', [
    `Hi ${name},`,
    'An admin approved your college coach account on Verified Athlete. You can now search verified players:',
    `${appUrl}/coach/search`,
  ]);

export const declinedMail = (to: string, name: string, reason: string) =>
  mail(to, 'Your coach application was declined', [
    `Hi ${name},`,
    'An admin looked at your college coach application on Verified Athlete and declined it.',
    `Reason: ${reason}`,
    'If this is a mistake, reply to this email from your college address.',
  ]);

export function connectMail(
  appUrl: string,
  to: string,
  o: { playerName: string; coach: string; title: string; college: string; message: string },
): Mail {
  return mail(to, `A college coach asks to connect about ${o.playerName}`, [
    `${o.coach}, ${o.title} at ${o.college}, found ${o.playerName}'s verified profile and asks to connect:`,
    o.message,
    `Accept (and choose the email the coach may see) or decline in Coach messages on your dashboard: ${appUrl}/`,
    'The coach sees no contact details unless you accept.',
  ]);
}

export const connectDeclinedMail = (to: string, name: string, playerName: string) =>
  mail(to, `About ${playerName}`, [
    `Hi ${name},`,
    `Thank you for your interest in ${playerName}. The family is not able to connect at this time.`,
  ]);

export const connectAcceptedMail = (to: string, name: string, playerName: string, email: string) =>
  mail(to, `${playerName}'s family accepted your request`, [
    `Hi ${name},`,
    `${playerName}'s family accepted your request to connect. You can reach them at ${email}.`,
  ]);
