import { analysisKinds, creditKinds, type AnalysisKind, type CreditKind } from './analysis-kinds';

/**
 * One name per credit (issue 52): each balance is named for what it buys, from the kinds registry (the
 * kinds that spend it), so a kind that starts spending a balance is named with it everywhere at once.
 */

/** A kind as a balance's list names it: 'Max Speed' (the registry's label, 'Verified ' left out). */
export const kindShortName = (kind: Pick<AnalysisKind, 'label'>) => kind.label.replace(/^Verified /, '');

/** 'a verified Max Speed': what a ready clip is ready for. */
export const verifiedName = (kind: Pick<AnalysisKind, 'label'>) => `a verified ${kindShortName(kind)}`;

/** 'Speed credits', 'IGA credits': the balance's name ('speed analysis credit' -> 'Speed credits'). */
export function creditName(credit: Pick<CreditKind, 'noun'>) {
  const one = credit.noun.replace(/ analysis credit$/, ' credit');
  return `${one.charAt(0).toUpperCase()}${one.slice(1)}s`;
}

/** 'Max Speed or ...', 'IGA Score': what one credit of the balance buys (the kinds' short names). */
export function creditBuys(credit: Pick<CreditKind, 'key'>) {
  const names = analysisKinds()
    .filter((k) => k.credit.key === credit.key)
    .map(kindShortName);
  return names.length < 2
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}

/** 'Speed credits: Max Speed or 40': a balance named for what it buys. */
export const creditWithUse = (credit: Pick<CreditKind, 'key' | 'noun'>) =>
  `${creditName(credit)}: ${creditBuys(credit)}`;

/**
 * The plans page's line under its specified subtitle: 'A Max Speed credit also buys a verified 40.' (the
 * other kinds that spend the balance of `kindKey`); null when none does.
 */
export function alsoBuys(kindKey: string) {
  const kind = analysisKinds().find((k) => k.key === kindKey);
  if (!kind) return null;
  const others = analysisKinds().filter((k) => k.key !== kindKey && k.credit.key === kind.credit.key);
  if (others.length === 0) return null;
  const names = others.map(verifiedName);
  const list = names.length < 2 ? names[0] : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
  return `A ${kind.credit.label} credit also buys ${list}.`;
}

/**
 * What a plan or package grants, each balance named for what it buys (checkout, issue 52): 'Includes 1
 * Speed credit (Max Speed, ...).' Empty when it grants none (the kinds' short names).
 */
export function grantsInWords(amounts: Record<string, number>) {
  const parts = creditKinds()
    .filter((c) => (amounts[c.key] ?? 0) > 0)
    .map((c) => {
      const n = amounts[c.key];
      const name = creditName(c);
      return `${n} ${n === 1 ? name.replace(/s$/, '') : name} (${creditBuys(c)})`;
    });
  return parts.length ? `Includes ${parts.join(' and ')}.` : '';
}
