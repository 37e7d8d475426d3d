import { resolve } from 'node:path';
import { ConfigError, loadConfig } from '../../src/server/config';

const cwd = '/srv/touchline';

describe('loadConfig', () => {
  it('has working defaults: 127.0.0.1:3000, SQLite under ./data, a generated token, the built client', () => {
    expect(loadConfig({}, cwd)).toEqual({
      port: 3000,
      host: '127.0.0.1',
      database: { kind: 'sqlite', file: '/srv/touchline/data/touchline.db' },
      adminToken: undefined,
      dataDir: '/srv/touchline/data',
      logLevel: 'info',
      trustProxy: false,
      clientDir: resolve(__dirname, '..', '..', 'dist', 'client'),
    });
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        HOST: '0.0.0.0',
        DATABASE_URL: 'postgres://app@db.internal:5432/touchline',
        ADMIN_TOKEN: 'a-long-enough-token',
        DATA_DIR: '/var/lib/touchline',
        LOG_LEVEL: 'warn',
        TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
        CLIENT_DIR: 'build/client',
      },
      cwd,
    );
    expect(config).toEqual({
      port: 8080,
      host: '0.0.0.0',
      database: { kind: 'postgres', url: 'postgres://app@db.internal:5432/touchline' },
      adminToken: 'a-long-enough-token',
      dataDir: '/var/lib/touchline',
      logLevel: 'warn',
      trustProxy: ['10.0.0.0/8', '127.0.0.1'],
      clientDir: '/srv/touchline/build/client',
    });
  });

  it('takes sqlite:<path> relative to the working directory', () => {
    expect(loadConfig({ DATABASE_URL: 'sqlite:db/blog.db' }, cwd).database).toEqual({
      kind: 'sqlite',
      file: '/srv/touchline/db/blog.db',
    });
    expect(loadConfig({ DATABASE_URL: 'sqlite:/tmp/x.db' }, cwd).database).toEqual({
      kind: 'sqlite',
      file: '/tmp/x.db',
    });
    expect(loadConfig({ TRUST_PROXY: 'true' }, cwd).trustProxy).toBe(true);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', ADMIN_TOKEN: '' }, cwd)).toMatchObject({ port: 3000, adminToken: undefined });
  });

  it('lists every problem in one readable message', () => {
    const bad = () =>
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud', ADMIN_TOKEN: 'short' }, cwd);
    expect(bad).toThrow(ConfigError);
    expect(bad).toThrow(/PORT: must be a port number/);
    expect(bad).toThrow(/DATABASE_URL: must be sqlite:<path> or postgres:/);
    expect(bad).toThrow(/LOG_LEVEL: /);
    expect(bad).toThrow(/ADMIN_TOKEN: must be at least 8 characters/);
    expect(() => loadConfig({ PORT: '70000' }, cwd)).toThrow(/PORT: must be a port number/);
  });
});
