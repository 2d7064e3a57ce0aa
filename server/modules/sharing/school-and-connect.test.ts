import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COACH_CONNECT_LINK } from '../../../contract/coach-texts';
import { as, createTestApp, createUser, type TestApp, type TestUser } from '../../test/helpers';
import { createPlayer } from '../analysis/analysis.fixtures';
import { upsertSchools } from '../players';
import { completedSpeed } from './sharing.fixtures';

// Issue 52 item 6: which school, and how a coach reaches the family.
let t: TestApp;
let family: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  family = await createUser(t);
  // The directory's three of the name (server/seed/schools-directory.tsv.gz).
  await upsertSchools(
    t.db,
    ['NE', 'OK', 'TX'].map((state) => ({
      level: 'High School' as const,
      name: 'Allen High School',
      city: 'Allen',
      state,
    })),
  );
});
afterAll(() => t.close());

async function shared(o: Record<string, unknown>) {
  const player = await createPlayer(t, family, { level: 'High School', ...o });
  await completedSpeed(t, player.id, 20.1);
  const s = (
    await as(t, family, { method: 'PUT', url: `/api/players/${player.id}/share`, payload: { enabled: true } })
  ).json();
  const page = async () => (await t.app.inject({ method: 'GET', url: s.path as string })).body;
  const pdf = async () => {
    const raw = (await t.app.inject({ method: 'GET', url: `${s.path}/recruiting-sheet.pdf` })).rawPayload;
    const dir = mkdtempSync(path.join(tmpdir(), 'va-sheet-'));
    try {
      writeFileSync(path.join(dir, 's.pdf'), raw);
      return execFileSync('pdftotext', [path.join(dir, 's.pdf'), '-']).toString();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  const json = async () =>
    (await t.app.inject({ method: 'GET', url: `${s.path}/profile.json` })).json<{ school: string }>();
  return { player, page, json, pdf };
}

describe('the public page names the school with its town and state', () => {
  it("takes the town from the directory when it holds one school of the name in the player's state", async () => {
    const { page, json, pdf } = await shared({
      school: 'Allen High School',
      schoolState: 'TX',
      schoolCity: null,
    });
    expect((await json()).school).toBe('Allen High School, Allen, TX');
    expect(await page()).toContain('Allen High School, Allen, TX');
    expect(await pdf()).toContain('Allen High School, Allen, TX');
  });

  it('keeps the town and state the family picked', async () => {
    const { json } = await shared({ school: 'Allen High School', schoolCity: 'Allen', schoolState: 'OK' });
    expect((await json()).school).toBe('Allen High School, Allen, OK');
  });

  it('does not guess between schools of the same name when no state is known', async () => {
    const { json } = await shared({ school: 'Allen High School', schoolCity: null, schoolState: null });
    expect((await json()).school).toBe('Allen High School');
  });
});

describe("'College coach? Ask to connect'", () => {
  it('shows only for a player the family lets coaches find, leading to the coach way in', async () => {
    const { player, page, pdf } = await shared({ school: 'Allen High School', schoolState: 'TX' });
    expect(await page()).not.toContain(COACH_CONNECT_LINK);
    expect(await pdf()).not.toContain(COACH_CONNECT_LINK);
    const on = await as(t, family, {
      method: 'PUT',
      url: `/api/players/${player.id}/discovery`,
      payload: { enabled: true, guardianConfirmed: true },
    });
    expect(on.statusCode).toBe(200);
    // A rendered page is kept up to a minute (decision 112): a new page is read after the settings change.
    await as(t, family, {
      method: 'PUT',
      url: `/api/players/${player.id}/share`,
      payload: { enabled: true },
    });
    const html = await page();
    expect(html).toContain(COACH_CONNECT_LINK);
    expect(html).toContain(`href="/coach/connect/${player.id}"`);
    expect(html).not.toMatch(/<form/i);
    // The recruiting sheet tells a coach the same way in.
    expect((await pdf()).replace(/\s+/g, ' ')).toContain(`${COACH_CONNECT_LINK}: http`);
  });
});
