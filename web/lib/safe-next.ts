const BASE = 'https://same-site.invalid';

/**
 * A path to return to after sign-in, or null. Only this site's paths: '/players/3?tab=x#h' passes;
 * '//evil.com', 'https://evil.com', '/\\evil.com', 'javascript:...' and the auth page itself do not.
 */
export function safeNextPath(value: string | null | undefined): string | null {
  if (!value || value.length > 2000 || !value.startsWith('/') || value.startsWith('//')) return null;
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE || url.pathname.startsWith('/auth-page')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
