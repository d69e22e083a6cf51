// ESLint flat config (issue 7, DESIGN §1 "lint"): typescript-eslint, React hooks and jsx-a11y on the app;
// the layer import rules of DESIGN §2 are checked by dependency-cruiser (.dependency-cruiser.cjs), unused
// files/exports/dependencies by knip, and formatting by Prettier; `npm run lint` runs all four.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'build/**',
      '.react-router/**',
      '.data/**',
      'test-results/**',
      'playwright-report/**',
      'coverage/**',
      'public/**',
    ],
  },
  // Lint directives that no longer suppress anything are errors, so stale ones cannot pile up.
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['app/**/*.tsx'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['app/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // A scrolling region must be focusable so keyboards can scroll it (axe scrollable-region-focusable).
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region'] }],
      // DESIGN §7: every modal carries role="dialog", also on the native <dialog>.
      'jsx-a11y/no-redundant-roles': ['error', { dialog: ['dialog'] }],
      // Labels that wrap their control and a nested text block (payment type cards).
      'jsx-a11y/label-has-associated-control': ['error', { depth: 4 }],
    },
  },
  {
    // Node scripts, benchmarks and configuration files print to the console by design.
    files: ['scripts/**', 'bench/**', 'server.js', '*.config.{js,ts}', 'database/seed/*.mjs'],
    languageOptions: { globals: globals.node },
    rules: { 'no-console': 'off' },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'tests/**'],
    rules: { 'no-console': 'off' },
  },
);
