import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { keepBounded } from '../lib/kept-in-memory';

/**
 * Which answers a set of headers is for:
 * - `every`: all of them;
 * - `documents`: every answer that is not JSON (pages, files, images: what a browser may render);
 * - `json`: JSON answers (`application/json`, `…+json`);
 * - `api`: answers to a path under `/api/`, JSON or not.
 */
export type AnswerKind = 'every' | 'documents' | 'json' | 'api';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Adds headers that answers of this kind carry, whatever their route or status (the security
     * headers, the instance id, the API's cache policy). Called while plugins register; fixed once the
     * first request has been answered. A route or hook that sets one of them replaces it.
     */
    answerHeaders: (headers: Record<string, string>, kind?: AnswerKind) => void;
  }
}

type Headers = Record<string, string>;

/** Whether an answer's content type is JSON (`application/json`, `application/problem+json`, …). */
export function isJsonType(type: unknown) {
  if (typeof type !== 'string') return false;
  // Answers carry a handful of content types: each is read once (every answer asks).
  let known = jsonTypes.get(type);
  if (known === undefined) keepBounded(jsonTypes, type, (known = readJsonType(type)), 100);
  return known;
}
const jsonTypes = new Map<string, boolean>();

function readJsonType(type: string) {
  const end = type.indexOf(';');
  const media = (end < 0 ? type : type.slice(0, end)).trim().toLowerCase();
  return media === 'application/json' || (media.startsWith('application/') && media.endsWith('+json'));
}

/**
 * A response's fixed headers are set as it is sent (decisions 235, 237 and 253), chosen by what it is:
 * JSON or not, under `/api/` or not. Each is set with `reply.header` unless the route or an earlier hook
 * set it (a route that removes one of them sees it set again). Every response reaches `onSend`: errors
 * and 404s too; nothing here writes to the raw response.
 */
export default fp(async (app) => {
  const sets: Record<AnswerKind, Headers> = { every: {}, documents: {}, json: {}, api: {} };
  let fixed = false;
  app.decorate('answerHeaders', (headers: Headers, kind: AnswerKind = 'every') => {
    if (fixed) throw new Error('The headers of every response are fixed once the app has responded');
    for (const [name, value] of Object.entries(headers)) sets[kind][name.toLowerCase()] = value;
  });
  // One list per (JSON, under /api/): 0 a document elsewhere, 1 JSON elsewhere, 2 a document under
  // /api/, 3 JSON under /api/. A later kind's header replaces an earlier one's of the same name.
  const lists: (readonly (readonly [string, string])[] | undefined)[] = [];
  const listOf = (json: boolean, api: boolean) =>
    Object.entries({ ...sets.every, ...(json ? sets.json : sets.documents), ...(api ? sets.api : {}) });
  const setAll = (req: FastifyRequest, reply: FastifyReply) => {
    fixed = true;
    const json = isJsonType(reply.getHeader('content-type'));
    const api = req.url.startsWith('/api/');
    const which = (json ? 1 : 0) + (api ? 2 : 0);
    for (const [name, value] of (lists[which] ??= listOf(json, api)))
      if (!reply.hasHeader(name)) reply.header(name, value);
  };
  app.addHook('onSend', (req, reply, payload, done) => {
    setAll(req, reply);
    done(null, payload);
  });
});
