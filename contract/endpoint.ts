import { z } from 'zod';
import type { Access } from './access';

/**
 * One declaration per endpoint (convention 15, decision 199): method, path, who may call, the shapes of
 * its input and answer. The server registers the route and checks access from it, the OpenAPI document
 * is generated from it, the web calls it and the web tests mock it; the path is spelled here only.
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Endpoint {
  method: Method;
  /** Fastify style, `:name` for a path parameter: '/api/players/:id'. */
  path: string;
  access: Access;
  params?: z.ZodType;
  query?: z.ZodType;
  /** A JSON body. */
  body?: z.ZodType;
  /**
   * A multipart/form-data body: its text fields (the file parts described with `binary`). Shown in the
   * OpenAPI document; the route reads the parts as a stream and parses the fields with it.
   */
  form?: z.ZodType;
  /** The answer of a success. */
  response: z.ZodType;
  /**
   * The media type of an answer that is a file, not JSON (a CSV, a video): `response` is then `binary()`,
   * for the OpenAPI document; the route sends the bytes itself and the web links to `pathOf`.
   */
  produces?: string;
  /** The status of a success (200 unless said). */
  status?: 200 | 201 | 202 | 204;
  /**
   * Error statuses the endpoint answers besides the ones its declaration implies (400 for any input,
   * 401 unless public, 403 when a role is needed); all in the one error shape unless `errorBody` says.
   */
  errors?: readonly number[];
  errorBody?: z.ZodType;
  summary?: string;
  description?: string;
  tags?: readonly string[];
}

/** Bytes, for the OpenAPI document: a file part of a `form` (optional there), or a file answer. */
export const binary = (description: string) => z.string().meta({ format: 'binary', description });

/** Keeps the literal types (method, path, access, schemas) that the server and the web infer from. */
export const defineEndpoint = <const E extends Endpoint>(endpoint: E): E => endpoint;

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The path parameters, by name, as the URL carries them. */
export type PathParams<P extends string> = { [K in ParamNames<P>]: string | number };

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type In<S> = S extends z.ZodType ? z.input<S> : undefined;

/** What a success answers (the JSON the server serializes). */
export type Answer<E extends Endpoint> = Out<E['response']>;
/** What a caller sends: JSON for `body`, FormData for `form`. */
export type BodyIn<E extends Endpoint> = E['form'] extends z.ZodType ? FormData : In<E['body']>;
export type QueryIn<E extends Endpoint> = In<E['query']>;
/** The validated input a route handler reads. */
export type ParamsOut<E extends Endpoint> = Out<E['params']>;
export type QueryOut<E extends Endpoint> = Out<E['query']>;
export type BodyOut<E extends Endpoint> = Out<E['body']>;

/** The URL of an endpoint for these parameters, each one encoded. */
export function pathOf<E extends Endpoint>(endpoint: E, params?: PathParams<E['path']>): string {
  const values = (params ?? {}) as Record<string, string | number>;
  return endpoint.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === null) throw new Error(`${endpoint.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
}
