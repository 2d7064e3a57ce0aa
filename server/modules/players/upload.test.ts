import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, createUser, type TestApp, type TestUser } from '../../test/helpers';

let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t);
});
afterAll(() => t.close());

/** A multipart body by hand, so the test controls the file name, type and field exactly. */
function multipart(content: Buffer, opts: { filename?: string; type?: string; field?: string } = {}) {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${opts.field ?? 'file'}"; filename="${opts.filename ?? 'photo.png'}"\r\n` +
      `Content-Type: ${opts.type ?? 'image/png'}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const upload = (who: TestUser | null, content: Buffer, opts = {}) =>
  as(t, who, { method: 'POST', url: '/api/upload', ...multipart(content, opts) });

const storedPhotos = () => {
  const dir = path.join(t.dataDir, 'uploads', 'photos');
  return existsSync(dir) ? readdirSync(dir) : [];
};

const png = (w = 64, h = 48) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .png()
    .toBuffer();

describe('photo upload', () => {
  it('stores a PNG as a WebP under a name of our own and answers its url', async () => {
    const res = await upload(user, await png());
    expect(res.statusCode).toBe(200);
    const { url } = res.json();
    expect(url).toMatch(/^\/files\/photos\/[0-9a-f-]{36}\.webp\?expires=\d+&sig=[\w-]+$/);
    const file = await t.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 64, height: 48 });
  });

  it('strips EXIF and GPS data from a camera JPEG', async () => {
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366cc' } })
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneCam', Model: 'X1' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '30/1 16/1 0/1' },
      })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const res = await upload(user, jpeg, { filename: 'IMG_0001.jpg', type: 'image/jpeg' });
    expect(res.statusCode).toBe(200);
    const stored = (await t.app.inject({ method: 'GET', url: res.json().url })).rawPayload;
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(stored.includes(Buffer.from('PhoneCam'))).toBe(false);
  });

  it('refuses a text file renamed .png (415) and keeps nothing', async () => {
    const before = storedPhotos().length;
    const res = await upload(user, Buffer.from('just some text, not a picture\n'), {
      filename: 'notes.png',
      type: 'image/png',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('Please upload an image file (JPG, PNG, etc.)');
    expect(storedPhotos().length).toBe(before);
  });

  it('refuses a file with an image signature that does not decode (415)', async () => {
    const broken = Buffer.concat([(await png()).subarray(0, 40), Buffer.alloc(200, 7)]);
    const res = await upload(user, broken);
    expect(res.statusCode).toBe(415);
  });

  it('refuses an image over 5MB with 413 and the message of the specification', async () => {
    const before = storedPhotos().length;
    const big = Buffer.concat([await png(), Buffer.alloc(5 * 1024 * 1024, 1)]);
    const res = await upload(user, big);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Image must be less than 5MB');
    expect(storedPhotos().length).toBe(before);
  });

  it('refuses a small file that claims enormous dimensions (decompression bomb)', async () => {
    const buf = Buffer.from(await png(1, 1));
    buf.writeUInt32BE(30_000, 16); // IHDR width
    buf.writeUInt32BE(30_000, 20); // IHDR height
    buf.writeUInt32BE(crc32(buf.subarray(12, 29)) >>> 0, 29);
    const res = await upload(user, buf);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/dimensions are too large/);
  });

  it('ignores a path-like file name entirely', async () => {
    const res = await upload(user, await png(), { filename: '../../../etc/passwd.png' });
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(/^\/files\/photos\/[0-9a-f-]{36}\.webp\?/);
    expect(existsSync(path.join(t.dataDir, 'etc'))).toBe(false);
    expect(existsSync(path.join(t.dataDir, 'uploads', 'etc'))).toBe(false);
  });

  it('answers 400 without a file field, and 401 to a visitor', async () => {
    expect((await upload(user, await png(), { field: 'photo' })).statusCode).toBe(400);
    expect(
      (await as(t, user, { method: 'POST', url: '/api/upload', payload: { file: 'x' } })).statusCode,
    ).toBe(400);
    expect((await upload(null, await png())).statusCode).toBe(401);
  });

  it('deletes a photo once no player uses it any more', async () => {
    const { playerBody } = await import('./player-fixtures');
    const url = (await upload(user, await png())).json().url;
    const created = await as(t, user, {
      method: 'POST',
      url: '/api/players',
      payload: await playerBody(t, { photoUrl: url }),
    });
    expect(created.json().photoUrl.split('?')[0]).toBe(url.split('?')[0]);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    const removed = await as(t, user, {
      method: 'PUT',
      url: `/api/players/${created.json().id}`,
      payload: await playerBody(t, { photoUrl: null }),
    });
    expect(removed.json().photoUrl).toBeNull();
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
});

describe('upload rate limit', () => {
  it('allows 30 uploads a minute from one address, then answers 429', async () => {
    const limited = await createTestApp({ DISABLE_RATE_LIMIT: 'false' });
    try {
      const u = await createUser(limited);
      const send = () => {
        const body = multipart(Buffer.from('x'));
        return limited.app.inject({
          method: 'POST',
          url: '/api/upload',
          headers: { ...body.headers, cookie: u.cookie },
          payload: body.payload,
        });
      };
      const codes: number[] = [];
      for (let i = 0; i < 31; i++) codes.push((await send()).statusCode);
      expect(new Set(codes.slice(0, 30))).toEqual(new Set([415]));
      expect(codes[30]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
