import type { Config } from 'jest';

const tsJest = (tsconfig: string) => ['ts-jest', { tsconfig }] as [string, object];

const config: Config = {
  projects: [
    {
      displayName: 'client',
      testEnvironment: 'jest-fixed-jsdom',
      roots: ['<rootDir>/tests/client'],
      testMatch: ['**/*.test.ts?(x)'],
      setupFilesAfterEnv: ['<rootDir>/tests/client/helpers/setup.ts'],
      transform: { '^.+\\.(t|j|mj)sx?$': tsJest('tsconfig.json') },
      // msw 2 pulls a few ESM-only packages; let ts-jest transform them.
      transformIgnorePatterns: ['/node_modules/(?!(rettime|@open-draft/deferred-promise|until-async)/)'],
      moduleNameMapper: {
        '\\.(css|scss|sass)$': 'identity-obj-proxy',
        // import.meta.env is not valid in CommonJS; tests read the same values from a plain module.
        '/clientEnv$': '<rootDir>/tests/client/helpers/clientEnv.jest.ts',
        '\\.(png|jpe?g|webp|avif|gif|svg)$': '<rootDir>/tests/client/helpers/fileStub.ts',
      },
      testEnvironmentOptions: { customExportConditions: [''] },
    },
    {
      displayName: 'server',
      testEnvironment: 'node',
      roots: ['<rootDir>/tests/server'],
      testMatch: ['**/*.test.ts'],
      transform: { '^.+\\.(t|j|mj)sx?$': tsJest('tsconfig.tools.json') },
      // @fastify/static and light-my-request (inject) require content-disposition 3 and cookie 1, ESM-only (Node loads it natively; jest does not).
      transformIgnorePatterns: ['/node_modules/(?!(content-disposition|cookie)/)'],
    },
  ],
};

export default config;
