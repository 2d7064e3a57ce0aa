import type { Plugin } from 'vite';

/**
 * The web tests' code transform: every `import('…')` of the web's own modules reports its promise to
 * `globalThis.__trackImport`, which `web/test/setup.ts` keeps, so a file waits for the code it started
 * loading before it ends. A screen preloaded by the router (or a chart, a dialog) whose code was still on the
 * way when a test file ended was loaded after Vitest had torn the file's environment down, and that failed
 * the files that ran next in the worker ("Cannot load … after the environment was torn down"; once in CI,
 * with every test passed). Outside the web tests (no `__trackImport`) the promise is returned as it is.
 */
export function trackDynamicImports(): Plugin {
  return {
    name: 'track-dynamic-imports',
    enforce: 'post',
    transform(code, id) {
      if (!id.includes('/web/') || id.includes('/node_modules/') || !code.includes('import(')) return;
      const tracked = code.replace(
        /\bimport\((['"])([^'"]+)\1\)/g,
        (call) => `(globalThis.__trackImport ?? ((p) => p))(${call})`,
      );
      return tracked === code ? undefined : { code: tracked, map: null };
    },
  };
}
