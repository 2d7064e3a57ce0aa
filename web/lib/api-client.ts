/** One typed error for every failed call: status, the server's message, its code and field errors. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly errors?: Record<string, string>,
    readonly body?: unknown,
  ) {
    super(message);
  }
}

type Json = Record<string, unknown> | unknown[];

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  body?: Json | FormData;
  signal?: AbortSignal;
}

async function toError(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  let body: any;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  const message =
    body?.message ??
    body?.error ??
    (res.status >= 500 ? `${res.status}: ${res.statusText}` : `${res.status}: ${text || res.statusText}`);
  return new ApiError(res.status, message, body?.code, body?.errors, body);
}

/** Every call sends the session cookie; JSON in, JSON out. */
export async function api<T = unknown>(path: string, opts: RequestOptions = {}): Promise<T> {
  const isForm = opts.body instanceof FormData;
  const res = await fetch(path, {
    method: opts.method ?? (opts.body ? 'POST' : 'GET'),
    credentials: 'include',
    headers: {
      Accept: 'application/json',
      ...(opts.body && !isForm ? { 'Content-Type': 'application/json' } : {}),
    },
    body: opts.body ? (isForm ? (opts.body as FormData) : JSON.stringify(opts.body)) : undefined,
    signal: opts.signal,
  });
  if (!res.ok) throw await toError(res);
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** One page of a keyset list: the body, and the X-Next-Cursor header (null on the last page; decision 063). */
export async function apiPage<T>(
  path: string,
  cursor?: string | null,
  signal?: AbortSignal,
): Promise<{ data: T; nextCursor: string | null }> {
  const url = cursor ? `${path}${path.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}` : path;
  const res = await fetch(url, { credentials: 'include', headers: { Accept: 'application/json' }, signal });
  if (!res.ok) throw await toError(res);
  return { data: (await res.json()) as T, nextCursor: res.headers.get('x-next-cursor') };
}

/** The default loader: the first key element is the path; a search path gets ?query= from the second. */
export function defaultQueryFn({ queryKey, signal }: { queryKey: readonly unknown[]; signal: AbortSignal }) {
  let path = String(queryKey[0]);
  if (path.includes('search') && queryKey.length > 1) {
    path += `${path.includes('?') ? '&' : '?'}query=${encodeURIComponent(String(queryKey[1]))}`;
  }
  return api(path, { signal });
}
