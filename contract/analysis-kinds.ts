/**
 * The analysis kinds (decision 203): everything that differs between a Max Speed, an IGA score and any
 * kind that comes next lives in one entry here, read by the server, the web and the tests. Adding a kind
 * is an entry here plus its measurement (its server completion handler) and its request form
 * (`REQUEST_FORMS` in analysis-forms.ts); the decision lists what else. The table holds no schema: the
 * player card reads it, and a form's schema loads with the form (decision 234).
 */

/** The balance a kind spends. Two kinds may share one (a decision of the plans). */
export interface CreditKind {
  key: string;
  /** The user answer's field carrying this balance (the specification's names: `credits`, `igaCredits`). */
  userField: string;
  /** How the balance is named in the negative-balance message ('Max Speed -1'). */
  label: string;
  /** One credit of it in a sentence ('speed analysis credit'). */
  noun: string;
  /** The 402 text when the balance is below one. */
  noCredit: string;
  /** The title of the web's notice for that 402. */
  noCreditTitle: string;
  /** The ledger's field for this balance in exports (specification: `amount`; then `igaAmount`). */
  ledgerField: string;
  /** The plan's field granting this balance each year or purchase (specification: `maxSpeedVideosPerYear`, `igaPerYear`). */
  planField: string;
}

export interface AnalysisKind {
  /** The request's `requestType`. */
  key: string;
  /** 'Max Speed', 'IGA Score': the queue, history and mails. */
  label: string;
  /** The leaderboard's and the stats' name of the result ('40-yard dash'); the label when absent. */
  metricLabel?: string;
  /** The leaderboard's metric choice when shorter than the metric label ('IGA'); the metric label when absent. */
  metricChoice?: string;
  /** The unit the result is written in ('mph'; '' for a score). */
  unit: string;
  /** Which results rank first. */
  direction: 'higher' | 'lower';
  /** Decimals the result is stored and shown with. */
  decimals: number;
  /** Said after the method where a page states it: the 40's 'electronic-style video time, not a hand time'. */
  methodNote?: string;
  /** The method is written in parentheses after the value ('4.62 s ± 0.01 (verified 40, ...)'), not after a comma. */
  methodInParentheses?: boolean;
  /** The public page's link to the result's receipt ('Receipt: the marked frames' when absent). */
  receiptLinkText?: string;
  credit: CreditKind;
  /** 'max speed analysis request': the ledger's spend and refund descriptions. */
  requestNoun: string;
  /** The stored per-metric result key (submetrics.key) holding the headline value. */
  metricKey: string;
  /** The leaderboard's metric for this kind's results. */
  leaderboardMetric: string;
  /**
   * The request and video answers' field carrying the headline result, for the kinds the specification
   * names (`maxSpeed`, `igaScore`); null for later kinds, whose result is read from the results table.
   * A kind with a field of its own is not listed by kind (`listedByKind`): Max Speed's receipts are in
   * kind_receipts with their revisions (decision 284), but its result is shown through its own fields.
   */
  resultField: 'maxSpeed' | 'igaScore' | null;
  /** How the result is obtained: measured on the video by frame marks, or scored by the analyst. */
  measurement: 'video-marks' | 'analyst-scored';
  /** The pending-count field names of `GET /api/players/{id}/pending-requests` (specification). */
  pendingFields: [string, string] | null;
  /**
   * The coach search's names for a kind whose best result is read from `coach_search_results` (decision
   * 243): the answer's field and its value and bound fields, the filter (a bound on the best result, `min`
   * for a higher-is-better kind) with its label and range, the sort's label (the sort's key is the kind's
   * key). Max Speed, IGA and the 40 keep the names the search had before (`maxSpeed`, `minSpeedMph`, ...).
   */
  search?: KindSearch;
  /** The web's receipt screen of a result kept in kind_receipts: '/vertical-receipts' + '/' + request id. */
  receiptPage?: string;
  /**
   * The public page's path segment of the kind's receipts (`/p/{slug}/forty-receipts/{id}`) for a kind whose
   * links were sent before it moved into kind_receipts (decision 269); others use `kind-receipts`.
   */
  publicReceiptSegment?: string;
  /**
   * The public profile's own field of the kind, kept beside `kindResults` for the clients that read it
   * before the kind moved into kind_receipts (the 40's `forty`, decision 269).
   */
  profileField?: string;
  /**
   * A kind measured from the frames of a clip the family uploads with the request (decision 263): the
   * words of its request dialog and form and of the analyst's completion, read by one generic dialog,
   * form and completion for every such kind.
   */
  filmed?: FilmedKind;
}

