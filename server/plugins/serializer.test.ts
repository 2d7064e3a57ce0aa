import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compiledSerializerCompiler } from './serializer';

/** Decision 213: answers written by serializers compiled from their schemas. */
const answer = z.object({
  id: z.number(),
  name: z.string(),
  nick: z.string().nullable(),
  // Optional before required ones: written in another order, the same JSON.
  note: z.string().optional(),
  ended: z.number().nullable().optional(),
  kind: z.enum(['a', 'b']),
  tags: z.array(z.object({ k: z.string(), v: z.number().nullable() })),
  best: z.union([z.object({ mph: z.number() }), z.null()]),
  extra: z.record(z.string(), z.number()),
});
const body = {
  id: 1,
  name: 'Zoë "q" \\ </script>',
  nick: null,
  note: 'n',
  ended: null,
  kind: 'a',
  tags: [
    { k: 'x', v: 1.5 },
    { k: 'y', v: null },
  ],
  best: { mph: 22.31 },
  extra: { a: 1 },
  // Not in the schema: never written.
  password: 'secret',
};

async function app(check: boolean, data: unknown, schema: z.ZodType = answer) {
  const f = Fastify().withTypeProvider<ZodTypeProvider>();
  f.setValidatorCompiler(validatorCompiler);
  f.setSerializerCompiler(compiledSerializerCompiler({ check }));
  f.get('/x', { schema: { response: { 200: schema } } }, async () => data as never);
  const res = await f.inject('/x');
  await f.close();
  return res;
}

describe('compiled serializers (decision 213)', () => {
  it('write what zod writes, and nothing undeclared', async () => {
    const zod = JSON.stringify(answer.parse(body));
    for (const check of [false, true]) {
      const res = await app(check, body);
      expect(res.statusCode).toBe(200);
      expect(JSON.parse(res.body)).toEqual(JSON.parse(zod));
      expect(res.body).not.toContain('secret');
    }
  });

  it('keep zod for a schema JSON Schema cannot say (a date object)', async () => {
    const schema = z.object({ at: z.date() });
    const res = await app(false, { at: new Date('2026-11-26T10:00:00Z') }, schema);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ at: '2026-11-26T10:00:00.000Z' });
  });

  it('in tests, still refuse an answer outside its schema', async () => {
    const res = await app(true, { ...body, id: 'one' });
    expect(res.statusCode).toBe(500);
  });
});
