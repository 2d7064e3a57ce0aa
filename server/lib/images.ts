import sharp from 'sharp';

type ImageKind = 'png' | 'jpeg' | 'webp' | 'gif';

/** Decompression-bomb guard: a small file may claim enormous dimensions. 40 MP covers any phone camera. */
const MAX_INPUT_PIXELS = 40_000_000;
const MAX_EDGE = 1600;

export class ImageError extends Error {
  constructor(readonly reason: 'not-an-image' | 'too-many-pixels' | 'unreadable') {
    super(reason);
  }
}

/** The file's own signature decides what it is; its name and declared type are the client's word. */
function sniffImage(buf: Buffer): ImageKind | null {
  if (
    buf.length >= 8 &&
    buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'png';
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg';
  if (buf.length >= 12 && buf.toString('ascii', 0, 4) === 'RIFF' && buf.toString('ascii', 8, 12) === 'WEBP')
    return 'webp';
  if (buf.length >= 6 && /^GIF8[79]a$/.test(buf.toString('ascii', 0, 6))) return 'gif';
  return null;
}

/**
 * Re-encodes to WebP: orientation applied, then every metadata block (EXIF, GPS, XMP, ICC) dropped,
 * since sharp writes none unless asked. Large photos are scaled down to a sensible display size.
 */
export async function toWebp(buf: Buffer): Promise<Buffer> {
  if (!sniffImage(buf)) throw new ImageError('not-an-image');
  try {
    return await sharp(buf, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (err) {
    if (/pixel limit/i.test(String((err as Error)?.message))) throw new ImageError('too-many-pixels');
    throw new ImageError('unreadable');
  }
}