export interface FilmedKind {
  /** The form's element ids ('forty' gives 'forty-clip', 'forty-season', ...). */
  idPrefix: string;
  /** What is filmed: 'the 40' ('The clip of the 40', 'How to film the 40'). */
  subject: string;
  /** The dialog's description, before the credit it uses. */
  intro: string;
  /** How to film a clip that can be verified, said before the family uploads. */
  filming: string[];
  /** The request form's message for a missing clip. */
  clipRequired: string;
  /** The form's message when the clip's check fails; `{problems}` is replaced by what the check found. */
  clipNotReady: string;
  /** The completion's message while no marks are confirmed: the result is measured, not typed. */
  measurementRequired: string;
}

export interface KindSearch {
  field: string;
  valueField: string;
  plusMinusField: string;
  filter: string;
  filterLabel: string;
  filterRange: [number, number];
  /** The hint in the web's empty filter field ('Any height'; 'Any value' when absent). */
  filterPlaceholder?: string;
  sortLabel: string;
  /**
   * How the column links its receipt: the request's id (`requestId`, decision 243) or the coach's receipt
   * page (`receiptUrl`, the 40's column as it was before decision 269).
   */
  link?: 'requestId' | 'receiptUrl';
}

export const SPEED_CREDIT: CreditKind = {
  key: 'max_speed',
  userField: 'credits',
  label: 'Max Speed',
  noun: 'speed analysis credit',
  noCreditTitle: 'Insufficient Speed Analysis Credits',
  noCredit: 'You need at least 1 speed analysis credit to request a speed analysis. Please purchase credits.',
  planField: 'maxSpeedVideosPerYear',
  ledgerField: 'amount',
};

export const IGA_CREDIT: CreditKind = {
  key: 'iga',
  userField: 'igaCredits',
  label: 'IGA',
  noun: 'IGA credit',
  noCreditTitle: 'Insufficient IGA Credits',
  noCredit: 'You need at least 1 IGA credit to request an IGA score analysis. Please purchase credits.',
  planField: 'igaPerYear',
  ledgerField: 'igaAmount',
};

