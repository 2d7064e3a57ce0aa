// The project's lint rules (decisions 175-178). `npm run lint` checks, `npm run check` runs it with the
// type check and the unit tiers, and `npm test` runs it first.
import { readdirSync, statSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

const dirs = (p) => readdirSync(p).filter((d) => statSync(`${p}/${d}`).isDirectory());
const webFeatures = dirs('web/features');
const serverModules = dirs('server/modules');
const tests = ['**/*.test.ts', '**/*.test.tsx', '**/*.fixtures.ts', '**/test/**', 'e2e/**', 'bench/**'];

/**
 * A feature (web) or module (server) is reached by the others through its `index.ts` only: each one
 * gets a zone forbidding imports of any other one's files except that index.
 */
const publicSurfaceZones = (root, names) =>
  names.map((name) => ({
    target: `./${root}/${name}`,
    from: `./${root}`,
    except: [`./${name}`, ...names.filter((n) => n !== name).map((n) => `./${n}/index.ts`), './index.ts'],
    message: `Reach another ${root.endsWith('features') ? 'feature' : 'module'} through its index.ts (its public surface), not its internals.`,
  }));

// Sides (decision 177): the contract depends on nothing of ours; web and server never import each other.
const sideZones = [
  { target: './contract', from: './server', message: 'contract/ is shared: it imports nothing of server/.' },
  { target: './contract', from: './web', message: 'contract/ is shared: it imports nothing of web/.' },
  { target: './web', from: './server', message: 'web/ talks to the server over HTTP only.' },
  { target: './server', from: './web', message: 'server/ never imports web/.' },
];

/**
 * Layers (decision 200, after bulletproof-react's import zones): shared code below, the code that composes
 * it above, and never the other way. Web: components/ and lib/ know no feature and no screen; a feature
 * knows no screen. Server: db/ and lib/ know no Fastify plugin, module or seed; plugins know no module;
 * modules know no seed (the seed uses the modules, through their index.ts). Tests and fixtures are exempt:
 * a test may set up through its neighbours (a module's fixtures in a lib test, the seed's plans in a module's).
 */
const layer = (target, from, message) => from.map((f) => ({ target, from: f, message }));
const layerZones = [
  ...layer(
    './web/components',
    ['./web/features', './web/app'],
    'web/components/ is shared: it imports no feature and no screen (compose in web/app/).',
  ),
  ...layer(
    './web/lib',
    ['./web/features', './web/app'],
    'web/lib/ is shared: it imports no feature and no screen.',
  ),
  ...layer(
    './web/features',
    ['./web/app'],
    'A feature never imports web/app/: screens compose features, not the reverse.',
  ),
  ...layer(
    './server/db',
    ['./server/modules', './server/plugins', './server/seed'],
    'server/db/ knows no module, plugin or seed: callers pass in what it needs.',
  ),
  ...layer(
    './server/lib',
    ['./server/modules', './server/plugins', './server/seed'],
    'server/lib/ knows no module, plugin or seed: it is below them all.',
  ),
  ...layer(
    './server/plugins',
    ['./server/modules'],
    'A plugin never imports a module: modules build on plugins, not the reverse.',
  ),
  ...layer(
    './server/modules',
    ['./server/seed'],
    'Product modules never import the seed: the seed uses the modules (through index.ts).',
  ),
  {
    target: './server/seed',
    from: './server/modules',
    except: serverModules.map((m) => `./${m}/index.ts`),
    message: 'The seed uses a module through its index.ts (its public surface), not its internals.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'migrations/**',
      'test-results/**',
      'playwright-report/**',
      'data/**',
      '**/*.js',
      '**/*.mjs',
      '**/*.cjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      // The type-aware rules (unhandled promises, promises where a callback's result is ignored, ...) run in
      // oxlint's type-aware linter on TypeScript 7 (.oxlintrc.json, decision 268), not here.
      // `any` at library seams (drizzle rows, Stripe payloads) is deliberate and named.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      'no-empty': ['error', { allowEmptyCatch: true }],
      'no-control-regex': 'off',
      // No import cycles anywhere (decision 176).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: sideZones,
        },
      ],
    },
  },
  {
    // Layers (decision 200), for product code only.
    files: ['web/**/*.{ts,tsx}', 'server/**/*.ts'],
    ignores: tests,
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...sideZones, ...layerZones] }] },
  },
  {
    // Public surfaces (decision 177), for product code; tests and fixtures may reach into a module.
    files: ['web/features/**/*.{ts,tsx}', 'server/modules/**/*.ts'],
    ignores: tests,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...sideZones,
            ...layerZones,
            ...publicSurfaceZones('web/features', webFeatures),
            ...publicSurfaceZones('server/modules', serverModules),
          ],
        },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // The form controls are the project's own components (web/components/ui); jsx-a11y sees through them.
      'jsx-a11y/label-has-associated-control': [
        'error',
        { controlComponents: ['Input', 'Textarea'], depth: 3 },
      ],
      // autoFocus only on the project's Input, inside a popover or panel the user has just opened.
      'jsx-a11y/no-autofocus': ['error', { ignoreNonDOM: true }],
      // The React compiler's stricter advice (refs, set-state in effects) is not part of this codebase's rules.
      'react-hooks/refs': 'off',
      'react-hooks/set-state-in-effect': 'off',
      'react-hooks/purity': 'off',
      'react-hooks/immutability': 'off',
      'react-hooks/incompatible-library': 'off',
      'react-hooks/preserve-manual-memoization': 'off',
      'react-hooks/static-components': 'off',
      'react-hooks/use-memo': 'off',
      'react-hooks/globals': 'off',
      'react-hooks/error-boundaries': 'off',
      'react-hooks/unsupported-syntax': 'off',
      'react-hooks/config': 'off',
      'react-hooks/gating': 'off',
      'react-hooks/component-hook-factories': 'off',
      // The last of the compiler's rules runs the whole React compiler on every component file: 11 s of the
      // 41 s a cold lint spends in rules (decision 194). What it finds, a state update during render,
      // React reports as a console error, which fails every browser journey (e2e/fixtures.ts).
      'react-hooks/set-state-in-render': 'off',
    },
  },
  {
    files: tests,
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // A component test waits for a condition up to the ceiling web/test/setup.ts sets for every wait; a shorter
    // timeout of its own only fails on a loaded machine (a lazy module's first import in a worker).
    files: ['web/**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.name=/^(waitFor|findBy|findAllBy)/] ObjectExpression > Property[key.name='timeout'], CallExpression[callee.property.name=/^(findBy|findAllBy)/] ObjectExpression > Property[key.name='timeout']",
          message:
            "Wait with the suite's ceiling (asyncUtilTimeout in web/test/setup.ts), not a timeout of your own.",
        },
      ],
    },
  },
  prettier,
);
