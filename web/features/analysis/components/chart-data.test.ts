import { describe, expect, it } from 'vitest';
import type { RequestSubmetric } from '@contract/analysis';
import type { Video } from '@contract/videos';
import {
  cardMetrics,
  igaSeries,
  latestIga,
  latestSpeed,
  seasonsAxis,
  speedSeries,
  usableVideos,
} from './chart-data';
import { aVideo } from '@/test/data';

// Not parsed: a test below hands in a numeric column as the string the database sends.
const base = aVideo({
  playerId: 1,
  positionId: 5,
  positionKey: 'WR',
  season: 2024,
  createdAt: '2024-09-01T00:00:00Z',
});
const video = (o: Partial<Video>): Video => ({ ...base, ...o });

const sub = (o: Partial<RequestSubmetric>): RequestSubmetric => ({
  id: 1,
  submetricName: 'Max Speed',
  submetricKey: 'MS',
  value: 20,
  percentile: 50,
  unit: 'mph',
  decimals: 1,
  ...o,
});

describe('chart data', () => {
  it('covers five seasons ending with the graduation year', () => {
    expect(seasonsAxis(2027)).toEqual([2023, 2024, 2025, 2026, 2027]);
  });

  it('plots the fastest speed per season, taking the MS submetric when the video has none', () => {
    const vids = [
      video({ id: 1, maxSpeed: 19.5 }),
      video({ id: 2, maxSpeed: 21.2 }),
      video({ id: 3, season: 2025, analysisRequestId: 9 }),
    ];
    const ms = new Map([[9, sub({ value: 22.4 })]]);
    expect(speedSeries(vids, [2024, 2025, 2026], ms)).toEqual([
      { season: 2024, value: 21.2 },
      { season: 2025, value: 22.4 },
      { season: 2026, value: null },
    ]);
  });

  it('keeps one IGA point per season, the latest by video id, even when it is lower', () => {
    const vids = [video({ id: 4, igaScore: 82 }), video({ id: 7, igaScore: '78.5' as unknown as number })];
    expect(igaSeries(vids, [2024])).toEqual([{ season: 2024, value: 78.5 }]);
  });

  it('chooses the latest results by createdAt and gives the speed percentile from the MS submetric', () => {
    const vids = [
      video({ id: 9, maxSpeed: 20, createdAt: '2023-01-01T00:00:00Z', analysisRequestId: 1 }),
      video({ id: 2, maxSpeed: 18, createdAt: '2025-01-01T00:00:00Z', analysisRequestId: 2 }),
      video({ id: 3, igaScore: 70, createdAt: '2024-01-01T00:00:00Z' }),
      video({ id: 8, igaScore: 90, createdAt: '2022-01-01T00:00:00Z' }),
    ];
    const ms = new Map([[2, sub({ percentile: 77 })]]);
    expect(latestSpeed(vids, ms)).toMatchObject({ value: 18, percentile: 77 });
    expect(latestIga(vids)?.value).toBe(70);
  });

  it('uses ready videos of the chosen position only', () => {
    const vids = [video({ id: 1 }), video({ id: 2, status: 'pending' }), video({ id: 3, positionId: 6 })];
    expect(usableVideos(vids, 5).map((v) => v.id)).toEqual([1]);
    expect(usableVideos(vids, null).map((v) => v.id)).toEqual([1, 3]);
  });

  it('drops the overall IGA items and duplicates from the metrics card', () => {
    const items = [
      sub({ id: 1, submetricName: 'IGA Score', submetricKey: 'IGA' }),
      sub({ id: 2, submetricName: 'Overall', submetricKey: 'iga_score' }),
      sub({ id: 3, submetricName: 'Burst', submetricKey: 'burst_10' }),
      sub({ id: 4, submetricName: 'Burst', submetricKey: 'other' }),
      sub({ id: 5, submetricName: 'Burst 2', submetricKey: 'burst_10' }),
      sub({ id: 6, submetricName: 'Separation', submetricKey: 'separation' }),
    ];
    expect(cardMetrics(items).map((m) => m.id)).toEqual([3, 6]);
  });
});
