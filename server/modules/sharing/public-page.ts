import {
  findAnalysisKind,
  kindMethodText,
  kindOfResultField,
  kindResultHeadline,
} from '../../../contract/analysis-kinds';
import { formatResultDate } from '../../../contract/result-date';
import { ANALYST_ASSESSMENT, VERIFIED_BY_TWO, type PublicProfile } from '../../../contract/sharing';
import { bigSpeed, html, layout, type Raw } from './public-html';
import { COACH_CONNECT_LINK } from '../../../contract/coach-texts';

/** One line a link preview shows under the name. */
function summaryLine(p: PublicProfile) {
  const parts = [p.positions?.join(' / '), p.classYear ? `Class of ${p.classYear}` : null, p.school].filter(
    Boolean,
  );
  const speed = p.maxSpeed ? `Verified Max Speed ${p.maxSpeed.text}` : null;
  const iga = p.iga ? `IGA Score ${p.iga.score.toFixed(1)}` : null;
  const kinds = p.kindResults.map((k) => `${k.label} ${k.text}`);
  return [parts.join(' · '), [speed, ...kinds, iga].filter(Boolean).join(' · ')].filter(Boolean).join(' — ');
}

/** Links typed by families: only http(s) ever becomes an href (old rows predate the URL rule). */
const safe = (u: string | null) => (u && /^https?:\/\//i.test(u) ? u : null);

const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((w) => w[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();

/**
 * For a player the family lets coaches find (issue 52 item 6): the coach's own way in, never an open form.
 * The link signs a coach in (or offers the application) and opens the player's coach profile.
 */
const coachConnect = (connectPath: string) =>
  html`<section class="card" aria-label="For college coaches"><div class="label">For college coaches</div>
    <p><a class="btn" href="${connectPath}">${COACH_CONNECT_LINK}</a></p>
    <p class="muted">Approved college coaches ask the family from their coach account, and the family decides. Sign in, or apply as a coach with your college email.</p></section>`;

export function renderProfilePage(
  p: PublicProfile,
  ctx: { url: string; path: string; appUrl: string; connectPath?: string | null },
): string {
  const facts = [
    p.positions?.length ? p.positions.join(' / ') : null,
    p.classYear ? `Class of ${p.classYear}` : null,
    p.level,
    p.height,
    p.weight ? `${p.weight} lb` : null,
  ].filter(Boolean);
  const pct = (metric: string) =>
    p.percentiles.filter((x) => x.metric === metric).map((x) => html`<p class="pct">${x.text}</p>`);
  const speed: Raw | string = p.maxSpeed
    ? html`<section class="card" aria-label="Verified Max Speed"><div class="label">Verified Max Speed</div>
      <div class="big">${bigSpeed(p.maxSpeed.value, p.maxSpeed.plusMinus)}</div>
      ${p.maxSpeed.verifiedByTwo ? html`<p><span class="badge">${VERIFIED_BY_TWO}</span></p>` : ''}
      ${p.maxSpeed.methodLabel ? html`<p class="muted">Method: ${p.maxSpeed.methodLabel}</p>` : ''}
      <p class="muted">Verified ${formatResultDate(p.maxSpeed.date)} · ${p.maxSpeed.season} season</p>
      ${pct(kindOfResultField('maxSpeed').leaderboardMetric)}
      ${p.maxSpeed.receiptPath ? html`<p><a class="btn alt" href="${p.maxSpeed.receiptPath}">Receipt: stills and splits</a></p>` : ''}</section>`
    : '';
  // Each kind whose evidence is in kind_receipts (decision 243): one card per kind, none named here.
  const kinds = p.kindResults.map((k) => {
    const kind = findAnalysisKind(k.kind);
    return html`<section class="card" aria-label="${k.label}"><div class="label">${kind?.metricLabel ?? k.label}</div>
      <div class="big">${kindResultHeadline(k.text, k.method)}</div>
      <p class="muted">Method: ${kindMethodText(kind, k.method)}</p>
      ${k.detail ? html`<p class="muted">${k.detail}</p>` : ''}
      <p class="muted">Verified ${formatResultDate(k.date)} · ${k.season} season</p>
      ${k.receiptPath ? html`<p><a class="btn alt" href="${k.receiptPath}">${kind?.receiptLinkText ?? 'Receipt: the marked frames'}</a></p>` : ''}</section>`;
  });
  const iga: Raw | string = p.iga
    ? html`<section class="card" aria-label="IGA Score"><div class="label">IGA Score</div>
      <div class="big">${p.iga.score.toFixed(1)}</div><p class="muted">${p.iga.position ? `${p.iga.position} · ` : ''}Verified ${formatResultDate(p.iga.date)} · ${p.iga.season} season</p>
      ${pct('iga_score')}
      ${
        p.iga.submetrics.length
          ? html`<div class="label" style="margin-top:10px">Submetrics (${ANALYST_ASSESSMENT})</div>
      <ul class="subs">${p.iga.submetrics.map((s) => html`<li><span>${s.name}</span><span>${s.value}${s.unit ? ` ${s.unit}` : ''}</span></li>`)}</ul>`
          : ''
      }</section>`
    : '';
  const links = [
    safe(p.hudlUrl)
      ? html`<a class="btn" href="${safe(p.hudlUrl)}" rel="noopener nofollow">Hudl highlights</a>`
      : '',
    p.twitter
      ? html`<a class="btn alt" href="https://x.com/${encodeURIComponent(p.twitter)}" rel="noopener nofollow">X @${p.twitter}</a>`
      : '',
    p.instagram
      ? html`<a class="btn alt" href="https://instagram.com/${encodeURIComponent(p.instagram)}" rel="noopener nofollow">Instagram @${p.instagram}</a>`
      : '',
    safe(p.facebook)
      ? html`<a class="btn alt" href="${safe(p.facebook)}" rel="noopener nofollow">Facebook</a>`
      : '',
  ];
  const academics = p.academics
    ? html`<p class="muted">${[p.academics.gpa !== null ? `GPA ${p.academics.gpa.toFixed(2)}` : null, p.academics.sat ? `SAT ${p.academics.sat}` : null, p.academics.act ? `ACT ${p.academics.act}` : null].filter(Boolean).join(' · ')}</p>`
    : '';
  const body = html`
  <section class="card hero">
    ${p.photoUrl ? html`<img src="${p.photoUrl}" alt="Photo of ${p.name}">` : html`<div class="initials" aria-hidden="true">${initials(p.name)}</div>`}
    <div><h1>${p.name}</h1>${p.school ? html`<p class="sub">${p.school}</p>` : ''}
      <div class="facts">${facts.map((f) => html`<span class="fact">${f}</span>`)}</div>${academics}</div>
  </section>
  <div class="grid">${speed}${kinds}${iga}</div>
  ${!p.maxSpeed && !p.kindResults.length && !p.iga ? html`<section class="card"><p>No verified results shared yet.</p></section>` : ''}
  <section class="card"><div class="label">Links</div><p>${links}
    <a class="btn alt" href="${ctx.path}/recruiting-sheet.pdf">Recruiting sheet (PDF)</a>
    <a class="btn alt" href="${ctx.path}/qr.png" download>QR code</a></p></section>
  ${ctx.connectPath ? coachConnect(ctx.connectPath) : ''}`;
  return layout(
    {
      title: `${p.name} · Verified Athlete`,
      description: summaryLine(p) || 'Verified athlete profile',
      url: ctx.url,
      image: `${ctx.url}/share.png`,
    },
    body,
  );
}
