import {
  pathOf,
  type Answer,
  type BodyIn,
  type Endpoint,
  type PathParams,
  type QueryIn,
} from '@contract/endpoint';

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
  method?: Endpoint['method'];
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
async function request<T>(url: string, opts: RequestOptions = {}): Promise<T> {
  const isForm = opts.body instanceof FormData;
  const res = await fetch(url, {
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

type ParamsOption<E extends Endpoint> = keyof PathParams<E['path']> extends never
  ? { params?: undefined }
  : { params: PathParams<E['path']> };
type BodyOption<E extends Endpoint> = E['body'] extends object
  ? { body: BodyIn<E> }
  : E['form'] extends object
    ? { body: FormData }
    : { body?: undefined };

/** What a call sends: the path's parameters, the query, the body, as its declaration types them. */
export type CallOptions<E extends Endpoint> = ParamsOption<E> &
  BodyOption<E> & { query?: QueryIn<E>; signal?: AbortSignal };
/** The options may be left out when nothing in them is required. */
type CallArgs<E extends Endpoint> =
  Record<never, never> extends CallOptions<E> ? [options?: CallOptions<E>] : [options: CallOptions<E>];

/** The URL of a declared endpoint with its query (for links and downloads the browser opens itself). */
export function urlOf<E extends Endpoint>(
  endpoint: E,
  options: { params?: PathParams<E['path']>; query?: QueryIn<E> } = {},
): string {
  const path = pathOf(endpoint, options.params);
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const q = search.toString();
  return q ? `${path}?${q}` : path;
}

/** Calls a declared endpoint (contract/api): its method and path, typed input, typed answer. */
export function call<E extends Endpoint>(endpoint: E, ...[options]: CallArgs<E>): Promise<Answer<E>> {
  const o = (options ?? {}) as { params?: PathParams<E['path']>; query?: QueryIn<E>; body?: Json | FormData };
  return request<Answer<E>>(urlOf(endpoint, o), {
    method: endpoint.method,
    body: o.body,
    signal: options?.signal,
  });
}

/**
 * One page of a keyset list: the body, and the X-Next-Cursor header (null on the last page; decision 063).
 * The cursor travels in the query, beside the page size.
 */
export async function apiPage<E extends Endpoint>(
  endpoint: E,
  options: { params?: PathParams<E['path']>; query?: QueryIn<E>; signal?: AbortSignal },
): Promise<{ data: Answer<E>; nextCursor: string | null }> {
  const res = await fetch(urlOf(endpoint, options), {
    credentials: 'include',
    headers: { Accept: 'application/json' },
    signal: options.signal,
  });
  if (!res.ok) throw await toError(res);
  return { data: (await res.json()) as Answer<E>, nextCursor: res.headers.get('x-next-cursor') };
}
