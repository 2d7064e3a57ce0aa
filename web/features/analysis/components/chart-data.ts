import type { RequestSubmetric } from '@contract/analysis';
import type { Video } from '@contract/videos';

export const SPEED_AXIS = { min: 0, max: 30, ticks: [0, 5, 10, 15, 20, 25, 30] };
export const IGA_AXIS = { min: 50, max: 100, ticks: [50, 60, 70, 80, 90, 100] };
export const IGA_TIERS = [
  { label: 'Power 4', from: 90, to: 100, color: '#16a34a' },
  { label: 'Group of 5', from: 80, to: 90, color: '#2563eb' },
  { label: 'FCS', from: 70, to: 80, color: '#9333ea' },
  { label: 'D2', from: 60, to: 70, color: '#ea580c' },
  { label: 'Below D2', from: 50, to: 60, color: '#6b7280' },
] as const;

const num = (v: unknown) =>
  v === null || v === undefined || v === '' || Number.isNaN(Number(v)) ? null : Number(v);
const time = (v: Pick<Video, 'createdAt'>) => new Date(v.createdAt).getTime();

/** Five seasons ending with the graduation year. */
export const seasonsAxis = (graduationYear: number) =>
  Array.from({ length: 5 }, (_, i) => graduationYear - 4 + i);

/** Ready videos of the chosen position (all positions when none is chosen). */
export const usableVideos = (videos: Video[] | undefined, positionId?: number | null) =>
  (videos ?? []).filter((v) => v.status === 'ready' && (!positionId || v.positionId === positionId));

/** A video's max speed: its own field, else the MS submetric of its analysis. */
function speedOf(v: Video, ms: Map<number, RequestSubmetric>) {
  return num(v.maxSpeed) ?? (v.analysisRequestId ? num(ms.get(v.analysisRequestId)?.value) : null);
}

export interface Point {
  season: number;
  value: number | null;
}

/** The fastest verified speed of each season on the axis. */
export function speedSeries(videos: Video[], seasons: number[], ms: Map<number, RequestSubmetric>): Point[] {
  return seasons.map((season) => {
    const values = videos
      .filter((v) => v.season === season)
      .map((v) => speedOf(v, ms))
      .filter((x): x is number => x !== null);
    return { season, value: values.length ? Math.max(...values) : null };
  });
}

/** One IGA point per season: the latest analysis (highest video id) of that season. */
export function igaSeries(videos: Video[], seasons: number[]): Point[] {
  return seasons.map((season) => {
    const latest = videos
      .filter((v) => v.season === season && num(v.igaScore) !== null)
      .sort((a, b) => b.id - a.id)[0];
    return { season, value: latest ? num(latest.igaScore) : null };
  });
}

export function latestSpeed(videos: Video[], ms: Map<number, RequestSubmetric>) {
  const v = [...videos].filter((x) => speedOf(x, ms) !== null).sort((a, b) => time(b) - time(a))[0];
  if (!v) return null;
  const percentile = v.analysisRequestId ? (ms.get(v.analysisRequestId)?.percentile ?? null) : null;
  return { video: v, value: speedOf(v, ms)!, percentile };
}

/** The latest IGA video, chosen by createdAt. */
export function latestIga(videos: Video[]) {
  const v = [...videos].filter((x) => num(x.igaScore) !== null).sort((a, b) => time(b) - time(a))[0];
  return v ? { video: v, value: num(v.igaScore)! } : null;
}

const isIgaItem = (m: Pick<RequestSubmetric, 'submetricName' | 'submetricKey'>) =>
  m.submetricName === 'IGA Score' || m.submetricKey === 'IGA' || m.submetricKey === 'iga_score';

/** The metrics card: de-duplicated by name and by key, without the overall IGA score. */
export function cardMetrics(items: RequestSubmetric[] | undefined) {
  const names = new Set<string>();
  const keys = new Set<string>();
  return (items ?? []).filter((m) => {
    if (isIgaItem(m) || names.has(m.submetricName) || keys.has(m.submetricKey)) return false;
    names.add(m.submetricName);
    keys.add(m.submetricKey);
    return true;
  });
}

export const highest = (values: (number | null)[]) =>
  values.reduce<number | null>((m, x) => (x !== null && (m === null || x > m) ? x : m), null);
