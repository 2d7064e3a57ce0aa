import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { build, type Plugin, type Rolldown } from 'vite';
import { clientContract } from './vite-client-contract';

const root = fileURLToPath(new URL('..', import.meta.url));
const dir = mkdtempSync(path.join(tmpdir(), 'va-client-contract-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Bundles `entry` (a module in a temporary folder, next to `files`) as the web's build would. */
async function bundle(
  entry: string,
  files: Record<string, string> = {},
  plugins: Plugin[] = [],
): Promise<string> {
  for (const [name, text] of Object.entries({ ...files, 'entry.ts': entry })) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  const result = (await build({
    configFile: false,
    logLevel: 'silent',
    root: dir,
    plugins: [clientContract(), ...plugins],
    resolve: { alias: { '@contract': path.join(root, 'contract') } },
    build: { write: false, minify: false, rolldownOptions: { input: path.join(dir, 'entry.ts') } },
  })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
  const [out] = Array.isArray(result) ? result : [result];
  return out.output.map((o) => (o.type === 'chunk' ? o.code : '')).join('\n');
}

describe('the contract in the web build (decision 231)', () => {
  it('keeps an endpoint its method and path, and constructs none of its schemas', async () => {
    const code = await bundle(
      `import { authApi } from '@contract/api/auth';\nconsole.log(authApi.login.method, authApi.login.path);`,
    );
    expect(code).toContain('"/api/login"');
    expect(code).toContain('"POST"');
    // Neither the login's schemas (their messages) nor zod itself is in the bundle.
    expect(code).not.toContain('Password is required');
    expect(code).not.toContain('Emails do not match');
    expect(code).not.toMatch(/ZodObject/);
  });

  it('keeps a schema the web uses, and only what it needs', async () => {
    const code = await bundle(
      `import { loginSchema } from '@contract/auth-forms';\nconsole.log(loginSchema.safeParse({}).success);`,
    );
    expect(code).toContain('Password is required');
    expect(code).toMatch(/ZodObject/);
    expect(code).not.toContain('Emails do not match');
  });

  it('drops the imports its endpoints no longer use, so no module edge leads to their schemas', async () => {
    const importedBy = new Map<string, readonly string[]>();
    const graph: Plugin = {
      name: 'graph',
      buildEnd() {
        for (const id of this.getModuleIds()) importedBy.set(id, this.getModuleInfo(id)?.importedIds ?? []);
      },
    };
    await bundle(`import { authApi } from '@contract/api/auth';\nconsole.log(authApi.login.path);`, {}, [
      graph,
    ]);
    const api = [...importedBy.keys()].find((id) => /contract[\\/]api[\\/]auth\.ts$/.test(id));
    expect(api).toBeDefined();
    // The endpoints keep `defineEndpoint`; the schema modules they imported are no longer reached.
    expect(importedBy.get(api!)!.map((id) => path.basename(id))).toEqual(['endpoint.ts']);
    // Nor is the module declaring them, which only the endpoints imported.
    expect([...importedBy.keys()].some((id) => /contract[\\/]auth\.ts$/.test(id))).toBe(false);
  });

  it('keeps an import a kept part still uses, written again with only what is used', async () => {
    const files = {
      'contract/api/mixed.ts': `import { defineEndpoint } from '../../endpoint';\nimport { PATH, bodySchema } from '../mixed';\nexport const mixedApi = { post: defineEndpoint({ method: 'POST', path: PATH, body: bodySchema }) };\n`,
      'contract/mixed.ts': `export const PATH = '/api/mixed';\nexport const bodySchema = { kind: 'schema of the body' };\n`,
      'endpoint.ts': `export const defineEndpoint = <T>(e: T) => e;\n`,
    };
    const code = await bundle(
      `import { mixedApi } from './contract/api/mixed';\nconsole.log(mixedApi.post.method, mixedApi.post.path);`,
      files,
    );
    expect(code).toContain('/api/mixed');
    expect(code).not.toContain('schema of the body');
  });

  it('refuses an endpoint whose path it cannot read', async () => {
    const files = {
      'contract/api/odd.ts': `const defineEndpoint = (e: object) => e;\nconst base = { method: 'GET', path: '/api/odd' };\nexport const oddApi = { get: defineEndpoint({ ...base, access: 'public' }) };\n`,
    };
    await expect(
      bundle(`import { oddApi } from './contract/api/odd';\nconsole.log(oddApi.get);`, files),
    ).rejects.toThrow(/named one by one/);
  });
});
