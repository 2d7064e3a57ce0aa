import { count } from 'drizzle-orm';
import sharp from 'sharp';
import { players, positions } from '../../db/schema';
import { as, type TestApp, type TestUser } from '../../test/helpers';

/** A complete add-player body as the browser sends it (form fields and their API twins). */
export async function playerBody(t: TestApp, overrides: Record<string, unknown> = {}) {
  const pos = Object.fromEntries((await t.db.select().from(positions)).map((p) => [p.key, p.id]));
  return playerBodyWith(pos, overrides);
}

/** The same body for position ids already known (e.g. read over HTTP from `/api/positions`). */
export function playerBodyWith(pos: Record<string, number>, overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Jordan',
    lastName: 'Miles',
    level: 'High School',
    school: 'Westlake High School',
    graduationYear: 2027,
    primaryPositionId: pos.WR,
    secondaryPositionId: pos.CB,
    gender: 'Male',
    dateOfBirth: '2009-04-12',
    addressLine1: '100 Stadium Way',
    addressLine2: '',
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
    gpa: 3.6,
    satScore: 1250,
    actScore: 27,
    photoUrl: null,
    heightFeet: 6,
    heightInches: 73,
    weightPounds: 182,
    weight: 182,
    xHandle: '@jmiles_wr',
    twitterHandle: '@jmiles_wr',
    userId: 1,
    ...overrides,
  };
}

export async function playerCount(t: TestApp) {
  const [row] = await t.db.select({ n: count() }).from(players);
  return row.n;
}

/** A small PNG uploaded through POST /api/upload; answers the signed link the upload gives. */
export async function uploadPhoto(t: TestApp, who: TestUser, color = '#c33'): Promise<string> {
  const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: color } })
    .png()
    .toBuffer();
  const boundary = '----photo';
  const res = await as(t, who, {
    method: 'POST',
    url: '/api/upload',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json().url;
}
