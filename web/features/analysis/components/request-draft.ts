/**
 * What a family typed into a request dialog before it went to buy a credit (issue 52): kept in the tab's
 * sessionStorage, so the plans page can offer 'Continue your request for <player>' after checkout (which
 * returns to /subscriptions) and reopen the dialog with it. Nothing of it is sent until the family submits.
 */
export interface RequestDraft {
  /** The request's kind's key in the registry. */
  kind: string;
  playerId: number;
  playerName: string;
  /** The form's values as the family left them (the clip chosen included). */
  values: Record<string, unknown>;
}

const KEY = 'va.request-draft';

export function saveRequestDraft(draft: RequestDraft) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(draft));
  } catch {
    // Storage full or refused (private mode): the family types it again, as before.
  }
}

export function readRequestDraft(): RequestDraft | null {
  try {
    const d = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Partial<RequestDraft> | null;
    if (
      !d ||
      typeof d.kind !== 'string' ||
      typeof d.playerId !== 'number' ||
      typeof d.playerName !== 'string'
    )
      return null;
    return { kind: d.kind, playerId: d.playerId, playerName: d.playerName, values: d.values ?? {} };
  } catch {
    return null;
  }
}

export function clearRequestDraft() {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing was kept.
  }
}
