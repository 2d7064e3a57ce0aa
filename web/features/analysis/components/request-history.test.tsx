import { describe, expect, it } from 'vitest';
import type { RequestHistoryItem } from '@contract/request-history';
import { historyResult } from './request-history';

const item = (over: Partial<RequestHistoryItem>): RequestHistoryItem => ({
  id: 1,
  requestType: 'max_speed',
  status: 'completed',
  season: 2026,
  positionName: null,
  createdAt: '2026-05-01T12:00:00.000Z',
  completedAt: '2026-05-02T12:00:00.000Z',
  maxSpeed: null,
  maxSpeedPlusMinus: null,
  igaScore: null,
  rejectionReason: null,
  analystComment: null,
  creditRefunded: false,
  resultText: null,
  resultPath: null,
  sourceVideoId: null,
  ...over,
});

describe("the request history's result, written from the kind's entry", () => {
  it('writes a Max Speed with its unit and bound, as every screen writes a speed', () => {
    expect(historyResult(item({ maxSpeed: 22.34, maxSpeedPlusMinus: 0.46 }))).toBe('22.3 mph ± 0.5');
    expect(historyResult(item({ maxSpeed: 21 }))).toBe('21.0 mph');
  });

  it('writes an IGA score after its name, having no unit, and never reads the speed field for it', () => {
    expect(historyResult(item({ requestType: 'iga', igaScore: 85, maxSpeed: 20 }))).toBe('IGA Score 85.0');
    expect(historyResult(item({ requestType: 'iga', maxSpeed: 20 }))).toBeNull();
  });

  it("takes a later kind's text as sent, and shows nothing before the request is completed", () => {
    const text = '26.4 in ± 0.3, verified vertical, video 240 fps';
    expect(historyResult(item({ requestType: 'vertical_jump', resultText: text }))).toBe(text);
    expect(historyResult(item({ requestType: 'vertical_jump' }))).toBeNull();
    expect(historyResult(item({ status: 'pending', maxSpeed: 22 }))).toBeNull();
  });
});
