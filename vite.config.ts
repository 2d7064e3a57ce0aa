import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { clientContract } from './scripts/vite-client-contract';
import { precompress } from './scripts/vite-precompress';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

type Info = { importedIds: readonly string[]; importers: readonly string[] } | null;
type Ctx = { getModuleInfo(id: string): Info };

/**
 * Every module `from` imports statically, itself included (before tree-shaking); with `importers`, every
 * module that imports one of `from`, directly or not.
 */
function closure(ctx: Ctx, from: string[], edges: 'importedIds' | 'importers' = 'importedIds') {
  const seen = new Set<string>();
  const todo = [...from];
  while (todo.length) {
    const id = todo.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    todo.push(...(ctx.getModuleInfo(id)?.[edges] ?? []));
  }
  return seen;
}

const ROUTES = r('./web/app/routes');
/** Screens shown before signing in, outside the signed-in shell. */
const SIGNED_OUT = new Set(['auth-page', 'reset-password', 'verify-email', 'auth-debug', 'test-checkout']);
const SIGNED_IN_SCREENS = readdirSync(ROUTES)
  .filter((f) => /^[a-z-]+\.tsx$/.test(f) && !SIGNED_OUT.has(f.slice(0, -4)))
  .map((f) => `${ROUTES}/${f}`);
/**
 * Screens only analysts, admins and coaches open: what only they share is grouped apart (`staff`), so a
 * family's screens do not load and evaluate it (decision 220).
 */
const STAFF_SCREENS = new Set(
  [
    'admin-audits',
    'admin-reporting',
    'admin-users',
    'analyst-audits',
    'analyst-queue',
    'coach-player',
    'coach-search',
    'coach-watchlist',
    'webhook-debug',
    'test-video-download',
  ].map((name) => `${ROUTES}/${name}.tsx`),
);
/** Libraries a few screens use and most do not (charts, the frame decoder, the carousel): never grouped. */
const HEAVY =
  /[\\/]node_modules[\\/](recharts|d3-|victory|mediabunny|embla|react-dropzone|decimal\.js|@reduxjs|immer|react-redux|redux|reselect|es-toolkit)/;

/**
 * Forms (decision 234): the form libraries and the contract's schemas of what the web sends (`contract/*-forms.ts`,
 * `contract/*-query.ts`) are never grouped, so they load with the forms that use them (each form on a signed-in screen loads on demand)
 * instead of with every screen's first code: evaluating zod cost the player card about a tenth of its
 * first screen.
 */
const FORMS =
  /[\\/](node_modules[\\/](zod|@hookform[\\/]resolvers|react-hook-form)[\\/]|contract[\\/][a-z-]+-(forms|query)\.ts$)/;

let groups: Map<string, string> | null = null;
/**
 * Chunk names (decision 192), so a screen loads a handful of files instead of 25-50 small ones over
 * HTTP/1.1's six connections: `common` holds what the sign-in page shares with the signed-in screens,
 * `signed-in` the rest of the shell, `screens` what two or more signed-in screens share (without the
 * heavy libraries, which stay with the screens that use them), `staff` what only the staff's and coaches'
 * screens share. The entry and what only one screen uses keep the automatic split, so `/auth-page` loads
 * the same bytes in fewer files.
 */
function chunkName(id: string, ctx: Ctx): string | null {
  if (FORMS.test(id)) return null;
  // A form of the web (it uses a form library or a form schema) loads with its screen or dialog too.
  if (/[\\/]web[\\/]/.test(id) && ctx.getModuleInfo(id)?.importedIds.some((m) => FORMS.test(m))) return null;
  if (!groups) {
    groups = new Map();
    // Everything the sign-in page can reach: the entry (which imports feature indexes) and the page.
    const auth = closure(ctx, [r('./web/app/main.tsx'), `${ROUTES}/auth-page.tsx`]);
    const shell = closure(ctx, [r('./web/app/layouts/app-layout.tsx')]);
    const uses = new Map<string, number>();
    const family = new Set<string>();
    for (const screen of SIGNED_IN_SCREENS)
      for (const m of closure(ctx, [screen])) {
        uses.set(m, (uses.get(m) ?? 0) + 1);
        if (!STAFF_SCREENS.has(screen)) family.add(m);
      }
    for (const m of auth) if (shell.has(m) || uses.has(m)) groups.set(m, 'common');
    for (const m of shell) if (!groups.has(m) && !auth.has(m)) groups.set(m, 'signed-in');
    // What reaches a heavy library, found once by walking up from the libraries.
    const heavy = closure(
      ctx,
      [...uses.keys()].filter((m) => HEAVY.test(m)),
      'importers',
    );
    for (const [m, n] of uses)
      if (n >= 2 && !groups.has(m) && !auth.has(m) && !heavy.has(m))
        groups.set(m, family.has(m) ? 'screens' : 'staff');
  }
  return groups.get(id) ?? null;
}

export default defineConfig({
  root: r('./web'),
  // The groups are computed once per build (a watching build recomputes them). The contract as the web
  // needs it: endpoints by method and path, schemas only where used (decision 231).
  plugins: [
    clientContract(),
    react(),
    tailwindcss(),
    { name: 'chunk-groups', buildStart: () => void (groups = null) },
    precompress(),
  ],
  resolve: { alias: { '@': r('./web'), '@contract': r('./contract') } },
  build: {
    outDir: r('./dist/web'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: (id, ctx) => chunkName(id, ctx), includeDependenciesRecursively: false }],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:5000', '/files': 'http://localhost:5000' } },
});
