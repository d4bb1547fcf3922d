import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';

/** The import rules of the files of one feature folder. */
export function featureBoundary(feature) {
  // The path after '@/features/' may be this feature's own, nothing else.
  return {
    files: [`src/features/${feature}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...packageInternals,
            ...appSide,
            { group: ['@/app/*'], message: 'features must not import app.' },
            {
              regex: `^@/features/(?!${feature}(/|$))`,
              message: `${feature} must not import another feature: move what they share to components/, data/ or lib/, or compose them in app/.`,
            },
          ],
        },
      ],
    },
  };
}

/** lib, components, data and config sit below features and app. */
/**
 * Modules a package does not export (its lib/, dist/, src/ files: pg/lib/utils.js,
 * @electric-sql/pglite/dist/...), and the wire-protocol packages: an upgrade may change or drop
 * them without a word, and the database is reached through each driver's public API
 * (docs/database.md). Repeated in every block that sets no-restricted-imports, as a later block
 * replaces an earlier one's patterns.
 */
const PACKAGE_INTERNALS = '^(@[^/]+/)?[^./@][^/]*/(lib|dist|src|build)(/|$)';
const packageInternals = [
  {
    regex: PACKAGE_INTERNALS,
    message: 'import what the package exports, not one of its own files (docs/database.md).',
  },
  {
    group: ['pg-protocol', 'pg-protocol/*', '@electric-sql/pg-protocol*'],
    message: "no hand-built protocol messages: use the driver's query API (docs/database.md).",
  },
];

/** The database through public APIs only (docs/database.md): rules for every file. */
const protocolProperties = ['execProtocol', 'execProtocolRaw', 'execProtocolStream'].map(
  (property) => ({
    property,
    message: "no hand-built protocol messages: use PGlite's query, exec or transaction.",
  }),
);
const protocolSyntax = [
  {
    selector:
      "MemberExpression[property.name='serialize']:matches([object.name='protocol'], [object.property.name='protocol'])",
    message: "no hand-built protocol messages: use the driver's query API.",
  },
  {
    selector: `:matches(ImportExpression > Literal.source, CallExpression > Literal.arguments)[value=/${PACKAGE_INTERNALS.replaceAll('/', '\\x2F')}/]`,
    message: 'load what the package exports, not one of its own files (docs/database.md).',
  },
];

/**
 * App and server import nothing of each other: what both need is in shared/ (docs/architecture.md
 * "Layout"). Repeated, like packageInternals, in every src/ block that sets no-restricted-imports.
 */
const appSide = [
  {
    regex: '(^|/)server(/|$)',
    message: 'the app imports nothing of server/: move what both need to shared/.',
  },
];
const serverSide = [
  {
    regex: '^@/|(^|/)src(/|$)',
    message: 'the server imports nothing of src/: move what both need to shared/.',
  },
];
const sharedSide = [
  {
    regex: '^@/|(^|/)(src|server)(/|$)',
    message: 'shared/ imports nothing of src/ or server/: it is what both import.',
  },
  {
    group: [
      'react',
      'react-*',
      'react/*',
      'node:*',
      'idb',
      'hono',
      'hono/*',
      'pg',
      'pg/*',
      '@electric-sql/*',
      'zustand',
      'zustand/*',
    ],
    message: 'shared/ runs in the browser and in Node: no framework, database or Node-only module.',
  },
];

/** PGlite's protocol export, refused wherever no-restricted-imports is set (as packageInternals). */
const pgliteProtocol = [
  {
    name: '@electric-sql/pglite',
    importNames: ['protocol'],
    message: "no hand-built protocol messages: use PGlite's query, exec or transaction.",
  },
];

const upwardImports = {
  group: ['@/features/*', '@/app/*'],
  message: 'lib, components and data must not import features or app.',
};

/**
 * The rooms of src/data, lowest first (docs/architecture.md "The data layer's rooms"): a room
 * imports only the rooms below it. Its other top-level files and sample/ sit below every room;
 * the composing files, which build the data access from the rooms, above them all. Checked
 * file by file, type imports and import() included, by src/data/__tests__/architecture.test.ts.
 */
const DATA_ROOMS = ['contract', 'core', 'remote', 'device', 'sync'];
const DATA_COMPOSING = [
  'data-access',
  'device-data-access',
  'logout',
  'newsletter',
  'profile-pictures',
  'use-earlier',
  'use-form-draft',
  'use-saved-searches',
];

/** The import rules of one floor of src/data: nothing of the rooms above it, nor of the
 * composing files (its tests may import anything). Repeats packageInternals and appSide. */
function dataFloor(name, files, above, ignores = []) {
  const from = '^(\\.{1,2}/|@/data/)';
  return {
    files,
    ignores: ['src/data/**/__tests__/**', ...ignores],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...packageInternals,
            ...appSide,
            upwardImports,
            ...(above.length > 0
              ? [
                  {
                    regex: `${from}(${above.join('|')})/`,
                    message: `${name} must not import ${above.join('/, ')}/: the rooms of src/data import downward only (docs/architecture.md "The data layer's rooms").`,
                  },
                ]
              : []),
            {
              regex: `${from}(${DATA_COMPOSING.join('|')})$`,
              message: `${name} must not import the composing modules: they build the data access from the rooms, above them all.`,
            },
          ],
        },
      ],
    },
  };
}

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dev-dist',
      'node_modules',
      'public/images/generated',
      'test-results',
      '.tmp',
      'coverage',
    ],
  },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { ecmaVersion: 2022, globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
      // `<ul role="list">` is deliberate: Safari drops list semantics when list-style is none.
      'jsx-a11y/no-redundant-roles': ['error', { ul: ['list'], ol: ['list'] }],
    },
  },
  {
    // The database through public APIs only (docs/database.md): no package's own files, by
    // import, import() or require, and no protocol messages built by hand.
    files: ['**/*.{ts,tsx,js,mjs}'],
    rules: {
      'no-restricted-imports': ['error', { paths: pgliteProtocol, patterns: packageInternals }],
      'no-restricted-properties': ['error', ...protocolProperties],
      'no-restricted-syntax': ['error', ...protocolSyntax],
    },
  },
  {
    // Files stay small (docs/architecture.md convention 7): no source file over 400 lines,
    // blank lines and comments counted; tests aside.
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'shared/**/*.ts', 'scripts/**/*.{ts,mjs,js}'],
    ignores: ['**/__tests__/**', '**/*.test.*', '**/test/**'],
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }] },
  },
  {
    // Imports flow one way: lib/components/data -> features -> app (docs/architecture.md 1).
    files: ['src/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...packageInternals, ...appSide] }],
    },
  },
  {
    files: ['src/lib/**', 'src/components/**', 'src/data/**', 'src/config/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [...packageInternals, ...appSide, upwardImports] },
      ],
    },
  },
  dataFloor(
    'a top-level file of src/data',
    ['src/data/*.{ts,tsx}', 'src/data/sample/**'],
    DATA_ROOMS,
    DATA_COMPOSING.map((file) => `src/data/${file}.ts`),
  ),
  ...DATA_ROOMS.map((room, i) =>
    dataFloor(`${room}/`, [`src/data/${room}/**`], DATA_ROOMS.slice(i + 1)),
  ),
  {
    // device/ takes types of remote/ (the answers it reads) but no value: the composing module
    // (src/data/device-data-access.ts) hands it the asks.
    files: ['src/data/device/**'],
    ignores: ['src/data/device/__tests__/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./|@/data/)remote/',
              allowTypeImports: true,
              message:
                'device/ takes only types of remote/: the composing module (device-data-access.ts) hands it the asks.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: pgliteProtocol, patterns: [...packageInternals, ...serverSide] },
      ],
    },
  },
  {
    files: ['shared/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...packageInternals, ...sharedSide] }],
    },
  },
  {
    // Components load no data: features hand them what to show, and what they read from the
    // device comes through the DeviceSourceContext the app provides. Types, constants and pure
    // helpers of data/ stay allowed. (This block replaces the one above for components, so it
    // repeats its pattern.)
    files: ['src/components/**'],
    ignores: ['src/components/**/__tests__/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...packageInternals,
            ...appSide,
            upwardImports,
            {
              group: [
                '@/data/data-access',
                '@/data/device/*',
                '@/data/sync/*',
                '@/data/remote/*',
                '@/data/sample/*',
                '@shared/sample/*',
                '!@shared/sample/image-paths',
                '@/data/newsletter',
                '@/data/logout',
                '@/data/use-form-draft',
              ],
              message:
                'components load no data: take it as props from the feature, or read the device through DeviceSourceContext (components/cards/device-source.ts).',
            },
          ],
        },
      ],
    },
  },
  // A feature imports nothing of another feature (docs/architecture.md 1: no barrels, so no public
  // entry either): what two features share moves down to components/, data/ or lib/, and app/
  // composes features. One block per feature folder, as each allows only its own.
  ...readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map(({ name }) => featureBoundary(name)),
  {
    files: ['**/*.{js,mjs}', 'tests/**/*.ts', 'scripts/**', 'server/**', 'vitest.server.config.ts'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: { 'no-console': 'off' },
  },
  {
    // End-to-end tests wait for the condition they mean (a web-first expect, expect.poll,
    // waitForResponse, waitForFunction) or move page.clock: never a fixed sleep, never a quiet
    // network. (Repeats the protocol rules, as this block's options replace the ones above.)
    files: ['tests/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...protocolProperties,
        {
          property: 'waitForTimeout',
          message:
            'a fixed sleep is slow and flaky: wait for the condition (expect, expect.poll, waitForResponse) or move page.clock.',
        },
      ],
      'no-restricted-syntax': [
        'error',
        ...protocolSyntax,
        {
          selector: "Literal[value='networkidle']",
          message:
            "'networkidle' waits for a quiet network, not for what the test means: wait for that condition (tests/support/page-loaded.ts).",
        },
      ],
    },
  },
);
