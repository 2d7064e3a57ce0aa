import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { kReplyHeaders } from '../lib/fastify-internals';
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

/**
 * A function answering a new object of these headers, made as one object literal: about 30 times faster
 * than setting them one by one (`reply.header` lower-cases and stores each, 9% of a kept read's CPU in a
 * profile, decision 235). The names are JSON-quoted into the literal, the values passed in.
 */
function literalOf(headers: Headers): () => Headers {
  const names = Object.keys(headers);
  const values = names.map((n) => headers[n]);
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- made of JSON-quoted header names only
  const make = new Function(
    'v',
    `return {${names.map((n, i) => `${JSON.stringify(n)}: v[${i}]`).join(', ')}};`,
  );
  return () => make(values) as Headers;
}

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
 * An answer's fixed headers are set in one step as it is sent (decisions 235 and 237), chosen by what
 * it is: JSON or not, under `/api/` or not. Fastify keeps an answer's headers in one object, which is
 * replaced by a copy of these with everything the route and earlier hooks set on top, as `reply.header`
 * would have done (a route that removes one of them sees it set again). Should Fastify ever keep them
 * elsewhere, each is set with `reply.header` instead. Every answer reaches `onSend`: errors and 404s
 * too; nothing here writes to the raw response.
 */
export default fp(async (app) => {
  const sets: Record<AnswerKind, Headers> = { every: {}, documents: {}, json: {}, api: {} };
  let fixed = false;
  app.decorate('answerHeaders', (headers: Headers, kind: AnswerKind = 'every') => {
    if (fixed) throw new Error('The headers of every answer are fixed once the app has answered');
    for (const [name, value] of Object.entries(headers)) sets[kind][name.toLowerCase()] = value;
  });
  // One maker per (JSON, under /api/): 0 a document elsewhere, 1 JSON elsewhere, 2 a document under
  // /api/, 3 JSON under /api/. A later kind's header replaces an earlier one's of the same name.
  const makers: ((() => Headers) | undefined)[] = [];
  const setOf = (json: boolean, api: boolean): Headers => ({
    ...sets.every,
    ...(json ? sets.json : sets.documents),
    ...(api ? sets.api : {}),
  });
  const setAll = (req: FastifyRequest, reply: FastifyReply) => {
    fixed = true;
    const slot = reply as unknown as Record<symbol, Headers | undefined>;
    const before = typeof kReplyHeaders === 'symbol' ? slot[kReplyHeaders] : undefined;
    const json = isJsonType(
      typeof before === 'object' && before !== null
        ? before['content-type']
        : reply.getHeader('content-type'),
    );
    const api = req.url.startsWith('/api/');
    if (typeof before !== 'object' || before === null) {
      const own = reply.getHeaders();
      for (const [name, value] of Object.entries(setOf(json, api)))
        if (own[name] === undefined) reply.header(name, value);
      return;
    }
    const which = (json ? 1 : 0) + (api ? 2 : 0);
    const fresh = (makers[which] ??= literalOf(setOf(json, api)))();
    for (const name in before) fresh[name] = before[name];
    slot[kReplyHeaders as symbol] = fresh;
  };
  app.addHook('onSend', (req, reply, payload, done) => {
    setAll(req, reply);
    done(null, payload);
  });
});