const BUILT_IN: AnalysisKind[] = [
  {
    key: 'max_speed',
    label: 'Max Speed',
    metricLabel: 'Max Speed',
    unit: 'mph',
    direction: 'higher',
    decimals: 1,
    credit: SPEED_CREDIT,
    requestNoun: 'max speed analysis request',
    metricKey: 'MS',
    leaderboardMetric: 'max_speed',
    resultField: 'maxSpeed',
    measurement: 'video-marks',
    pendingFields: ['speed', 'speedPendingCount'],
  },
  {
    key: 'iga',
    label: 'IGA Score',
    metricLabel: 'IGA Score',
    metricChoice: 'IGA',
    unit: '',
    direction: 'higher',
    decimals: 1,
    credit: IGA_CREDIT,
    requestNoun: 'IGA score analysis request',
    metricKey: 'IGA',
    leaderboardMetric: 'iga_score',
    resultField: 'igaScore',
    measurement: 'analyst-scored',
    pendingFields: ['iga', 'igaPendingCount'],
  },
  {
    // Decision 209: paid with the speed analysis credit (same analyst work, same price; plans unchanged).
    key: 'forty',
    label: 'Verified 40',
    metricLabel: '40-yard dash',
    unit: 's',
    direction: 'lower',
    decimals: 2,
    methodInParentheses: true,
    methodNote: 'electronic-style video time, not a hand time',
    receiptLinkText: 'Receipt: start, finish and lines',
    credit: SPEED_CREDIT,
    requestNoun: 'verified 40 analysis request',
    metricKey: 'FORTY',
    leaderboardMetric: 'forty',
    resultField: null,
    measurement: 'video-marks',
    pendingFields: null,
    receiptPage: '/forty-receipts',
    publicReceiptSegment: 'forty-receipts',
    profileField: 'forty',
    // The search's names as they were before the 40 moved into kind_receipts (decision 269).
    search: {
      field: 'forty',
      valueField: 'seconds',
      plusMinusField: 'plusMinusSeconds',
      filter: 'maxFortySeconds',
      filterLabel: '40 at most',
      filterRange: [4, 10],
      filterPlaceholder: 'Any time',
      sortLabel: '40-yard dash',
      link: 'receiptUrl',
    },
    filmed: {
      idPrefix: 'forty',
      subject: 'the 40',
      intro:
        'An analyst times the 40-yard dash on your video, frame by frame, from the first movement to the torso crossing the finish line.',
      // Issue 28.
      filming: [
        'Phone on a tripod or held still at the 20-yard line, 10-15 yards to the side.',
        'The whole 40 yards in view (or at least the start and the finish lines).',
        'The highest frame rate the phone has: slow motion, 120 or 240 fps.',
        'The start and finish lines marked: cones or a painted line.',
        'The runner in a three-point or two-point stance.',
        'A single continuous take.',
      ],
      clipRequired: 'Upload the clip of the 40 with the request',
      clipNotReady:
        'This clip cannot give a verified 40 (what is missing is listed below). Upload a clip filmed as the guide says.',
      measurementRequired:
        'Mark the start, the finish and the lines on the video: a verified 40 is measured, not typed',
    },
  },
  {
    // Decision 243: paid with the speed analysis credit, as the 40 is (a clip timed on the same workbench;
    // plans unchanged). The dialog names the credit it spends.
    key: 'vertical_jump',
    label: 'Verified Vertical Jump',
    metricLabel: 'Vertical jump',
    unit: 'in',
    direction: 'higher',
    decimals: 1,
    credit: SPEED_CREDIT,
    requestNoun: 'verified vertical jump analysis request',
    metricKey: 'VJ',
    leaderboardMetric: 'vertical_jump',
    resultField: null,
    measurement: 'video-marks',
    pendingFields: null,
    receiptPage: '/vertical-receipts',
    search: {
      field: 'verticalJump',
      valueField: 'inches',
      plusMinusField: 'plusMinusInches',
      filter: 'minVerticalInches',
      filterLabel: 'Vertical jump at least',
      filterRange: [0, 60],
      filterPlaceholder: 'Any height',
      sortLabel: 'Vertical jump',
    },
    filmed: {
      idPrefix: 'vertical',
      subject: 'the jump',
      intro:
        'An analyst marks the take-off and the landing on your video, frame by frame; the height comes from the time in the air (flight time).',
      // Issue 51.
      filming: [
        'Phone on the ground or on a tripod at hip height, 2-3 m to the side of the jumper.',
        'Both feet in view from before the take-off to after the landing.',
        'The highest frame rate the phone has: 120 or 240 fps (slow motion).',
        'Knees straight at the landing: a jumper who tucks the legs reads high.',
        'Hands on the hips for a countermovement jump.',
      ],
      clipRequired: 'Upload the clip of the jump with the request',
      clipNotReady: 'This clip is not ready for a verified vertical jump: {problems}',
      measurementRequired:
        'Mark the take-off and the landing on the video: a verified vertical jump is measured, not typed',
    },
  },
];

const registry = new Map<string, AnalysisKind>(BUILT_IN.map((k) => [k.key, k]));

/** The ledger's description of a spend: 'Max speed analysis request'. */
export const spendDescription = (kind: AnalysisKind) =>
  kind.requestNoun.charAt(0).toUpperCase() + kind.requestNoun.slice(1);

/** Every kind, built-in first, in the order they were registered. */
export const analysisKinds = (): AnalysisKind[] => [...registry.values()];

/**
 * Whether a kind's results are listed by kind (the profiles' `kindResults`, the card's tiles, the history's
 * result text, the export's `kindReceipts`, the coach search's `coach_search_results`): every kind but those
 * whose result the specification's own fields carry (`resultField`: Max Speed's `maxSpeed`, decision 284).
 */
export const listedByKind = (kind: AnalysisKind) => kind.resultField === null;

export const findAnalysisKind = (key: string | null | undefined) => (key ? registry.get(key) : undefined);

/** The kind of a stored request (its type was checked when it was created). */
export function analysisKind(key: string): AnalysisKind {
  const kind = registry.get(key);
  if (!kind) throw new Error(`Unknown analysis kind '${key}'`);
  return kind;
}

/**
 * The kind whose result the specification keeps in a field of its own (`maxSpeed`, `igaScore`: the
 * request's, the video's and the public profile's): how code reaches Max Speed and IGA by the names the
 * specification fixes, not by their keys (issue 51).
 */
export function kindOfResultField(field: 'maxSpeed' | 'igaScore'): AnalysisKind {
  const kind = analysisKinds().find((k) => k.resultField === field);
  if (!kind) throw new Error(`No analysis kind keeps its result in '${field}'`);
  return kind;
}

/** The kind ranked on a leaderboard metric. */
export const kindOfMetric = (metric: string) => analysisKinds().find((k) => k.leaderboardMetric === metric);

