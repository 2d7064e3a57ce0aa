const escapeAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The page (index.html) naming a screen's first reads (`firstReads`) for the browser to ask for beside the
 * page's code (decision 224); null when the page has no head to put them in, so the file is sent as is.
 */
export function pageWithFirstReads(html: string, urls: readonly string[]): string | null {
  if (!html.includes('</head>')) return null;
  const links = urls
    .map((u) => `<link rel="preload" href="${escapeAttr(u)}" as="fetch" crossorigin="use-credentials" />`)
    .join('\n    ');
  return html.replace('</head>', `  ${links}\n  </head>`);
}
