// Input that PostgreSQL or the JSON parser cannot take, refused as a 400 before any side effect: the errors
// plugin checks every request with these, and routes that read their own body (uploads, the webhook's raw
// body) call them too. They live below plugins and modules so that both may use them (decision 200).

export const NUL_IN_TEXT = 'Text must not contain NUL characters';

/** PostgreSQL text cannot hold U+0000: such input would fail in the database as a 500, after earlier side effects. */
export function hasNul(v: unknown, depth = 0): boolean {
  if (typeof v === 'string') return v.includes('\u0000');
  if (depth > 32 || v === null || typeof v !== 'object' || Buffer.isBuffer(v)) return false;
  for (const k in v)
    if (k.includes('\u0000') || hasNul((v as Record<string, unknown>)[k], depth + 1)) return true;
  return false;
}

export const INVALID_UNICODE = 'Text must not contain invalid Unicode characters';
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A lone UTF-16 surrogate cannot be stored as UTF-8: PostgreSQL refuses it in text and JSON columns. */
export function hasLoneSurrogate(v: unknown, depth = 0): boolean {
  if (typeof v === 'string') return LONE_SURROGATE.test(v);
  if (depth > 32 || v === null || typeof v !== 'object' || Buffer.isBuffer(v)) return false;
  for (const k in v)
    if (LONE_SURROGATE.test(k) || hasLoneSurrogate((v as Record<string, unknown>)[k], depth + 1)) return true;
  return false;
}

/** Deeper JSON than any form sends; deeper input would also overflow the serializer's recursion. */
export const MAX_JSON_DEPTH = 64;
export const TOO_DEEP = `JSON must not nest deeper than ${MAX_JSON_DEPTH} levels`;

/** Nesting depth of JSON text, counted without parsing (no recursion), stopping once past `max`. */
export function jsonDepthExceeds(text: string, max: number) {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++;
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      if (++depth > max) return true;
    } else if (c === 125 || c === 93) depth--;
  }
  return false;
}
