/**
 * What the in-memory copies of database reads share (sessions, decision 215; answers, decision 216): kept
 * values are frozen, so a handler that changed one cannot change the next request's, and a map of them
 * holds at most `max` entries, dropping the oldest.
 */
export function deepFreeze<T>(value: T): T {
  // Bytes cannot be frozen (a kept answer's JSON): only sendKept holds them, and it only sends them.
  if (ArrayBuffer.isView(value)) return value;
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    if (!(value instanceof Date)) for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** Sets `key` as the newest entry, first dropping the oldest when the map is full. */
export function keepBounded<V>(entries: Map<string, V>, key: string, value: V, max: number) {
  entries.delete(key);
  if (entries.size >= max) entries.delete(entries.keys().next().value as string);
  entries.set(key, value);
}
