import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import simpleImportSort from 'eslint-plugin-simple-import-sort';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Imports flow one way (docs/conventions.md): components ← screens → machines → service ports ← adapters.
// In flat config a later `no-restricted-imports` replaces an earlier one for the same file,
// so each folder gets its whole list in one place.
const NO_STITCHES = { group: ['@stitches/*'], message: 'Stitches is imported only inside src/components.' };
const NO_ADAPTERS = {
  group: ['**/services/**/local-*', '**/services/**/hosted-*'],
  message: 'Only src/services/services.ts picks adapters; depend on the ports.',
};
const NO_UI = { group: ['**/components/**', '**/screens/**'], message: 'Only screens wire the UI.' };

const LAYERS = {
  'src/components/**': [
    { group: ['**/machines/**', '**/services/**', '**/screens/**'], message: 'Components take props and emit events.' },
    { group: ['xstate', '@xstate/*', 'ofetch'], message: 'Components never fetch or run machines.' },
  ],
  'src/machines/**': [
    NO_UI,
    NO_STITCHES,
    { group: ['react', 'react-dom'], message: 'Machines are pure: no React.' },
    { regex: '/services/(?!.*\\.port$)', message: 'Machines import only port types from services.' },
  ],
  'src/services/**': [
    NO_UI,
    NO_STITCHES,
    { group: ['**/machines/**'], message: 'Services know nothing of the machines.' },
  ],
  'src/screens/**': [
    NO_STITCHES,
    NO_ADAPTERS,
    {
      group: ['@xstate/react'],
      importNames: ['useActorRef', 'useMachine'],
      message:
        'Start actors with useInspectedActorRef (src/screens/inspect-context.ts), so the dev inspector sees them.',
    },
  ],
  'stories/**': [NO_STITCHES, NO_ADAPTERS],
  'server/**': [{ group: ['**/src/**'], message: 'The server does not import client code.' }],
  // The client tests share a jsdom per worker, where two copies of user-event undo each other's typing.
  'tests/unit/**': [
    {
      group: ['@testing-library/user-event'],
      message: "Import userEvent from tests/unit/support/user-event.ts (storybook/test's copy, which the stories use).",
    },
  ],
  // One test type for every end-to-end spec, so that one Playwright worker (its browser and shared
  // server) runs them all: a spec of another type needs a worker of its own.
  'tests/e2e/**/*.spec.ts': [
    {
      group: ['@playwright/test'],
      importNames: ['test', 'expect'],
      message: 'Import test and expect from ./support/shared-server (one worker type for every spec).',
    },
  ],
  // shared/: what client and server both import (shapes with their schemas, limits, rules).
  'shared/**': [
    { group: ['**/src/**', '**/server/**'], message: 'shared/ imports neither side.' },
    {
      group: ['react', 'react-dom', 'xstate', '@xstate/*', 'fastify', 'fastify-*', '@fastify/*'],
      message: 'shared/ stays framework-free.',
    },
  ],
};

export default tseslint.config(
  { ignores: ['dist', 'storybook-static', 'node_modules', '.test-results', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'simple-import-sort': simpleImportSort },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'simple-import-sort/imports': 'error',
      'simple-import-sort/exports': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'stories/**/*.{ts,tsx}', '.storybook/**/*.{ts,tsx}', 'tests/unit/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  // No import cycles: a file never reaches itself again through what it imports (type-only imports
  // aside, as they vanish at build). The node resolver finds the project's files: imports name
  // them by relative path, with or without their extension, and tsconfig maps no paths.
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'shared/**/*.{ts,js}', 'stories/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  ...Object.entries(LAYERS).map(([files, patterns]) => ({
    files: [files],
    rules: { 'no-restricted-imports': ['error', { patterns }] },
  })),
  // One write path (docs/conventions.md, "Writes"): a statement that writes runs through runWrite
  // inside inWriteTurn (server/db/write-turn.ts), which batches writes into group commits and
  // throws for a write outside a turn; nothing else calls `.run(` or starts a transaction of its own.
  {
    files: ['server/**/*.ts'],
    ignores: ['server/db/write-turn.ts', 'server/db/migrate.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='run']",
          message: 'Write with runWrite(statement, …) inside inWriteTurn (server/db/write-turn.ts).',
        },
        {
          selector: 'CallExpression[callee.property.name=/^(immediate|exclusive|deferred)$/]',
          message: 'No transaction of its own: a write runs in inWriteTurn (server/db/write-turn.ts).',
        },
      ],
    },
  },
  // The server's test files share their worker's modules (vitest.config.ts): one that replaces a
  // module would replace it for the files after it, so it is named *.isolated.test.ts.
  {
    files: ['tests/server/**/*.ts'],
    ignores: ['tests/server/**/*.isolated.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock|unmock|resetModules)$/]",
          message: 'A file that replaces a module runs alone: name it *.isolated.test.ts (vitest.config.ts).',
        },
      ],
    },
  },
  // Firebase and Stripe stay in the hosted adapters, which services.ts loads on demand, so that
  // the default build carries none of them (scripts/check-no-hosted-code.mjs). A rule of its own
  // name, so that it adds to the layer rules above instead of replacing them.
  {
    files: ['src/**/*.{ts,tsx}', 'stories/**/*.{ts,tsx}'],
    ignores: ['src/services/**/hosted-*.ts', 'src/services/firebase/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['firebase', 'firebase/*', '@firebase/*', '@stripe/*'],
              message:
                'Only the hosted adapters (src/services/**/hosted-*.ts, src/services/firebase/) import Firebase or Stripe.',
            },
          ],
        },
      ],
    },
  },
  // A promise actor restarted from its snapshot (React's StrictMode) must not take its first run's
  // answer: src/machines/from-promise.ts guards that, so the app's actors come from it.
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/machines/from-promise.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value='xstate'] > ImportSpecifier[imported.name='fromPromise']",
          message: "Import fromPromise from src/machines/from-promise.ts, not from 'xstate'.",
        },
      ],
    },
  },
);
