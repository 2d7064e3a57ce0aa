/**
 * The soak's HTTP client: every request is recorded with when it started, how long it took (body
 * read included) and its status; 0 is no answer (connection refused or reset, or the time limit).
 */
import { performance } from 'node:perf_hooks';

export interface Sample {
  /** What the driver did: 'GET /api/user', 'upload', 'checkout', ... */
  kind: string;
  write: boolean;
  /** Start, ms since the recorder's zero. */
  t: number;
  ms: number;
  status: number;
  error?: string;
}

export interface Answer {
  status: number;
  body: any;
  headers: Headers | null;
}

const TIME_LIMIT_MS = 60_000;

export class Recorder {
  readonly samples: Sample[] = [];
  private zero = performance.now();
  /** Seconds since zero. */
  now = () => (performance.now() - this.zero) / 1000;
  reset() {
    this.zero = performance.now();
    this.samples.length = 0;
  }

  constructor(
    readonly base: string,
    private readonly origin: string,
  ) {}

  async call(
    kind: string,
    p: string,
    o: { method?: string; cookie?: string; json?: unknown; form?: FormData; write?: boolean } = {},
  ): Promise<Answer> {
    const method = o.method ?? (o.json !== undefined || o.form ? 'POST' : 'GET');
    const headers = new Headers();
    if (o.cookie) headers.set('cookie', o.cookie);
    if (method !== 'GET') headers.set('origin', this.origin);
    let body: string | FormData | undefined;
    if (o.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(o.json);
    } else if (o.form) body = o.form;
    const start = performance.now();
    const sample: Sample = {
      kind,
      write: o.write ?? method !== 'GET',
      t: start - this.zero,
      ms: 0,
      status: 0,
    };
    this.samples.push(sample);
    try {
      const res = await fetch(this.base + p, {
        method,
        headers,
        body,
        signal: AbortSignal.timeout(TIME_LIMIT_MS),
      });
      const text = await res.text();
      sample.status = res.status;
      sample.ms = performance.now() - start;
      let parsed: unknown = text;
      if (res.headers.get('content-type')?.includes('json')) {
        try {
          parsed = JSON.parse(text);
        } catch {
          // a cut-off body stays text
        }
      }
      return { status: res.status, body: parsed, headers: res.headers };
    } catch (err) {
      sample.ms = performance.now() - start;
      const e = err as { name?: string; cause?: { code?: string }; message?: string };
      sample.error = e.name === 'TimeoutError' ? 'timeout' : (e.cause?.code ?? e.message ?? String(err));
      return { status: 0, body: null, headers: null };
    }
  }
}

export const ok = (a: Answer) => a.status >= 200 && a.status < 300;

/** The session cookie a sign-in answer sets. */
export const sessionCookie = (a: Answer) =>
  a.headers
    ?.getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('va.sid='));
