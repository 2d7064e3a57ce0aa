import { http, type HttpHandler, type HttpResponseResolver } from 'msw';
import type { Endpoint, PathParams } from '@contract/endpoint';

const HANDLERS = {
  GET: http.get,
  POST: http.post,
  PUT: http.put,
  PATCH: http.patch,
  DELETE: http.delete,
} as const;

/**
 * The MSW handler of a declared endpoint (contract/api): its method and path, as the app calls it. A path
 * parameter named in `params` matches that value only; one left out matches any value, as `:id` does.
 */
export function mock<E extends Endpoint>(
  endpoint: E,
  resolver: HttpResponseResolver,
  params: Partial<PathParams<E['path']>> = {},
): HttpHandler {
  const values = params as Record<string, string | number | undefined>;
  const path = endpoint.path.replace(/:([A-Za-z0-9_]+)/g, (param, name: string) =>
    values[name] === undefined ? param : encodeURIComponent(String(values[name])),
  );
  return HANDLERS[endpoint.method](path, resolver);
}
