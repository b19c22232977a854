import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import i18next from 'eslint-plugin-i18next';
import globals from 'globals';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const noServerCode = {
  group: ['@server/*', '**/server/**'],
  message: 'The client never imports server code (lib/api.ts takes its route types only).',
};
const noApiOutsideLayer = {
  name: '@client/lib/api',
  importNames: ['client', 'call'],
  message: "Call the server from your feature's api.ts (its queries and mutation hooks), not from a screen.",
};
const noFeatureInternals = {
  group: ['@client/features/*/*', '../*'],
  message: 'Import another feature through its public index.ts (`@client/features/<name>`), never its files.',
};
const noFeaturesBelow = {
  group: ['@client/features/*', '@client/features/*/*', '@client/app/*', '@client/app/**'],
  message: 'components/ and lib/ are below the features and the app shell: they never import them.',
};
const noHonoClient = {
  name: 'hono/client',
  allowTypeImports: true,
  message: 'Use the typed client of @client/lib/api.',
};
/** The client's import rules for one part of the tree. */
const clientImports = (...rules) => ({
  '@typescript-eslint/no-restricted-imports': [
    'error',
    {
      paths: rules.filter((rule) => rule.name),
      patterns: rules.filter((rule) => rule.group),
    },
  ],
});

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'test-results', 'playwright-report', 'drizzle'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // `import { type A }` keeps an import of the module for the bundler, and with it the module's code.
      '@typescript-eslint/no-import-type-side-effects': 'error',
      // Only src/server/env.ts reads the environment.
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through src/server/env.ts.' },
      ],
    },
  },
  {
    files: ['src/client/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, i18next },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Every user-visible string comes from the translations.
      // Attributes are checked only where people read them.
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          callees: {
            exclude: [
              'i18n(ext)?',
              't',
              'require',
              'addEventListener',
              'removeEventListener',
              'getElementById',
              'includes',
              'startsWith',
              'endsWith',
              '(form\\.)?register',
            ],
          },
          'jsx-attributes': {
            include: ['^(aria-label|aria-description|title|placeholder|alt|content|label)$'],
            exclude: ['.*'],
          },
        },
      ],
    },
  },
  {
    // A button, select, checkbox or radio of the server's HTML waits for the page to come alive, or a
    // tap on it is lost: features draw them through components/ui (components/ui/waiting.tsx).
    files: ['src/client/**/*.tsx'],
    ignores: ['src/client/components/ui/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'JSXOpeningElement[name.name=/^(button|select)$/]',
          message:
            'Use Button or a control of components/ui/waiting.tsx: a bare one does not wait for the page to come alive.',
        },
        {
          selector:
            "JSXOpeningElement[name.name='input']:has(JSXAttribute[name.name='type'][value.value=/^(checkbox|radio)$/])",
          message:
            'Use a control of components/ui/waiting.tsx (or CheckboxField, RadioCard): a bare one does not wait for the page to come alive.',
        },
      ],
    },
  },
  {
    files: ['src/common/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noServerCode] }] },
  },
  {
    // The client's shape: features use components/, lib/, common/ and other features' index.ts; only a
    // feature's api.ts talks to the server; no import cycles.
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: "Only lib/api.ts calls fetch: use your feature's api.ts." },
        { name: 'XMLHttpRequest', message: "Only a feature's api.ts makes requests." },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'window', property: 'fetch', message: 'Only lib/api.ts calls fetch.' },
        { object: 'process', property: 'env', message: 'Read configuration through src/server/env.ts.' },
      ],
      ...clientImports(noServerCode, noApiOutsideLayer, noHonoClient),
    },
  },
  {
    files: ['src/client/features/**/*.{ts,tsx}'],
    rules: clientImports(noServerCode, noApiOutsideLayer, noHonoClient, noFeatureInternals),
  },
  {
    files: ['src/client/components/**/*.{ts,tsx}', 'src/client/lib/**/*.{ts,tsx}'],
    rules: clientImports(noServerCode, noApiOutsideLayer, noHonoClient, noFeaturesBelow),
  },
  {
    // A feature's API layer: the typed client and its calls live here.
    files: ['src/client/features/*/api.ts'],
    rules: {
      ...clientImports(noServerCode, noFeatureInternals),
      'no-restricted-globals': ['error', { name: 'fetch', message: 'Use the typed client: call(client…).' }],
    },
  },
  {
    files: ['src/client/lib/api.ts'],
    rules: {
      ...clientImports(noFeaturesBelow),
      'no-restricted-globals': 'off',
    },
  },
  {
    files: ['src/client/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-globals': 'off', '@typescript-eslint/no-restricted-imports': 'off' },
  },
  {
    // The server's composition: a feature is built only from what is built above it. `variables: true`
    // also counts a use inside a closure (a callback that would reach a service declared further down),
    // so a reordering that leaves such a reference fails here instead of at the first request.
    files: ['src/server/app.ts', 'src/server/features/feature.ts', 'src/server/features/*/*.feature.ts'],
    rules: {
      '@typescript-eslint/no-use-before-define': [
        'error',
        { variables: true, functions: true, classes: true, ignoreTypeReferences: true },
      ],
    },
  },
  {
    files: [
      'src/server/env.ts',
      'e2e/**',
      'scripts/**',
      'playwright.config.ts',
      'playwright.cluster.config.ts',
      'vitest.config.ts',
      'src/test/**',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
);
