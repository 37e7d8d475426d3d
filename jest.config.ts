import type { Config } from 'jest';

// swc transpiles only, as `isolatedModules` asks of the code already (`npm run typecheck` checks the types), for less
// CPU than ts-jest on a cold cache, which CI always has. JSX with the automatic runtime, as tsconfig.json's
// `react-jsx`; modules become CommonJS (jest's module registry), dynamic `import()` included.
const swc = (syntax: 'typescript' | 'ecmascript', tsx: boolean) =>
  [
    '@swc/jest',
    {
      jsc: {
        parser: syntax === 'typescript' ? { syntax, tsx } : { syntax, jsx: false },
        target: 'es2022',
        transform: { react: { runtime: 'automatic' } },
      },
    },
  ] as [string, object];
/** .ts and .tsx apart: a `.ts` file may hold `<T>value` casts, which the TSX grammar reads as JSX. */
const transform = {
  '^.+\\.tsx$': swc('typescript', true),
  '^.+\\.ts$': swc('typescript', false),
  '^.+\\.(c|m)?js$': swc('ecmascript', false),
};

const config: Config = {
  // Jest reads testTimeout from the top level only (a project's own is ignored, leaving 5 s). A busy CI host needs
  // room: a whole client page renders in jsdom with typed input per key, and server tests use real databases, real
  // image encoding and server-rendered pages (files that start whole server processes set more).
  testTimeout: 30_000,
  projects: [
    {
      displayName: 'client',
      // jest-fixed-jsdom, with a label's control found by id instead of by walking the page (see the file).
      testEnvironment: '<rootDir>/tests/client/helpers/environment.ts',
      roots: ['<rootDir>/tests/client'],
      testMatch: ['**/*.test.ts?(x)'],
      setupFilesAfterEnv: ['<rootDir>/tests/client/helpers/setup.ts'],
      transform,
      // msw 2 pulls a few ESM-only packages; let swc transform them.
      transformIgnorePatterns: ['/node_modules/(?!(rettime|@open-draft/deferred-promise|until-async)/)'],
      moduleNameMapper: {
        '\\.(css|scss|sass)$': 'identity-obj-proxy',
        '\\.(png|jpe?g|webp|avif|gif|svg)$': '<rootDir>/tests/client/helpers/fileStub.ts',
      },
      testEnvironmentOptions: { customExportConditions: [''] },
    },
    {
      displayName: 'server',
      testEnvironment: 'node',
      roots: ['<rootDir>/tests/server'],
      testMatch: ['**/*.test.ts'],
      // One migrated database per run that createTestDb copies, instead of migrating one per test file.
      globalSetup: '<rootDir>/tests/server/helpers/globalSetup.ts',
      globalTeardown: '<rootDir>/tests/server/helpers/globalTeardown.ts',
      // pages/render.test.ts renders the client's source (src/client/entry-server.tsx): JSX, and the lazy pages' import()
      // compiled to require() as jest runs CommonJS. `npm run typecheck` checks that code with the client's settings.
      transform,
      moduleNameMapper: {
        '\\.(css|scss|sass)$': 'identity-obj-proxy',
      },
      // content-disposition (@fastify/static) and cookie (light-my-request, inject) are pinned to CommonJS releases that run on Node 20 (package.json overrides); their ESM-only releases (3 and 2) would need this transform.
      transformIgnorePatterns: ['/node_modules/(?!(content-disposition|cookie)/)'],
    },
    {
      // The shared rules alone, on neither side's platform: run once (scripts/test.mjs repeats only the server project
      // on PostgreSQL).
      displayName: 'contract',
      testEnvironment: 'node',
      roots: ['<rootDir>/tests/contract'],
      testMatch: ['**/*.test.ts'],
      transform,
    },
  ],
};

export default config;
