import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

// Import boundaries (DESIGN's layering, kept visible): the contract is shared and imports neither side; the client
// and server never import each other (the server loads the built SSR bundle, dist/ssr, at run time); a feature never
// imports another feature, and shared components import none: the app layer (src/client/app) composes them.
const NOT_SERVER = { regex: '(^|/)server(/|$)', message: 'Client code cannot import server code.' };
const NOT_CLIENT = {
  regex: '(^|/)client(/|$)',
  message: 'Server code cannot import client code: it loads the built SSR bundle at run time (see pages.ts).',
};
const NOT_OTHER_FEATURE = {
  regex: '^\\.\\./(?!\\.\\.)',
  message: 'A feature cannot import another feature: compose them in src/client/app, or move shared code there.',
};
const NOT_FEATURES = {
  regex: '(^|/)features/',
  message: 'Shared components cannot import features: compose them in src/client/app.',
};
const boundary = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'coverage', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/client/**/*.{ts,tsx}', 'tests/client/**/*.{ts,tsx}'],
    ...jsxA11y.flatConfigs.recommended,
    languageOptions: { ...jsxA11y.flatConfigs.recommended.languageOptions, globals: { ...globals.browser } },
  },
  {
    files: ['src/client/**/*.{ts,tsx}', 'tests/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['src/server/**/*.ts', 'tests/server/**/*.ts', 'tests/e2e/**/*.ts', 'scripts/**/*.{js,mjs}', '*.{ts,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  { files: ['src/client/**/*.{ts,tsx}'], rules: boundary(NOT_SERVER) },
  { files: ['src/client/features/**/*.{ts,tsx}'], rules: boundary(NOT_SERVER, NOT_OTHER_FEATURE) },
  { files: ['src/client/components/**/*.{ts,tsx}'], rules: boundary(NOT_SERVER, NOT_FEATURES) },
  { files: ['src/server/**/*.ts'], rules: boundary(NOT_CLIENT) },
  { files: ['src/contract/**/*.ts'], rules: boundary(NOT_CLIENT, NOT_SERVER) },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
);
