import { firstReads } from '../../contract/first-reads';

const escapeAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The page (index.html) for a signed-in visit to `pathname`, naming the screen's first reads for the browser
 * to ask for beside the page's code (decision 224); null when the path names none, so the file is sent as is.
 */
export function pageWithFirstReads(html: string, pathname: string): string | null {
  const urls = firstReads(pathname);
  if (!urls.length || !html.includes('</head>')) return null;
  const links = urls
    .map((u) => `<link rel="preload" href="${escapeAttr(u)}" as="fetch" crossorigin="use-credentials" />`)
    .join('\n    ');
  return html.replace('</head>', `  ${links}\n  </head>`);
}
