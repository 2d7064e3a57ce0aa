import { describe, expect, it } from 'vitest';
import { AppSession, IDLE_MS, REFRESH_AFTER_MS, type SessionStore } from './session';

/** A store that notes what it was asked to write. */
function store() {
  const writes: string[] = [];
  const queries: SessionStore = {
    load: async () => null,
    save: async (sid, data) => void writes.push(`save ${sid} ${JSON.stringify(data)}`),
    touch: async (sid) => void writes.push(`touch ${sid}`),
    revoke: async (sid) => void writes.push(`revoke ${sid}`),
    purgeExpired: async () => undefined,
  };
  return { queries, writes };
}
const fresh = () => Date.now() + IDLE_MS;
type Loose = AppSession & Record<string, unknown>;

describe('a session knows whether its data changed, as its JSON would', () => {
  it('a loaded session is unchanged, and setting a field to its own value changes nothing', () => {
    const { queries } = store();
    const s = new AppSession(queries, 'sid1', { userId: 7, note: 'a' }, fresh()) as Loose;
    expect(s.isModified()).toBe(false);
    s.userId = 7;
    s.note = 'a';
    expect(s.isModified()).toBe(false);
    s.userId = 8;
    expect(s.isModified()).toBe(true);
  });

  it('a field set to undefined is no field; a removed field or a new one is a change', () => {
    const { queries } = store();
    const s = new AppSession(queries, 'sid1', { userId: 7 }, fresh()) as Loose;
    s.extra = undefined;
    expect(s.isModified()).toBe(false);
    s.extra = 'x';
    expect(s.isModified()).toBe(true);
    const t = new AppSession(queries, 'sid2', { userId: 7, gone: 1 }, fresh()) as Loose;
    delete t.gone;
    expect(t.isModified()).toBe(true);
    const u = new AppSession(queries, 'sid3', { userId: 7, gone: 1 }, fresh()) as Loose;
    u.gone = undefined;
    expect(u.isModified()).toBe(true);
  });

  it('an object changed in place is a change; an equal new object is not', () => {
    const { queries } = store();
    const s = new AppSession(queries, 'sid1', { prefs: { a: 1 } }, fresh()) as Loose;
    s.prefs = { a: 1 };
    expect(s.isModified()).toBe(false);
    (s.prefs as { a: number }).a = 2;
    expect(s.isModified()).toBe(true);
  });

  it('writes only what needs writing at the end of a request', async () => {
    const { queries, writes } = store();
    // A read of a fresh session: nothing to write.
    const read = new AppSession(queries, 'sid1', { userId: 7 }, fresh());
    expect(read.needsFlush()).toBe(false);
    await read.flush();
    expect(writes).toEqual([]);
    // A session whose expiry has fallen an hour behind is touched, once.
    const stale = new AppSession(queries, 'sid2', { userId: 7 }, fresh() - REFRESH_AFTER_MS - 1000);
    expect(stale.needsFlush()).toBe(true);
    await stale.flush();
    expect(writes).toEqual(['touch sid2']);
    expect(stale.cookie).toBe('set');
    expect(stale.needsFlush()).toBe(false);
    // A changed session is saved, and is then unchanged.
    const changed = new AppSession(queries, 'sid3', { userId: 7 }, fresh()) as Loose;
    changed.userId = 9;
    await changed.flush();
    expect(writes.at(-1)).toBe('save sid3 {"userId":9}');
    expect(changed.isModified()).toBe(false);
    // A signed-out visitor with nothing set writes nothing, not even a new id.
    const anonymous = new AppSession(queries, null, null);
    expect(anonymous.needsFlush()).toBe(false);
    // Data on a session with no row and no user is not stored either (no row for a stranger's data).
    (anonymous as Loose).note = 'x';
    expect(anonymous.needsFlush()).toBe(false);
    // A destroyed session writes nothing more.
    const ended = new AppSession(queries, 'sid4', { userId: 7 }, fresh());
    await ended.destroy();
    expect(writes.at(-1)).toBe('revoke sid4');
    expect(ended.needsFlush()).toBe(false);
  });
});
