import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apis } from './api';
import { defineEndpoint, pathOf } from './endpoint';

const share = defineEndpoint({
  method: 'GET',
  path: '/p/:slug/receipts/:requestId',
  access: 'public',
  response: z.null(),
});

describe('pathOf', () => {
  it('puts each parameter in its place', () => {
    expect(pathOf(share, { slug: 'jordan-miles', requestId: 7 })).toBe('/p/jordan-miles/receipts/7');
  });

  it('encodes each parameter, so a value cannot add a segment or a query', () => {
    expect(pathOf(share, { slug: 'a/b?c=d#e', requestId: '1 2' })).toBe(
      '/p/a%2Fb%3Fc%3Dd%23e/receipts/1%202',
    );
  });

  it('leaves a path without parameters as it is', () => {
    expect(pathOf(apis.players.list)).toBe('/api/players');
  });

  it('refuses to build a path with a parameter missing', () => {
    expect(() => pathOf(share, { slug: 'x' } as never)).toThrow(':requestId');
  });
});

describe('the declarations', () => {
  it('say each method and path once', () => {
    const keys = Object.values(apis).flatMap((api) => Object.values(api).map((e) => `${e.method} ${e.path}`));
    expect(keys.length).toBeGreaterThan(80);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
