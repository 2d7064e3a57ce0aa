import { speedParts } from '../../../contract/measurement-math';

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
/** Every value the family typed goes through this before it reaches the page. */
export const esc = (v: unknown) => String(v ?? '').replace(/[&<>"']/g, (c) => ENTITIES[c]);

/** A tagged template whose interpolations are escaped unless wrapped in raw(). */
export class Raw {
  constructor(readonly html: string) {}
}
const raw = (html: string) => new Raw(html);
export function html(strings: TemplateStringsArray, ...values: unknown[]): Raw {
  let out = strings[0];
  values.forEach((v, i) => {
    const parts = Array.isArray(v) ? v : [v];
    out += parts
      .map((x) => (x instanceof Raw ? x.html : x === null || x === undefined || x === false ? '' : esc(x)))
      .join('');
    out += strings[i + 1];
  });
  return new Raw(out);
}

const STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f1f5f9;color:#0f172a;line-height:1.45}
a{color:#1d4ed8}header.top{background:#0f172a;color:#fff;padding:12px 20px;font-weight:700;letter-spacing:.02em}
header.top span{color:#4ade80}main{max-width:920px;margin:0 auto;padding:20px 16px 40px}
.card{background:#fff;border-radius:14px;box-shadow:0 1px 3px rgba(15,23,42,.12);padding:20px;margin-bottom:16px}
.hero{display:flex;gap:20px;align-items:center;flex-wrap:wrap}.hero img{width:132px;height:132px;border-radius:12px;object-fit:cover;background:#e2e8f0}
.initials{width:132px;height:132px;border-radius:12px;background:#1e293b;color:#fff;display:flex;align-items:center;justify-content:center;font-size:44px;font-weight:700}
h1{margin:0 0 4px;font-size:30px;line-height:1.15}.sub{color:#475569;margin:2px 0}.facts{display:flex;flex-wrap:wrap;gap:8px;margin-top:10px}
.fact{background:#f1f5f9;border-radius:999px;padding:4px 12px;font-size:14px}.grid{display:grid;gap:16px;grid-template-columns:1fr}
@media(min-width:760px){.grid{grid-template-columns:1fr 1fr}}
.label{text-transform:uppercase;font-size:12px;letter-spacing:.08em;color:#64748b;font-weight:600}
.big{font-size:40px;font-weight:800;margin:4px 0}.pm{font-size:22px;font-weight:600;color:#334155}
.badge{display:inline-block;background:#dcfce7;color:#166534;border-radius:999px;padding:3px 10px;font-size:13px;font-weight:600}
.muted{color:#64748b;font-size:14px}.pct{margin:6px 0;font-weight:600}ul.subs{list-style:none;padding:0;margin:8px 0 0}
ul.subs li{display:flex;justify-content:space-between;border-bottom:1px solid #e2e8f0;padding:6px 0;gap:12px}
.btn{display:inline-block;background:#0f172a;color:#fff;text-decoration:none;border-radius:8px;padding:10px 16px;font-weight:600;margin:4px 8px 4px 0}
.btn.alt{background:#fff;color:#0f172a;border:1px solid #cbd5e1}table{border-collapse:collapse;width:100%;font-size:14px}
th,td{text-align:left;padding:6px 8px;border-bottom:1px solid #e2e8f0}.stills{display:grid;gap:12px;grid-template-columns:repeat(auto-fill,minmax(220px,1fr))}
.stills figure{margin:0}.stills img{width:100%;border-radius:8px;display:block}.stills figcaption{font-size:13px;color:#475569;margin-top:4px}
footer{text-align:center;color:#64748b;font-size:13px;padding:10px}
.summary p{margin:6px 0}details.card summary{cursor:pointer;font-weight:600}details.card[open] summary{margin-bottom:8px}`;

interface PageMeta {
  title: string;
  description: string;
  url: string;
  image?: string;
  /** False on a page without numbers ('Profile not found'): its footer would speak of none. */
  measuredFooter?: boolean;
}

/** A speed in large type, its bound set smaller: formatSpeed's words ('22.3 mph ± 0.5', decision 208). */
export function bigSpeed(mph: number, plusMinus: number | null | undefined): Raw {
  const p = speedParts(mph, plusMinus);
  return html`${p.number} ${p.unit}${p.bound ? html` <span class="pm">${p.bound}</span>` : ''}`;
}

/** A whole page: no script at all, so it reads the same in a link preview, a reader or with JavaScript off. */
export function layout(meta: PageMeta, body: Raw): string {
  const og = meta.image
    ? html`<meta property="og:image" content="${meta.image}"><meta property="og:image:width" content="1200"><meta property="og:image:height" content="630">
<meta name="twitter:card" content="summary_large_image"><meta name="twitter:image" content="${meta.image}">`
    : html`<meta name="twitter:card" content="summary">`;
  return `<!doctype html>${
    html`<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${meta.title}</title><meta name="description" content="${meta.description}"><meta name="robots" content="noindex,nofollow">
<meta property="og:type" content="profile"><meta property="og:site_name" content="Verified Athlete"><meta property="og:title" content="${meta.title}">
<meta property="og:description" content="${meta.description}"><meta property="og:url" content="${meta.url}">
<meta name="twitter:title" content="${meta.title}"><meta name="twitter:description" content="${meta.description}">${og}
<link rel="canonical" href="${meta.url}"><style>${raw(STYLE)}</style></head>
<body><header class="top">Verified <span>Athlete</span></header><main>${body}</main>
${meta.measuredFooter === false ? '' : raw("<footer>Numbers on this page were measured by Verified Athlete analysts from video. Shared by the player's family.</footer>")}</body></html>`
      .html
  }`;
}
