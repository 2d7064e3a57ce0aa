import { analysisKind, formatKindResult } from '../../../contract/analysis-kinds';
import { formatSpeed } from '../../../contract/measurement-math';
import type { Mail } from '../../lib/mailer';
import { escapeHtml } from '../auth';

interface Who {
  to: string;
  firstName: string | null;
  playerName: string;
  playerId: number;
  appUrl: string;
}

const kindName = (type: string) => analysisKind(type).label;

interface RequestFacts {
  id?: number;
  requestType: string;
  season?: number;
  createdAt?: string | Date;
}
const day = (d: string | Date) =>
  new Date(d).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
/** 'Request #12 · Max Speed · season 2025 · submitted Nov 20, 2026', and where every request of the player is listed. */
function requestFacts(w: Who, r: RequestFacts) {
  const parts = [
    r.id ? `Request #${r.id}` : null,
    kindName(r.requestType),
    r.season ? `season ${r.season}` : null,
    r.createdAt ? `submitted ${day(r.createdAt)}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
  const history = `${w.appUrl}/players/${w.playerId}#request-history`;
  return {
    text: `${parts}
Every request for ${w.playerName}, with its status: ${history}`,
    html: `<p>${escapeHtml(parts)}<br><a href="${history}">Every request for ${escapeHtml(w.playerName)}, with its status</a></p>`,
  };
}

export function completedMail(
  w: Who,
  r: {
    id: number;
    requestType: string;
    season: number;
    maxSpeed: number | null;
    igaScore: number | null;
    maxSpeedPlusMinus?: number | null;
    methodLabel?: string | null;
    createdAt?: string | Date;
  },
  /** The result of a kind whose evidence is in kind_receipts (no field of its own on the request). */
  kindResult?: { value: number; plusMinus: number | null; methodLabel: string } | null,
): Mail {
  const facts = requestFacts(w, r);
  const url = `${w.appUrl}/players/${w.playerId}`;
  const kind = analysisKind(r.requestType);
  // The receipt link is to Max Speed's receipt page (decisions 279, 284).
  const measured =
    kind.resultField === 'maxSpeed' &&
    r.maxSpeed !== null &&
    r.maxSpeedPlusMinus !== null &&
    r.maxSpeedPlusMinus !== undefined;
  // A kind in kind_receipts links to its own receipt page (its entry's `receiptPage`).
  const kindReceiptUrl = kindResult && kind.receiptPage ? `${w.appUrl}${kind.receiptPage}/${r.id}` : null;
  const receiptUrl = kindReceiptUrl ?? `${w.appUrl}/receipts/${r.id}`;
  const result =
    kind.resultField === null
      ? `${kind.metricLabel ?? kind.label}: ${
          kindResult
            ? formatKindResult(kind, kindResult.value, kindResult.plusMinus, kindResult.methodLabel)
            : 'see the player card'
        }`
      : kind.resultField === 'igaScore'
        ? `${kind.label}: ${r.igaScore?.toFixed(1)} (analyst assessment)`
        : `Max Speed: ${measured ? `${formatSpeed(r.maxSpeed!, r.maxSpeedPlusMinus)} (${r.methodLabel})` : `${r.maxSpeed?.toFixed(1)} mph`}`;
  const withReceipt = measured || kindReceiptUrl !== null;
  const receipt = withReceipt
    ? `\n\nHow it was measured, frame by frame (the evidence receipt):\n${receiptUrl}`
    : '';
  const receiptHtml = withReceipt
    ? `<p><a href="${receiptUrl}">See how it was measured (evidence receipt)</a></p>`
    : '';
  const subject = `${w.playerName}'s verified ${kindName(r.requestType)} is ready`;
  const intro = `The ${kindName(r.requestType)} analysis for ${w.playerName} (season ${r.season}) is complete.`;
  return {
    to: w.to,
    subject,
    text: `Hi ${w.firstName ?? 'there'},\n\n${intro}\n\n${result}${receipt}\n\nSee the results and the video on the player card:\n${url}\n\n${facts.text}`,
    html: `<p>Hi ${escapeHtml(w.firstName ?? 'there')},</p><p>${escapeHtml(intro)}</p><p><strong>${escapeHtml(result)}</strong></p>${receiptHtml}<p><a href="${url}">Open the player card</a></p>${facts.html}`,
  };
}

export function rejectedMail(
  w: Who,
  r: RequestFacts & { reason: string; comment: string; refunded: boolean },
): Mail {
  const facts = requestFacts(w, r);
  const url = `${w.appUrl}/players/${w.playerId}`;
  const credit = r.refunded
    ? `Your ${analysisKind(r.requestType).credit.noun} has been returned to your account.`
    : '';
  const intro = `We could not complete the ${kindName(r.requestType)} analysis for ${w.playerName}.`;
  return {
    to: w.to,
    subject: `Your ${kindName(r.requestType)} request for ${w.playerName} could not be completed`,
    text: `Hi ${w.firstName ?? 'there'},\n\n${intro}\n\nReason: ${r.reason}\nAnalyst's note: ${r.comment}\n\n${credit}\nYou can send a new request from the player card:\n${url}\n\n${facts.text}`,
    html: `<p>Hi ${escapeHtml(w.firstName ?? 'there')},</p><p>${escapeHtml(intro)}</p><p>Reason: ${escapeHtml(r.reason)}<br>Analyst's note: ${escapeHtml(r.comment)}</p><p>${escapeHtml(credit)}</p><p><a href="${url}">Open the player card</a></p>${facts.html}`,
  };
}

/** A measured result outside what players run: the family learns it is being confirmed, not its number (decision 198). */
export function heldMail(w: Who, r: RequestFacts): Mail {
  const facts = requestFacts(w, r);
  const intro = `The Max Speed of ${w.playerName} has been measured. The result is outside what players usually run, so a second analyst measures the video again before it is shown as verified.`;
  const after =
    'We will email you when it is confirmed; nothing is shown on the player card, the leaderboard or the public profile until then.';
  return {
    to: w.to,
    subject: `${w.playerName}'s Max Speed is being confirmed by a second analyst`,
    text: `Hi ${w.firstName ?? 'there'},\n\n${intro}\n\n${after}\n\n${facts.text}`,
    html: `<p>Hi ${escapeHtml(w.firstName ?? 'there')},</p><p>${escapeHtml(intro)}</p><p>${escapeHtml(after)}</p>${facts.html}`,
  };
}
