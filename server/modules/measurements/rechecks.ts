import type { FastifyInstance } from 'fastify';
import { analysisKinds } from '../../../contract/analysis-kinds';
import type { Mail } from '../../lib/mailer';

/** Who a player's family is, for a mail (the analysis module's notifyOwner gives it). */
export interface FamilyOf {
  to: string;
  firstName: string | null;
  playerName: string;
  playerId: number;
  appUrl: string;
}
export type TellFamily = (playerId: number, build: (who: FamilyOf) => Mail) => Promise<void>;

export interface RecheckOutcome {
  checked: number;
  held: { requestId: number; kind?: string; reasons: string[] }[];
}

/** A kind's re-check of its stored results under its current rules (decision 241). */
export type KindRecheck = (app: FastifyInstance, tell: TellFamily) => Promise<RecheckOutcome>;

const rechecks = new Map<string, KindRecheck>();

/**
 * A kind's module offers its re-check here when it loads (decision 269), so the admin's re-check runs every
 * kind's without naming one.
 */
export function registerRecheck(kind: string, recheck: KindRecheck) {
  rechecks.set(kind, recheck);
}

/** Every registered kind's re-check, in the registry's order; each held result names its kind. */
export async function runKindRechecks(app: FastifyInstance, tell: TellFamily): Promise<RecheckOutcome> {
  const outcome: RecheckOutcome = { checked: 0, held: [] };
  for (const kind of analysisKinds()) {
    const recheck = rechecks.get(kind.key);
    if (!recheck) continue;
    const one = await recheck(app, tell);
    outcome.checked += one.checked;
    outcome.held.push(...one.held.map((h) => ({ ...h, kind: kind.key })));
  }
  return outcome;
}
