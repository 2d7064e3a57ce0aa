import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import sharp from 'sharp';
import { findAnalysisKind, kindOfResultField } from '../../../contract/analysis-kinds';
import { formatResultDate } from '../../../contract/result-date';
import { ANALYST_ASSESSMENT, VERIFIED_BY_TWO, type PublicProfile } from '../../../contract/sharing';
import type { Storage } from '../../lib/storage';
import { qrPng } from './qr';
import { COACH_CONNECT_LINK } from '../../../contract/coach-texts';

const KEEP = new Set(['±', '·', '—', '–', '…', '’', '‘', '“', '”']);
/** The standard PDF fonts speak WinAnsi only: anything else becomes '?' rather than failing the sheet. */
const ansi = (s: string) => [...s].map((c) => (c.charCodeAt(0) < 256 || KEEP.has(c) ? c : '?')).join('');

async function photoBytes(storage: Storage, key: string | null) {
  if (!key) return null;
  try {
    const chunks: Buffer[] = [];
    for await (const c of await storage.read(key)) chunks.push(Buffer.from(c as Buffer));
    return await sharp(Buffer.concat(chunks)).resize(300, 300, { fit: 'cover' }).png().toBuffer();
  } catch {
    return null;
  }
}

/** A one-page US Letter recruiting sheet with the same content as the public page and its QR code. */
export async function renderRecruitingSheet(
  storage: Storage,
  p: PublicProfile,
  url: string,
  photoKey: string | null,
  /** For a player in the coach search: the coach's way in (decision 250). */
  connectUrl: string | null = null,
): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.setTitle(`${ansi(p.name)} - Verified Athlete recruiting sheet`);
  doc.setProducer('Verified Athlete');
  const page = doc.addPage([612, 792]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.06, 0.09, 0.16);
  const grey = rgb(0.39, 0.45, 0.55);
  /** Draws text wrapped at the right margin; answers how far below `y` the next line starts. */
  const text = (
    pg: PDFPage,
    s: string,
    x: number,
    y: number,
    size: number,
    f: PDFFont = font,
    color = ink,
  ) => {
    const lines = wrap(ansi(s), f, size, 612 - x - 40);
    lines.forEach((l, i) => pg.drawText(l, { x, y: y - i * (size + 3), size, font: f, color }));
    return (lines.length - 1) * (size + 3);
  };

  page.drawRectangle({ x: 0, y: 752, width: 612, height: 40, color: ink });
  text(page, 'VERIFIED ATHLETE  ·  Recruiting sheet', 40, 766, 13, bold, rgb(0.29, 0.87, 0.5));
  const photo = await photoBytes(storage, photoKey);
  const left = photo ? 190 : 40;
  if (photo) page.drawImage(await doc.embedPng(photo), { x: 40, y: 580, width: 130, height: 130 });
  let y = 690;
  text(page, p.name, left, y, 26, bold);
  y -= 26;
  const facts = [p.positions?.join(' / '), p.classYear ? `Class of ${p.classYear}` : null, p.level]
    .filter(Boolean)
    .join('  ·  ');
  if (facts) {
    text(page, facts, left, y, 13);
    y -= 18;
  }
  if (p.school) {
    text(page, p.school, left, y, 13, font, grey);
    y -= 18;
  }
  const body = [p.height ? `Height ${p.height}` : null, p.weight ? `Weight ${p.weight} lb` : null]
    .filter(Boolean)
    .join('  ·  ');
  if (body) {
    text(page, body, left, y, 13);
    y -= 18;
  }
  if (p.academics) {
    const a = [
      p.academics.gpa !== null ? `GPA ${p.academics.gpa.toFixed(2)}` : null,
      p.academics.sat ? `SAT ${p.academics.sat}` : null,
      p.academics.act ? `ACT ${p.academics.act}` : null,
    ]
      .filter(Boolean)
      .join('  ·  ');
    if (a) {
      text(page, a, left, y, 13);
      y -= 18;
    }
  }
  y = Math.min(y, 565) - 10;
  if (p.maxSpeed) {
    text(page, 'VERIFIED MAX SPEED', 40, y, 11, bold, grey);
    y -= 34;
    text(page, p.maxSpeed.text, 40, y, 30, bold);
    y -= 18;
    if (p.maxSpeed.verifiedByTwo) {
      text(page, VERIFIED_BY_TWO, 40, y, 12, bold, rgb(0.09, 0.4, 0.2));
      y -= 16;
    }
    if (p.maxSpeed.methodLabel) {
      text(page, `Method: ${p.maxSpeed.methodLabel}`, 40, y, 11, font, grey);
      y -= 15;
    }
    text(
      page,
      `Verified ${formatResultDate(p.maxSpeed.date)}  ·  ${p.maxSpeed.season} season`,
      40,
      y,
      11,
      font,
      grey,
    );
    y -= 15;
    const speedMetric = kindOfResultField('maxSpeed').leaderboardMetric;
    for (const q of p.percentiles.filter((x) => x.metric === speedMetric)) {
      y -= text(page, q.text, 40, y, 11, bold) + 15;
    }
    if (p.maxSpeed.receiptPath) {
      y -=
        text(
          page,
          `Receipt (stills and splits): ${new URL(p.maxSpeed.receiptPath, url).toString()}`,
          40,
          y,
          9,
          font,
          grey,
        ) + 14;
    }
    y -= 12;
  }
  // Each kind's best shown result from kind_receipts, in the registry's order (decision 263).
  for (const k of p.kindResults) {
    const kind = findAnalysisKind(k.kind);
    text(page, `${kind?.metricLabel ?? k.label} (${k.label})`.toUpperCase(), 40, y, 11, bold, grey);
    y -= 30;
    text(page, k.text, 40, y, 20, bold);
    y -= 16;
    if (k.detail) {
      text(page, k.detail, 40, y, 11, font, grey);
      y -= 15;
    }
    const note = kind?.methodNote ? `  ·  ${kind.methodNote}` : '';
    text(page, `Verified ${formatResultDate(k.date)}  ·  ${k.season} season${note}`, 40, y, 11, font, grey);
    y -= 15;
    if (k.receiptPath)
      y -= text(page, `Receipt: ${new URL(k.receiptPath, url).toString()}`, 40, y, 9, font, grey) + 14;
    y -= 12;
  }
  if (p.iga) {
    text(page, 'IGA SCORE', 40, y, 11, bold, grey);
    y -= 30;
    text(page, p.iga.score.toFixed(1), 40, y, 26, bold);
    y -= 16;
    for (const q of p.percentiles.filter((x) => x.metric === 'iga_score')) {
      y -= text(page, q.text, 40, y, 11, bold) + 15;
    }
    if (p.iga.submetrics.length) {
      text(page, `Submetrics (${ANALYST_ASSESSMENT})`, 40, y, 10, bold, grey);
      y -= 14;
    }
    for (const s of p.iga.submetrics.slice(0, 10)) {
      text(page, `${s.name}: ${s.value}${s.unit ? ` ${s.unit}` : ''}`, 50, y, 10);
      y -= 13;
    }
    y -= 10;
  }
  const links = [
    p.hudlUrl ? `Hudl: ${p.hudlUrl}` : null,
    p.twitter ? `X: @${p.twitter}` : null,
    p.instagram ? `Instagram: @${p.instagram}` : null,
    p.facebook ? `Facebook: ${p.facebook}` : null,
  ];
  for (const l of links.filter((x): x is string => Boolean(x))) {
    if (y > 180) {
      y -= text(page, l, 40, y, 10) + 14;
    }
  }
  page.drawImage(await doc.embedPng(await qrPng(url)), { x: 452, y: 40, width: 120, height: 120 });
  text(page, 'Scan for the live profile', 452, 30, 8, font, grey);
  text(page, url, 40, 40, 9, font, grey);
  if (connectUrl) text(page, `${COACH_CONNECT_LINK}: ${connectUrl}`, 40, 56, 9, font, grey);
  return Buffer.from(await doc.save());
}

function wrap(s: string, f: PDFFont, size: number, width: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of s.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (line && f.widthOfTextAtSize(next, size) > width) {
      out.push(line);
      line = word;
    } else line = next;
  }
  return [...out, line];
}
