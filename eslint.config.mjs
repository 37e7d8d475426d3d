import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';

// Import boundaries (DESIGN's layering, kept visible): the contract is shared and imports neither side; the client
// and server never import each other (the server loads the built SSR bundle, dist/ssr, at run time); a feature never
// imports another feature, and shared components import none: the shell (src/client/shell) composes them.
const NOT_SERVER = { regex: '(^|/)server(/|$)', message: 'Client code cannot import server code.' };
const NOT_CLIENT = {
  regex: '(^|/)client(/|$)',
  message:
    'Server code cannot import client code: it loads the built SSR bundle at run time (see src/server/pages/render.ts).',
};
const boundary = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
// ---- Client layers (import-x/no-restricted-paths, on resolved paths) ----
// The client stands on floors: app/ (store, typed hooks, paths, the auth slice, session, server state) is the ground,
// api/ and components/ stand beside it, features stand on those, and shell/ (router, Layout) is the roof: the only
// room that imports features. app/store.ts alone may import a feature, because it combines the feature slices.
// The feature rule is about resolved paths, not how an import is spelled, so a feature may have folders of its own
// (features/admin/pages, .../form): each feature may import from itself, never from src/client/features/<other>/.
const CLIENT = './src/client';
const FEATURES = `${CLIENT}/features`;
const SHELL = `${CLIENT}/shell`;
const featureZones = readdirSync(FEATURES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map(({ name }) => ({
    target: `${FEATURES}/${name}`,
    from: FEATURES,
    except: [`./${name}`],
    message: 'A feature cannot import another feature: compose them in src/client/shell, or move shared code down.',
  }));
const componentZone = {
  target: `${CLIENT}/components`,
  from: FEATURES,
  message: 'Shared components cannot import features: compose them in src/client/shell.',
};
const clientLayerZones = [
  {
    target: [`${CLIENT}/api`, `${CLIENT}/components`],
    from: SHELL,
    message: 'api/ and components/ are ground the shell stands on: they cannot import src/client/shell.',
  },
  {
    target: `${CLIENT}/api`,
    from: FEATURES,
    message: 'api/ is ground features stand on: a feature adds its endpoints with injectEndpoints instead.',
  },
  {
    // Every app/ file but store.ts, listed when the lint runs so a new file is covered at once.
    target: readdirSync(`${CLIENT}/app`)
      .filter((name) => name !== 'store.ts')
      .map((name) => `${CLIENT}/app/${name}`),
    from: [SHELL, FEATURES],
    message:
      'app/ is the ground floor: only store.ts (which combines the slices) may import a feature, none the shell.',
  },
  {
    target: FEATURES,
    from: SHELL,
    message: 'Features cannot import the shell: the shell composes them, not the other way round.',
  },
];
// The client's files get every client zone (this block comes after the src/** one, so its list is the one that holds).
const clientLayers = {
  files: ['src/client/**/*.{ts,tsx}'],
  rules: {
    'import-x/no-restricted-paths': ['error', { zones: [...featureZones, componentZone, ...clientLayerZones] }],
  },
};
// ---- end of the client layers ----

// ---- Server layering (src/server). The ground (http/, db/, search/, repositories/, and live/ and mail/ on them) stands
// under the routes, the pages and the guard that let a request in, so it never imports them: a route may use the
// ground, never the other way.
// Migrations are frozen once landed: they import Kysely and the database's types only, so no later change to live
// code can change what an old migration does.
const SERVER = './src/server';
const serverGroundZones = ['http', 'db', 'search', 'repositories', 'live', 'mail'].map((room) => ({
  target: `${SERVER}/${room}`,
  from: [`${SERVER}/routes`, `${SERVER}/pages`, `${SERVER}/accounts/guard.ts`],
  message: `src/server/${room} is ground the routes stand on: it cannot import routes/, pages/ or the guard.`,
}));
// A route file registers its own routes, registered in turn by app.ts: it never hosts another route file. What post
// routes share lives in routes/postWrites.ts, which is no route file.
const routeZone = {
  target: `${SERVER}/routes`,
  from: `${SERVER}/routes`,
  except: ['./postWrites.ts'],
  message:
    'A route file cannot import another route file: app.ts registers each; shared post writes are postWrites.ts.',
};
const serverBlocks = [
  {
    files: ['src/server/**/*.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...serverGroundZones, routeZone] }] },
  },
  {
    files: ['src/server/db/migrations/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./database$',
              allowTypeImports: true,
              message: 'A migration may import only types from db/database.',
            },
            {
              regex: '^(?!kysely$|\\.\\./database$)',
              message: 'A migration is frozen: it may import only kysely and the types of db/database.',
            },
          ],
        },
      ],
    },
  },
];
// ---- end of the server layering

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
  {
    // Import cycles anywhere in src/ fail the lint: a module's imports must form a tree a newcomer can follow.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { zones: [...featureZones, componentZone] }],
    },
  },
  clientLayers,
  { files: ['src/server/**/*.ts'], rules: boundary(NOT_CLIENT) },
  ...serverBlocks,
  { files: ['src/contract/**/*.ts'], rules: boundary(NOT_CLIENT, NOT_SERVER) },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
);
