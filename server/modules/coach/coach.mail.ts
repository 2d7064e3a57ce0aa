import { analysisKinds, formatKindResult } from '../../../contract/analysis-kinds';
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

/** A coach whose approving athletics domain an admin removed (decision 238): access is paused at once. */
export const domainRemovedMail = (to: string, name: string, domain: string, college: string) =>
  mail(to, 'Your coach account is waiting for an admin', [
    `Hi ${name},`,
    `Your college coach account on Verified Athlete was approved because your address is at ${domain}, an athletics domain of ${college}. An admin has removed that domain, so your account now waits for an admin to approve it again.`,
    'Until then the coach search, profiles and requests to connect are closed to you. We will email you when an admin has looked at your account.',
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

export interface WeeklyMailSearch {
  name: string;
  /** More players matched than the mail lists. */
  more: boolean;
  players: {
    playerId: number;
    name: string;
    classYear: number;
    position: string | null;
    school: string;
    state: string | null;
    speedMph: number | null;
    plusMinusMph: number | null;
    igaScore: number | null;
    /** Each kind's best in coach_search_results (decision 243), any order: the line follows the registry's. */
    kinds: { kind: string; value: number; plusMinus: number }[];
  }[];
}

/** '<metric label> <value> ± <bound>' for each kind the player has a best of, in the registry's order. */
const kindNumbers = (p: WeeklyMailSearch['players'][number]) =>
  analysisKinds().flatMap((k) =>
    p.kinds
      .filter((r) => r.kind === k.key)
      .map((r) => `${k.metricLabel ?? k.label} ${formatKindResult(k, r.value, r.plusMinus)}`),
  );

/** One line per player: who, where, and the verified numbers, with the profile's link. */
function playerLine(appUrl: string, p: WeeklyMailSearch['players'][number]) {
  const who = [p.name, `Class of ${p.classYear}`, p.position, p.state ? `${p.school}, ${p.state}` : p.school]
    .filter(Boolean)
    .join(' · ');
  const numbers = [
    p.speedMph === null
      ? null
      : `Max Speed ${p.speedMph.toFixed(1)} mph${p.plusMinusMph === null ? '' : ` ± ${p.plusMinusMph.toFixed(1)}`}`,
    ...kindNumbers(p),
    p.igaScore === null ? null : `IGA ${p.igaScore}`,
  ]
    .filter(Boolean)
    .join(', ');
  return `${who} — ${numbers}: ${appUrl}/coach/players/${p.playerId}`;
}

/** The weekly saved-search mail (decision 211): newly verified players per search, and how to stop it. */
export function weeklyMail(
  appUrl: string,
  to: string,
  o: { name: string; searches: WeeklyMailSearch[]; unsubscribeUrl: string },
): Mail {
  const lines = [`Hi ${o.name},`, 'Newly verified players match your saved searches on Verified Athlete.'];
  for (const s of o.searches) {
    lines.push(`${s.name}:`, ...s.players.map((p) => playerLine(appUrl, p)));
    if (s.more) lines.push(`More players match this search: ${appUrl}/coach/search`);
  }
  lines.push(`Stop these weekly emails: ${o.unsubscribeUrl}`);
  return mail(to, 'New verified players for your saved searches', lines);
}
