import sharp from 'sharp';
import { findAnalysisKind, kindOfResultField, kindResultHeadline } from '../../../contract/analysis-kinds';
import { speedParts } from '../../../contract/measurement-math';
import type { PublicProfile } from '../../../contract/sharing';
import type { Storage } from '../../lib/storage';
import { esc } from './public-html';

const SHARE_IMAGE_WIDTH = 1200;
const SHARE_IMAGE_HEIGHT = 630;
const PHOTO = 360;

async function photoPng(storage: Storage, key: string | null): Promise<Buffer | null> {
  if (!key) return null;
  try {
    const stream = await storage.read(key);
    const chunks: Buffer[] = [];
    for await (const c of stream) chunks.push(Buffer.from(c as Buffer));
    const mask = Buffer.from(
      `<svg width="${PHOTO}" height="${PHOTO}"><rect width="${PHOTO}" height="${PHOTO}" rx="28" ry="28"/></svg>`,
    );
    return await sharp(Buffer.concat(chunks))
      .resize(PHOTO, PHOTO, { fit: 'cover' })
      .composite([{ input: mask, blend: 'dest-in' }])
      .png()
      .toBuffer();
  } catch {
    return null;
  }
}

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** The 1200x630 card a message or X shows for the link: photo, name, position, class and the verified numbers. */
export async function renderShareImage(
  storage: Storage,
  p: PublicProfile,
  photoKey: string | null,
): Promise<Buffer> {
  const photo = await photoPng(storage, photoKey);
  const base = sharp(Buffer.from(shareImageSvg(p)));
  return (photo ? base.composite([{ input: photo, left: 60, top: 135 }]) : base).png().toBuffer();
}

/** A line of a kind's best shown result: its name, the value with its ± in bold, the method small. */
function kindLine(k: PublicProfile['kindResults'][number]) {
  const kind = findAnalysisKind(k.kind);
  const value = kindResultHeadline(k.text, k.method);
  return `${esc(kind?.metricLabel ?? k.label)} <tspan font-weight="bold" fill="#ffffff">${esc(value)}</tspan> <tspan font-size="22" fill="#94a3b8">${esc(k.method)}</tspan>`;
}

/** The card as SVG, before it is rasterised (the photo is laid over it). */
export function shareImageSvg(p: PublicProfile) {
  const x = 460;
  const line2 = [p.positions?.join(' / '), p.classYear ? `Class of ${p.classYear}` : null]
    .filter(Boolean)
    .join(' · ');
  const speed = p.maxSpeed;
  const sp = speed ? speedParts(speed.value, speed.plusMinus) : null;
  const speedMetric = kindOfResultField('maxSpeed').leaderboardMetric;
  const pct = p.percentiles.find((q) => q.metric === speedMetric) ?? p.percentiles[0];
  // The IGA score and each kind's best shown result, in the registry's order; three lines at most fit
  // under the speed.
  const lines = [
    p.iga
      ? `IGA Score <tspan font-weight="bold" fill="#ffffff">${esc(p.iga.score.toFixed(1))}</tspan>`
      : null,
    ...p.kindResults.map(kindLine),
  ]
    .filter((l): l is string => l !== null)
    .slice(0, 3);
  const gap = lines.length > 2 ? 36 : 44;
  const shift = lines.length > 1 ? 18 + (lines.length - 2) * gap : 0;
  const initials = p.name
    .split(/\s+/)
    .map((w) => w[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE_IMAGE_WIDTH}" height="${SHARE_IMAGE_HEIGHT}" font-family="DejaVu Sans, sans-serif">
  <rect width="100%" height="100%" fill="#0f172a"/>
  <rect x="0" y="0" width="1200" height="8" fill="#4ade80"/>
  <rect x="60" y="135" width="${PHOTO}" height="${PHOTO}" rx="28" fill="#1e293b"/>
  <text x="${60 + PHOTO / 2}" y="${135 + PHOTO / 2 + 40}" font-size="120" font-weight="bold" fill="#94a3b8" text-anchor="middle">${esc(initials)}</text>
  <text x="${x}" y="110" font-size="26" fill="#4ade80" font-weight="bold" letter-spacing="3">VERIFIED ATHLETE</text>
  <text x="${x}" y="185" font-size="58" font-weight="bold" fill="#ffffff">${esc(clip(p.name, 24))}</text>
  <text x="${x}" y="235" font-size="30" fill="#cbd5e1">${esc(clip(line2, 44))}</text>
  <text x="${x}" y="277" font-size="26" fill="#94a3b8">${esc(clip(p.school ?? '', 48))}</text>
  ${
    sp
      ? `<text x="${x}" y="345" font-size="24" fill="#94a3b8" letter-spacing="2">VERIFIED MAX SPEED</text>
  <text x="${x}" y="425" font-size="84" font-weight="bold" fill="#ffffff">${esc(sp.number)}<tspan font-size="40" dx="14">${esc(sp.unit)}${sp.bound ? ` ${esc(sp.bound)}` : ''}</tspan></text>`
      : ''
  }
  ${lines.map((l, i) => `<text x="${x}" y="${(speed ? 485 : 400) + i * gap}" font-size="34" fill="#e2e8f0">${l}</text>`).join('')}
  ${pct ? `<text x="${x}" y="${545 + shift}" font-size="18" fill="#4ade80">${esc(clip(pct.text.replace(/ \(.*\)$/, ''), 80))}</text>` : ''}
  ${speed?.verifiedByTwo ? `<text x="${x}" y="${Math.min(590 + shift, 622)}" font-size="24" fill="#86efac">✓ Verified by 2 analysts</text>` : ''}
</svg>`;
}
