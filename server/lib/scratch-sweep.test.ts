import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sweepScratch } from './scratch-sweep';

const dir = mkdtempSync(path.join(tmpdir(), 'va-sweep-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const age = (p: string, hours: number) => {
  const t = new Date(Date.now() - hours * 3600_000);
  utimesSync(p, t, t);
};

describe('sweeping scratch left by a killed process', () => {
  it('removes old video scratch folders and S3 spools, keeps fresh ones and anything else', async () => {
    const oldFolder = path.join(dir, 'va-video-old');
    mkdirSync(oldFolder);
    writeFileSync(path.join(oldFolder, 'video.mp4'), 'partial');
    age(oldFolder, 4);
    const oldSpool = path.join(dir, 's3-upload-1234');
    writeFileSync(oldSpool, 'partial');
    age(oldSpool, 5);
    const busy = path.join(dir, 'va-video-busy');
    mkdirSync(busy);
    const unrelated = path.join(dir, 'someone-else');
    writeFileSync(unrelated, 'keep');
    age(unrelated, 48);

    const removed = await sweepScratch({ dir });
    expect(removed.sort()).toEqual(['s3-upload-1234', 'va-video-old']);
    expect(existsSync(oldFolder)).toBe(false);
    expect(existsSync(oldSpool)).toBe(false);
    expect(existsSync(busy)).toBe(true);
    expect(existsSync(unrelated)).toBe(true);
  });
});