/**
 * A result as every screen writes it, from the kind's unit and decimals: '26.4 in ± 0.3, verified
 * vertical, video 240 fps' (the kinds whose evidence is in kind_receipts; decision 243).
 */
export function formatKindResult(
  kind: Pick<AnalysisKind, 'unit' | 'decimals' | 'methodInParentheses'>,
  value: number,
  plusMinus?: number | null,
  method?: string | null,
) {
  const unit = kind.unit ? ` ${kind.unit}` : '';
  const pm = plusMinus === null || plusMinus === undefined ? '' : ` ± ${plusMinus.toFixed(kind.decimals)}`;
  const how = !method ? '' : kind.methodInParentheses ? ` (${method})` : `, ${method}`;
  return `${value.toFixed(kind.decimals)}${unit}${pm}${how}`;
}

/** The value and its ± of a result's text written by `formatKindResult`, without the method. */
export const kindResultHeadline = (text: string, method: string) =>
  text.replace(` (${method})`, '').replace(`, ${method}`, '');

/** The method as a page states it, with the kind's note: 'verified 40, video 240 fps (electronic-style ...)'. */
export const kindMethodText = (kind: Pick<AnalysisKind, 'methodNote'> | undefined, method: string) =>
  kind?.methodNote ? `${method} (${kind.methodNote})` : method;

/** The kinds measured from the frames of a clip uploaded with the request, with their words (decision 263). */
export const filmedKinds = () =>
  analysisKinds().flatMap((k) => (k.filmed ? [{ ...k, filmed: k.filmed }] : []));

/** The words of a kind measured from a clip's frames. */
export function filmedKind(key: string): FilmedKind {
  const { filmed } = analysisKind(key);
  if (!filmed) throw new Error(`Analysis kind '${key}' is not measured from a clip's frames`);
  return filmed;
}

/** The kinds the coach search reads from `coach_search_results`, with their names there. */
export const searchKinds = () =>
  analysisKinds().flatMap((k) => (k.search ? [{ ...k, search: k.search }] : []));

/** The public page's receipt path segments: `kind-receipts`, then a kind's own kept one. */
export const publicReceiptSegments = () => [
  'kind-receipts',
  ...analysisKinds().flatMap((k) => (k.publicReceiptSegment ? [k.publicReceiptSegment] : [])),
];

/** Every balance a kind spends, once each (two kinds may share one). */
export function creditKinds(): CreditKind[] {
  const seen = new Map<string, CreditKind>();
  for (const k of registry.values()) if (!seen.has(k.credit.key)) seen.set(k.credit.key, k.credit);
  return [...seen.values()];
}

/** A balance per credit kind, as stored (`users.credit_balances`) and in ledger rows (`amounts`). */
export type CreditAmounts = Record<string, number>;

/** The user answer's credit fields (`credits`, `igaCredits`, ...) from the stored balances. */
export function creditFields(balances: CreditAmounts): Record<string, number> {
  return Object.fromEntries(creditKinds().map((c) => [c.userField, balances[c.key] ?? 0]));
}

/** A ledger row's amounts under the export's field names (`amount`, `igaAmount`). */
export function ledgerFields(amounts: CreditAmounts): Record<string, number> {
  return Object.fromEntries(creditKinds().map((c) => [c.ledgerField, amounts[c.key] ?? 0]));
}

/** The amounts of a grant written with the answer's field names (admin forms, the CLI, plans). */
export function amountsFromFields(fields: Record<string, number | undefined>): CreditAmounts {
  const amounts: CreditAmounts = {};
  for (const c of creditKinds()) {
    const n = fields[c.userField];
    if (n) amounts[c.key] = n;
  }
  return amounts;
}

/** What a plan or package grants, per credit kind. */
export function planAmounts(plan: object): CreditAmounts {
  const p = plan as Record<string, unknown>;
  const amounts: CreditAmounts = {};
  for (const c of creditKinds()) {
    const n = Number(p[c.planField] ?? 0);
    if (n) amounts[c.key] = n;
  }
  return amounts;
}

/**
 * Adds a kind for the life of a test (the generic paths are shown by a test-only kind; its request form
 * is added with `registerRequestForm`, analysis-forms.ts). Answers the function that removes it again.
 * Product code registers nothing at run time.
 */
export function registerAnalysisKind(kind: AnalysisKind): () => void {
  if (registry.has(kind.key)) throw new Error(`Analysis kind '${kind.key}' is already registered`);
  registry.set(kind.key, kind);
  return () => registry.delete(kind.key);
}
