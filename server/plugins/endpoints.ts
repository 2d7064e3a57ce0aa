import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  FastifySchemaCompiler,
  RouteShorthandOptions,
} from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { mayCall, ROLES } from '../../contract/access';
import type { Answer, BodyOut, Endpoint, ParamsOut, QueryOut } from '../../contract/endpoint';
import { errorBodySchema } from '../../contract/errors';
import type { UserRow } from '../db/schema';

/** The validated input of an endpoint, and the signed-in user its access level guarantees. */
export type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Params: ParamsOut<E>;
  Querystring: QueryOut<E>;
  Body: BodyOut<E>;
}> & { user: E['access'] extends 'public' ? UserRow | null : UserRow };

/**
 * A handler returns the answer; one of a file answer (`produces`) sends the bytes and returns the reply, as
 * one sending a kept answer does (`sendKept`, already written by the route's serializer).
 */
type Handler<E extends Endpoint> = (
  req: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<E extends { produces: string } ? FastifyReply : Answer<E> | FastifyReply>;

/** Everything a route adds to its declaration: rate limits, body limits, hooks. Never its schema. */
type RouteOptions = Omit<RouteShorthandOptions, 'schema'>;

/** The error statuses of an endpoint: the ones its input and access imply, and the ones it declares. */
export function errorStatuses(endpoint: Endpoint): number[] {
  const statuses = new Set(endpoint.errors ?? []);
  if (endpoint.params || endpoint.query || endpoint.body || endpoint.form) statuses.add(400);
  if (endpoint.access !== 'public') statuses.add(401);
  if (ROLES.some((role) => !mayCall(endpoint.access, role))) statuses.add(403);
  return [...statuses].sort((a, b) => a - b);
}

/** The Fastify schema of a declaration: validation, response serialization and the OpenAPI entry. */
function schemaOf(endpoint: Endpoint): FastifySchema {
  const errorBody = endpoint.errorBody ?? errorBodySchema;
  const response: Record<number, unknown> = {
    [endpoint.status ?? 200]: endpoint.produces
      ? { content: { [endpoint.produces]: { schema: endpoint.response } } }
      : endpoint.response,
  };
  for (const status of errorStatuses(endpoint)) response[status] = errorBody;
  const schema: FastifySchema & Record<string, unknown> = { response };
  if (endpoint.tags) schema.tags = [...endpoint.tags];
  if (endpoint.summary) schema.summary = endpoint.summary;
  if (endpoint.description) schema.description = endpoint.description;
  if (endpoint.params) schema.params = endpoint.params;
  if (endpoint.query) schema.querystring = endpoint.query;
  if (endpoint.body) schema.body = endpoint.body;
  if (endpoint.form) {
    schema.body = endpoint.form;
    schema.consumes = ['multipart/form-data'];
  }
  return schema;
}

/**
 * A multipart body is read by the handler as a stream, so Fastify has no body to validate: the form's
 * schema documents the fields and the handler parses them with it.
 */
const streamedBody: FastifySchemaCompiler<FastifySchema> = (route) =>
  route.httpPart === 'body'
    ? (value) => ({ value })
    : validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);

/**
 * Registers a declared endpoint: its method and path, its schema, and its access level as
 * `config.access` (the access plugin checks it before the body is read). The handler returns the answer;
 * the declared success status is set before it runs.
 */
export function route<E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: Handler<E>): void;
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  options: RouteOptions,
  handler: Handler<E>,
): void;
export function route<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  a: RouteOptions | Handler<E>,
  b?: Handler<E>,
) {
  const options = typeof a === 'function' ? {} : a;
  const handler = typeof a === 'function' ? a : b!;
  const status = endpoint.status ?? 200;
  app.route({
    ...options,
    method: endpoint.method,
    url: endpoint.path,
    config: { ...options.config, access: endpoint.access },
    schema: schemaOf(endpoint),
    ...(endpoint.form ? { validatorCompiler: streamedBody } : {}),
    handler: async (req, reply) => {
      if (status !== 200) reply.status(status);
      return handler(req as EndpointRequest<E>, reply);
    },
  });
}
