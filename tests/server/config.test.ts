import { resolve } from 'node:path';
import { ConfigError, listenUrl, loadConfig } from '../../src/server/config';

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
      logFormat: 'auto',
      trustProxy: false,
      clientDir: resolve(__dirname, '..', '..', 'dist', 'client'),
      publicUrl: undefined,
      sessionMaxDays: 90,
      liveMaxStreams: 20_000,
      siteTimeZone: 'UTC',
    });
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        HOST: '0.0.0.0',
        DATABASE_URL: 'postgres://app@db.internal:5432/touchline',
        ADMIN_TOKEN: '0123456789abcdef0123456789abcdef',
        DATA_DIR: '/var/lib/touchline',
        LOG_LEVEL: 'warn',
        LOG_FORMAT: 'json',
        TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
        CLIENT_DIR: 'build/client',
        PUBLIC_URL: 'https://touchline.example',
        SESSION_MAX_DAYS: '14',
        LIVE_MAX_STREAMS: '5000',
        SITE_TIME_ZONE: 'Europe/London',
      },
      cwd,
    );
    expect(config).toEqual({
      port: 8080,
      host: '0.0.0.0',
      database: { kind: 'postgres', url: 'postgres://app@db.internal:5432/touchline' },
      adminToken: '0123456789abcdef0123456789abcdef',
      dataDir: '/var/lib/touchline',
      logLevel: 'warn',
      logFormat: 'json',
      trustProxy: ['10.0.0.0/8', '127.0.0.1'],
      clientDir: '/srv/touchline/build/client',
      publicUrl: 'https://touchline.example',
      sessionMaxDays: 14,
      liveMaxStreams: 5_000,
      siteTimeZone: 'Europe/London',
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
  });

  it('takes an IANA time zone for the site, and refuses one this runtime does not know', () => {
    expect(loadConfig({ SITE_TIME_ZONE: 'America/New_York' }, cwd).siteTimeZone).toBe('America/New_York');
    expect(() => loadConfig({ SITE_TIME_ZONE: 'Mars/Olympus' }, cwd)).toThrow(
      'SITE_TIME_ZONE: must be an IANA time zone, such as Europe/London or UTC',
    );
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
    expect(bad).toThrow(/ADMIN_TOKEN: must be at least 32 characters; make one with: openssl rand -hex 32/);
    expect(() => loadConfig({ PORT: '70000' }, cwd)).toThrow(/PORT: must be a port number/);
    for (const days of ['0', '-1', '1.5', '30d', '3651'])
      expect(() => loadConfig({ SESSION_MAX_DAYS: days }, cwd)).toThrow(
        /SESSION_MAX_DAYS: must be a whole number of days from 1 to 3650/,
      );
    for (const minutes of ['-1', '1.5', '10m', '1441'])
      expect(() => loadConfig({ MAIL_DIGEST_MINUTES: minutes }, cwd)).toThrow(
        /MAIL_DIGEST_MINUTES: must be a whole number of minutes from 0 to 1440/,
      );
  });

  it('gathers desk mail every 10 minutes unless MAIL_DIGEST_MINUTES says otherwise (0: each notice at once)', () => {
    const mail = { SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'desk@example.com' };
    expect(loadConfig(mail, cwd).mail?.digestMs).toBe(600_000);
    expect(loadConfig({ ...mail, MAIL_DIGEST_MINUTES: '0' }, cwd).mail?.digestMs).toBe(0);
    expect(loadConfig({ ...mail, MAIL_DIGEST_MINUTES: '1440' }, cwd).mail?.digestMs).toBe(86_400_000);
  });
});

describe('ADMIN_TOKEN', () => {
  it('takes 32 characters and refuses 31, naming the variable and how to make one', () => {
    expect(loadConfig({ ADMIN_TOKEN: 'x'.repeat(32) }, cwd).adminToken).toBe('x'.repeat(32));
    const short = () => loadConfig({ ADMIN_TOKEN: 'x'.repeat(31) }, cwd);
    expect(short).toThrow(ConfigError);
    expect(short).toThrow('ADMIN_TOKEN: must be at least 32 characters; make one with: openssl rand -hex 32');
  });
});

describe('TRUST_PROXY', () => {
  const trustProxy = (value: string) => loadConfig({ TRUST_PROXY: value }, cwd).trustProxy;

  it('takes a hop count, or a list of proxy addresses and CIDRs', () => {
    expect(trustProxy('false')).toBe(false);
    expect(trustProxy('0')).toBe(false);
    expect(trustProxy('1')).toBe(1);
    expect(trustProxy('2')).toBe(2);
    expect(trustProxy('10.0.0.0/8, 127.0.0.1,fd00::/8, loopback')).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('refuses true, saying to give the hop count', () => {
    expect(() => trustProxy('true')).toThrow(ConfigError);
    expect(() => trustProxy('true')).toThrow(/TRUST_PROXY: .*give the number of proxies .*TRUST_PROXY=1/);
  });

  it.each(['proxy.internal', '10.0.0.0/33', '::1/129', '1.2.3', '-1'])('refuses %s', (value) => {
    expect(() => trustProxy(value)).toThrow(/TRUST_PROXY: must be false, the number of proxies/);
  });
});

describe('PUBLIC_URL', () => {
  const publicUrl = (value: string) => loadConfig({ PUBLIC_URL: value }, cwd).publicUrl;

  it('is the origin of the site, spelled one way: no trailing slash, lower-case host, no default port', () => {
    expect(publicUrl('https://touchline.example')).toBe('https://touchline.example');
    expect(publicUrl('https://touchline.example/')).toBe('https://touchline.example');
    expect(publicUrl('HTTPS://Touchline.Example:443/')).toBe('https://touchline.example');
    expect(publicUrl('http://localhost:8080/')).toBe('http://localhost:8080');
    expect(publicUrl('http://[::1]:3000')).toBe('http://[::1]:3000');
    expect(publicUrl('https://bücher.example')).toBe('https://xn--bcher-kva.example');
  });

  it.each([
    ['not a URL', 'touchline.example'],
    ['another scheme', 'ftp://touchline.example'],
    ['a script URL', 'javascript:alert(1)'],
    ['a scheme without //', 'https:touchline.example'],
    ['a query', 'https://touchline.example/?utm=1'],
    ['an empty query', 'https://touchline.example/?'],
    ['a fragment', 'https://touchline.example/#top'],
    ['credentials', 'https://user:pass@touchline.example'],
    ['a path (the site is served from the root)', 'https://example.com/blog/'],
    ['white space', 'https://touchline .example'],
    ['no host', 'http://'],
  ])('refuses %s, naming the variable', (_case, value) => {
    expect(() => publicUrl(value)).toThrow(ConfigError);
    expect(() => publicUrl(value)).toThrow(/PUBLIC_URL: must be an absolute http\(s\) URL/);
  });

  it('defaults to the listening address, an IPv6 host in brackets', () => {
    expect(loadConfig({}, cwd).publicUrl).toBeUndefined();
    expect(listenUrl('127.0.0.1', 3000)).toBe('http://127.0.0.1:3000');
    expect(listenUrl('::1', 8080)).toBe('http://[::1]:8080');
  });
});
