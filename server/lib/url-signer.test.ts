import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createUrlSigner } from './storage';

const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('base64url');
const parse = (url: string) => {
  const u = new URL(url, 'http://x');
  return {
    key: u.pathname.slice('/files/'.length),
    expires: u.searchParams.get('expires')!,
    sig: u.searchParams.get('sig')!,
  };
};

describe('signed file links (decisions 197, 215)', () => {
  it('a link signed again (kept) is the same HMAC as one signed afresh, and verifies', () => {
    const signer = createUrlSigner('s'.repeat(32));
    for (const key of ['photos/a.webp', 'thumbnails/b.jpg', 'videos/c.mp4']) {
      const first = parse(signer.url(key));
      const again = parse(signer.url(key));
      expect(again.sig).toBe(first.sig);
      expect(first.sig).toBe(hmac('s'.repeat(32), `${key}:${first.expires}`));
      expect(signer.verifySignature(key, first.expires, first.sig)).toBe(true);
      expect(
        signer.verifySignature(key, first.expires, hmac('t'.repeat(32), `${key}:${first.expires}`)),
      ).toBe(false);
      expect(signer.verifySignature('photos/other.webp', first.expires, first.sig)).toBe(false);
    }
  });

  it('another secret signs differently; an expired link does not verify', () => {
    const a = parse(createUrlSigner('a'.repeat(32)).url('photos/x.webp'));
    const b = parse(createUrlSigner('b'.repeat(32)).url('photos/x.webp'));
    expect(a.sig).not.toBe(b.sig);
    const signer = createUrlSigner('a'.repeat(32));
    const past = String(Math.floor(Date.now() / 1000) - 1);
    expect(signer.verifySignature('photos/x.webp', past, hmac('a'.repeat(32), `photos/x.webp:${past}`))).toBe(
      false,
    );
  });

  it('keeps signing correctly past the number of links it keeps', () => {
    const signer = createUrlSigner('k'.repeat(32));
    for (let i = 0; i < 20_500; i++) signer.url(`photos/p${i}.webp`);
    const first = parse(signer.url('photos/p0.webp'));
    expect(first.sig).toBe(hmac('k'.repeat(32), `photos/p0.webp:${first.expires}`));
  });
});
