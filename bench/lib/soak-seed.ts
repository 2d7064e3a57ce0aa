/**
 * The soak's accounts, made through the API as people would: families register, follow the link of
 * the verification mail the SMTP sink received, sign in, add two players and buy a combo pack on the
 * test checkout. The analyst comes from the command line (no one can sign up as an analyst).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { makeSampleVideo } from '../../server/lib/ffmpeg';
import type { Recorder } from './soak-http';
import { checkout, emptyAcked, signIn, type Family, type World } from './soak-ops';
import { until, type Topology } from './soak-topology';

const PASSWORD = 'Sturdy-soak-password-2026';

/** The add-player form's body (as server/modules/players/player-fixtures.ts sends it). */
const playerBody = (pos: Record<string, number>, n: number) => ({
  firstName: 'Jordan',
  lastName: `Soak${n}`,
  level: 'High School',
  school: 'Westlake High School',
  graduationYear: 2027,
  primaryPositionId: pos.WR,
  secondaryPositionId: pos.CB,
  gender: 'Male',
  dateOfBirth: '2009-04-12',
  addressLine1: '100 Stadium Way',
  city: 'Austin',
  state: 'TX',
  zipCode: '78701',
  county: 'Travis',
  email: 'jordan@example.com',
  phone: '(512) 555-0100',
  phoneCountryCode: '+1',
  hudlUrl: 'https://www.hudl.com/profile/123',
  facebookUrl: '',
  instagramHandle: '@jordanmiles',
  xHandle: '@jmiles_wr',
  twitterHandle: '@jmiles_wr',
  addressLine2: '',
  gpa: 3.6,
  satScore: 1250,
  actScore: 27,
  photoUrl: null,
  heightFeet: 6,
  heightInches: 73,
  weightPounds: 182,
  weight: 182,
});

function must<T>(what: string, a: { status: number; body: unknown }): T {
  if (a.status < 200 || a.status >= 300) throw new Error(`${what}: ${a.status} ${JSON.stringify(a.body)}`);
  return a.body as T;
}

async function family(top: Topology, rec: Recorder, w: Omit<World, 'families'>, n: number) {
  const email = `family-${n}-${Date.now().toString(36)}@soak.test`;
  must(
    'register',
    await rec.call('POST /api/register', '/api/register', {
      json: { username: email, email, password: PASSWORD, firstName: 'Dana', lastName: `Soak${n}` },
    }),
  );
  // The mail job runs on whichever replica claims it; the link points at the public (nginx) address.
  const raw = await until('the verification mail', async () =>
    top.sinks.mail.find((m) => m.includes(encodeURIComponent(email)) || m.includes(email)),
  );
  const link = new URL(/https?:\/\/\S+\/verify-email\?\S+/.exec(raw)![0]);
  must(
    'verify',
    await rec.call('POST /api/auth/verify-email', '/api/auth/verify-email', {
      json: { token: link.searchParams.get('token'), email: link.searchParams.get('email') },
    }),
  );
  const f: Family = {
    email,
    cookie: await signIn(rec, email, PASSWORD),
    players: [],
    credits: { max_speed: 0, iga: 0 },
  };
  for (let i = 0; i < 2; i++) {
    const p = must<{ id: number }>(
      'add player',
      await rec.call('POST /api/players', '/api/players', {
        cookie: f.cookie,
        json: playerBody(w.positions, n * 10 + i),
      }),
    );
    f.players.push(p.id);
  }
  if (!(await checkout({ ...w, families: [] }, f))) throw new Error(`the first checkout of ${email} failed`);
  return f;
}

export async function seedWorld(top: Topology, rec: Recorder, families: number): Promise<World> {
  const analystEmail = `analyst-${Date.now().toString(36)}@soak.test`;
  top.cli(['users:create', '--email', analystEmail, '--password', PASSWORD, '--role', 'analyst']);
  const analystCookie = await signIn(rec, analystEmail, PASSWORD);
  const positions = Object.fromEntries(
    must<{ id: number; key: string }[]>(
      'positions',
      await rec.call('GET /api/positions', '/api/positions', { cookie: analystCookie }),
    ).map((p) => [p.key, p.id]),
  );
  const plans = must<{ id: number; key: string; maxSpeedVideosPerYear: number; igaPerYear: number }[]>(
    'plans',
    await rec.call('GET /api/plans', '/api/plans'),
  );
  const combo = plans.find((p) => p.key === 'combo-pack');
  if (!combo) throw new Error('no combo-pack plan');
  const subs = must<{ key: string }[]>(
    'submetrics',
    await rec.call('GET /api/positions/:id/submetrics', `/api/positions/${positions.WR}/submetrics`, {
      cookie: analystCookie,
    }),
  );
  const igaFields: Record<string, string> = { igaScore: '72.5', comment: 'Soak' };
  for (const s of subs) {
    igaFields[`submetric_${s.key}`] = '5';
    igaFields[`submetric_${s.key}_percentile`] = '50';
  }
  const clipFile = path.join(top.work, 'clip.mp4');
  await makeSampleVideo(clipFile, { seconds: 2 });
  const base: Omit<World, 'families'> = {
    rec,
    analystCookie,
    positions,
    comboPlanId: combo.id,
    comboCredits: { max_speed: combo.maxSpeedVideosPerYear, iga: combo.igaPerYear },
    igaFields,
    clip: new Blob([readFileSync(clipFile)], { type: 'video/mp4' }),
    pendingIga: [],
    acked: emptyAcked(),
  };
  const made: Family[] = [];
  // A few at a time: registration hashes a password, and the machine has two cores.
  for (let i = 0; i < families; i += 4) {
    const batch = Array.from({ length: Math.min(4, families - i) }, (_, k) => family(top, rec, base, i + k));
    made.push(...(await Promise.all(batch)));
  }
  // The seeding checkouts are in base.acked (shared by the spread): the check covers them too.
  return { ...base, families: made };
}
