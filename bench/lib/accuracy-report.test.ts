import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { nextSeed, ofCurrent, readRecords, refusedTable, saveRun, type SceneRecord } from './accuracy-report';

const dir = mkdtempSync(path.join(os.tmpdir(), 'accuracy-report-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// A section as runs before versions left it: a 13-cell run row and a record with no version, 0.5 mph off,
// kept in the scenes file.
const OLD_RECORD: SceneRecord = {
  seed: 1,
  kind: 'max-speed',
  rate: '60',
  tags: [],
  given: { mph: 20.5, plusMinus: 0.1, trueMph: 20, switchFrames: 0, trackedFrames: 100 },
};
const OLD = [
  '# Results',
  '',
  '<!-- accuracy:start -->',
  `| 2026-11-01 00:00 | 1 | 1-1 | 1 | 0/1 (0%) | 0/1 (0%) | 0.50 (max 0.50) | 0.10 | 0/1 (0%) | 0 |  |  |  |`,
  '<!-- accuracy:end -->',
  '',
].join('\n');

/** A RESULTS.md and its scenes file, as the earlier runs left them. */
function filesOf(name: string, results = OLD) {
  const files = { results: path.join(dir, `${name}.md`), scenes: path.join(dir, `${name}.jsonl`) };
  writeFileSync(files.results, results);
  writeFileSync(files.scenes, `${JSON.stringify(OLD_RECORD)}\n`);
  return files;
}

describe('the accuracy section', () => {
  it('sums only the records of the versions in the product, and keeps every run with its versions', () => {
    const files = filesOf('RESULTS');
    const now: SceneRecord = {
      seed: 2,
      kind: 'max-speed',
      rate: '60',
      tags: ['follows the guide'],
      version: 'tracker 9.9.9',
      given: { mph: 20.1, plusMinus: 0.2, trueMph: 20, switchFrames: 0, trackedFrames: 100 },
    };
    saveRun(files, { date: '2026-11-29 23:00', seeds: '2-2', records: [now], current: ['tracker 9.9.9'] });
    const text = readFileSync(files.results, 'utf8');
    // The earlier run keeps its row, now saying its version was not recorded; this run says its own.
    expect(text).toContain('| 2026-11-01 00:00 | 1 | 1-1 | 1 | 0/1 (0%) |');
    expect(text).toMatch(/\| 2026-11-01 00:00 \|.* \| not recorded \|\n/);
    expect(text).toMatch(
      /\| 2026-11-29 23:00 \| 1 \| 2-2 \| 1 \| 1\/1 \(100%\) \|.* \| tracker 9\.9\.9 \|\n/,
    );
    // The summed tables hold the current record alone: coverage 1/1, not 1/2.
    expect(text).toContain('(tracker 9.9.9: 1 scenes, seeds 2-2)');
    expect(text).toContain('1 scenes measured by other versions are counted in the Runs table only.');
    expect(text).toMatch(/\n\| all \| 1 \| 1\/1 \(100%\) \| 0\/1 \(0%\) \|/);
    expect(text).not.toMatch(/\n\| all \| 2 \|/);
    // Both records are kept in the scenes file, one JSON object a line, and none in RESULTS.md.
    expect(readRecords(files.scenes)).toEqual([OLD_RECORD, now]);
    expect(readFileSync(files.scenes, 'utf8')).toBe(
      `${JSON.stringify(OLD_RECORD)}\n${JSON.stringify(now)}\n`,
    );
    expect(text).not.toContain('accuracy-scene');
    expect(nextSeed(files.scenes)).toBe(3);
  });

  it('appends a new seed to the scenes file and replaces a seed run again, its run row written once', () => {
    const files = filesOf('RESULTS-append');
    const of = (seed: number, mph: number): SceneRecord => ({
      ...OLD_RECORD,
      seed,
      version: 'tracker 9.9.9',
      given: { ...OLD_RECORD.given!, mph },
    });
    const run = { date: '2026-12-03 09:00', seeds: '1-2', current: ['tracker 9.9.9'] };
    // Saved after each scene, as the benchmark does: seed 2 first (appended), then seed 1 again (replaced).
    saveRun(files, { ...run, records: [of(2, 20.02)] });
    expect(readRecords(files.scenes)).toEqual([OLD_RECORD, of(2, 20.02)]);
    saveRun(files, { ...run, records: [of(2, 20.02), of(1, 20.05)] });
    expect(readRecords(files.scenes)).toEqual([of(1, 20.05), of(2, 20.02)]);
    const text = readFileSync(files.results, 'utf8');
    expect(text.split('\n').filter((l) => l.startsWith('| 2026-12-03 09:00 |'))).toHaveLength(1);
    expect(text).toMatch(/\n\| all \| 2 \| 2\/2 \(100%\) \|/);
  });

  it('keeps a row for each of two runs started in the same minute, each save replacing its own', () => {
    const files = filesOf('RESULTS-same-minute');
    const of = (seed: number): SceneRecord => ({ ...OLD_RECORD, seed, version: 'tracker 9.9.9' });
    const current = ['tracker 9.9.9'];
    const a = { date: '2026-12-04 17:08', current };
    const b = { date: '2026-12-04 17:08', current };
    // Saved in turn after each scene, as two benchmarks running side by side do: each names the seeds it has
    // run so far.
    saveRun(files, { ...a, seeds: '2-2', records: [of(2)] });
    saveRun(files, { ...b, seeds: '4-4', records: [of(4)] });
    saveRun(files, { ...a, seeds: '2-3', records: [of(2), of(3)] });
    saveRun(files, { ...b, seeds: '4-5', records: [of(4), of(5)] });
    const rows = readFileSync(files.results, 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('| 2026-12-04 17:08 |'));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatch(/^\| 2026-12-04 17:08 \| 2 \| 2-3 \|/);
    expect(rows[1]).toMatch(/^\| 2026-12-04 17:08 \| 2 \| 4-5 \|/);
  });

  it('starts from seed 1 with no scenes file', () => {
    expect(nextSeed(path.join(dir, 'none.jsonl'))).toBe(1);
    expect(readRecords(path.join(dir, 'none.jsonl'))).toEqual([]);
  });

  it("counts only the current versions' records: tracker 2.9.0 measures differently from 2.8.0 (decision 302)", () => {
    const of = (version: string): SceneRecord => ({
      seed: 3,
      kind: 'max-speed',
      rate: '59.94',
      tags: [],
      version,
      given: OLD_RECORD.given,
    });
    const current = ['tracker 2.9.0', 'proposer 2.4.0'];
    expect(ofCurrent(of('tracker 2.9.0'), current)).toBe(true);
    expect(ofCurrent(of('proposer 2.4.0'), current)).toBe(true);
    expect(ofCurrent(of('tracker 2.8.0'), current)).toBe(false);
    expect(ofCurrent(of('tracker 2.7.0'), current)).toBe(false);
    expect(ofCurrent({ ...of('tracker 2.9.0'), version: undefined }, current)).toBe(false);
    const files = filesOf('RESULTS-302');
    saveRun(files, { date: '2026-11-30 16:00', seeds: '3-3', records: [of('tracker 2.8.0')], current });
    const text = readFileSync(files.results, 'utf8');
    expect(text).toContain('(tracker 2.9.0, proposer 2.4.0: 0 scenes)');
    expect(text).toContain('2 scenes measured by other versions are counted in the Runs table only.');
  });

  it('sums the 40 timed from the true marks: verified, and the truth inside the ± of those verified (issue 49)', () => {
    const forty = (seed: number, marks: SceneRecord['marks'], startBetween?: boolean): SceneRecord => ({
      seed,
      kind: 'forty',
      rate: '59.94',
      tags: [],
      version: 'proposer 9.9.9',
      forty: {
        start: null,
        finish: null,
        splits: [null, null, null],
        ...(startBetween !== undefined && { startBetween }),
      },
      marks,
    });
    // A run row written with versions but before the true marks were timed: 14 cells.
    const files = filesOf(
      'RESULTS-marks',
      OLD.replace(
        '<!-- accuracy:end -->',
        '| 2026-11-30 22:00 | 1 | 9-9 | 0 | 0/0 | 0/0 |  |  | 0/0 | 1 | 0/1 (0%) | 0/1 (0%) | 0/3 (0%) | proposer 2.5.1 |\n<!-- accuracy:end -->',
      ),
    );
    saveRun(files, {
      date: '2026-12-01 01:00',
      seeds: '10-12',
      records: [
        forty(10, { verified: true, inside: true, plusMinus: 0.02 }, true),
        forty(11, { verified: true, inside: false, plusMinus: 0.02 }, false),
        forty(12, { verified: false, inside: true, plusMinus: 0.04, problem: 'wider than ± 0.03 s' }),
      ],
      current: ['proposer 9.9.9'],
    });
    const text = readFileSync(files.results, 'utf8');
    expect(text).toContain('| true marks verified; truth inside ± (of verified) | versions |');
    // No start proposed in any: two named the frames it lies between, one of them holding the truth.
    expect(text).toContain('| 0/3 (0%); frames named 2, holding the truth 1 |');
    expect(text).toMatch(
      /\| 2026-12-01 01:00 \| 3 \| 10-12 \|.* \| 2\/3 \(67%\); truth inside ± 1\/2 \| proposer 9\.9\.9 \|\n/,
    );
    expect(text).toMatch(/\n\| all \| 0 \|.* \| 2\/3 \(67%\); truth inside ± 1\/2 \|\n/);
    // Earlier rows get an empty cell before their versions: every run row has the header's 15 cells.
    expect(text).toContain('| 0/3 (0%) | | proposer 2.5.1 |');
    const runRows = text.split('\n').filter((l) => l.startsWith('| 20'));
    expect(runRows).toHaveLength(3);
    for (const l of runRows) expect(l.split('|').length - 2).toBe(15);
  });
});

describe('the values fitted behind refusals', () => {
  const refused = (seed: number, refusal: string, mph: number, plusMinus: number): SceneRecord => ({
    seed,
    kind: 'max-speed',
    rate: '60',
    tags: [],
    version: 'tracker 9.9.9',
    refused: refusal,
    fitted: { mph, plusMinus, trueMph: 20 },
  });
  const CLICKS =
    'No Max Speed from this track: where the player runs fastest he was clicked on frames too close together to tell where on his body each click was made';
  const CEILING =
    'No Max Speed from this track: the speed is only known to ± 0.60 mph, wider than the ± 0.3 mph a verified Max Speed allows';

  it('counts by refusal how many held the truth inside their ±, the refusal with most values first', () => {
    const table = refusedTable([
      refused(1, CLICKS, 18, 1), // 2 mph off, ± 1: outside
      refused(2, CLICKS, 20.2, 0.3),
      refused(3, CEILING, 20.5, 0.6),
      // Given, or refused with nothing fitted: not in the table.
      {
        ...refused(4, CEILING, 20, 0.1),
        refused: undefined,
        given: { mph: 20, plusMinus: 0.1, trueMph: 20, switchFrames: 0, trackedFrames: 9 },
      },
      { ...refused(5, CEILING, 20, 0.1), fitted: undefined },
    ])!;
    const rows = table.split('\n').slice(2);
    expect(rows).toEqual([
      '| clicks too close together to line up | 2 | 1/2 (50%) | 1.10 (max 2.00) | 0.65 |',
      '| the ± over the ceiling | 1 | 1/1 (100%) | 0.50 (max 0.50) | 0.60 |',
    ]);
  });

  it('is left out where no refused record kept its fitted value, and written into the section where one did', () => {
    expect(refusedTable([{ ...refused(1, CEILING, 20, 0.1), fitted: undefined }])).toBeNull();
    const files = filesOf('REFUSED');
    saveRun(files, {
      date: '2026-12-06 14:00',
      seeds: '2-3',
      records: [refused(2, CLICKS, 18, 1), refused(3, CEILING, 20.5, 0.6)],
      current: ['tracker 9.9.9'],
    });
    const text = readFileSync(files.results, 'utf8');
    expect(text).toContain('**Values fitted behind the refusals**');
    expect(text).toContain(
      '| clicks too close together to line up | 1 | 0/1 (0%) | 2.00 (max 2.00) | 1.00 |',
    );
  });
});
