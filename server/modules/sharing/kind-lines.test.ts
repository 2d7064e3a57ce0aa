import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { analysisKind, registerAnalysisKind } from '../../../contract/analysis-kinds';
import type { PublicProfile } from '../../../contract/sharing';
import type { Storage } from '../../lib/storage';
import { renderRecruitingSheet } from './recruiting-sheet';
import { shareImageSvg } from './share-image';

// A test-only fifth kind beside the vertical jump: the sheet and the image loop over the shown kinds.
let unregister: () => void;
beforeEach(() => {
  unregister = registerAnalysisKind({
    ...analysisKind('vertical_jump'),
    key: 'broad_jump',
    label: 'Verified Broad Jump',
    metricLabel: 'Broad jump',
    search: undefined,
    filmed: undefined,
  });
});
afterEach(() => unregister());

const kindResult = (kind: string, label: string, text: string, requestId: number) => ({
  kind,
  label,
  text,
  method: text.split(', ').slice(1).join(', '),
  date: '2026-05-02T12:00:00.000Z',
  season: 2026,
  receiptPath: `/p/jordan-smith-k3/kind-receipts/${requestId}`,
});

const profile: PublicProfile = {
  name: 'Jordan Smith',
  photoUrl: null,
  classYear: 2027,
  positions: ['WR'],
  school: null,
  level: null,
  height: null,
  weight: null,
  maxSpeed: null,
  forty: null,
  kindResults: [
    kindResult(
      'vertical_jump',
      'Verified Vertical Jump',
      '26.4 in ± 0.3, verified vertical, video 240 fps',
      41,
    ),
    kindResult('broad_jump', 'Verified Broad Jump', '110.0 in ± 0.5, verified broad, video 120 fps', 42),
  ],
  iga: null,
  percentiles: [],
  hudlUrl: null,
  academics: null,
  twitter: null,
  instagram: null,
  facebook: null,
};

const noStorage = {} as Storage;

describe("the recruiting sheet and the share image show every shown kind's result (decision 263)", () => {
  it("the sheet names each kind's result, its season and its receipt", async () => {
    const pdf = await renderRecruitingSheet(
      noStorage,
      profile,
      'http://localhost:5000/p/jordan-smith-k3',
      null,
    );
    const dir = mkdtempSync(path.join(tmpdir(), 'va-kinds-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    writeFileSync(path.join(dir, 's.pdf'), pdf);
    const text = execFileSync('pdftotext', [path.join(dir, 's.pdf'), '-']).toString();
    expect(text).toContain('VERTICAL JUMP (VERIFIED VERTICAL JUMP)');
    expect(text).toContain('26.4 in ± 0.3, verified vertical, video 240 fps');
    expect(text).toContain('Receipt: http://localhost:5000/p/jordan-smith-k3/kind-receipts/41');
    expect(text).toContain('BROAD JUMP (VERIFIED BROAD JUMP)');
    expect(text).toContain('110.0 in ± 0.5, verified broad, video 120 fps');
  });

  it('the image has a line per kind: its name, the value with its ± and the method, three lines at most', () => {
    const svg = shareImageSvg(profile);
    expect(svg).toContain(
      'Vertical jump <tspan font-weight="bold" fill="#ffffff">26.4 in ± 0.3</tspan> <tspan font-size="22" fill="#94a3b8">verified vertical, video 240 fps</tspan>',
    );
    expect(svg).toContain('Broad jump <tspan font-weight="bold" fill="#ffffff">110.0 in ± 0.5</tspan>');
    const many = { ...profile, kindResults: [...profile.kindResults, ...profile.kindResults] };
    expect(shareImageSvg(many).match(/font-size="34"/g)).toHaveLength(3);
  });
});
