import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import i18next from 'eslint-plugin-i18next';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'test-results', 'playwright-report', 'drizzle'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
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
    // Features never import each other's internals; shared pieces live in components/, lib/ or common/.
    files: ['src/client/**/*.{ts,tsx}', 'src/common/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@server/*', '**/server/**'], message: 'The client never imports server code.' },
          ],
        },
      ],
    },
  },
  {
    files: [
      'src/server/env.ts',
      'e2e/**',
      'scripts/**',
      'playwright.config.ts',
      'vitest.config.ts',
      'src/test/**',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
);
