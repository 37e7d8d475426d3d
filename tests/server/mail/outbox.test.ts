// Mail through a real SMTP server in this process: the outbox sends each notification once, after an outage too,
// gives up after a day; "Forgot password?" mails a single-use link that expires, answers alike for any email, is
// limited, and ends every session; and nothing secret (the SMTP password, a session, a reset code) reaches the log.
import type { NotificationsAnswer } from '../../../src/contract/desk';
import type { BlogPost } from '../../../src/contract/types';
import { mailOutboxOf } from '../../../src/server/app';
import { ConfigError, loadConfig } from '../../../src/server/config';
import type { Outbox } from '../../../src/server/mail/outbox';
import { validSubmission } from '../fixtures/submissions';
import { PASSWORD, SAME_ORIGIN, signIn, staffSession } from '../helpers/accounts';
import { freePort, SMTP_PASSWORD, startTestSmtp } from '../helpers/smtp';
import type { TestSmtp } from '../helpers/smtp';
import { PUBLIC_URL, useTestApp } from '../helpers/testApp';

jest.setTimeout(60_000);

const START = Date.parse('2026-11-28T09:00:00.000Z');
const MAIL_FROM = 'Touchline <desk@touchline.test>';
const logLines: string[] = [];
let smtpPort = 0;
let smtp: TestSmtp | undefined;

beforeAll(async () => {
  smtpPort = await freePort();
});
afterEach(async () => {
  await smtp?.close();
  smtp = undefined;
});

const t = useTestApp({
  now: START,
  alsoEmpty: ['accounts', 'mail_outbox'],
  // The outbox is woken by each write and drained by the test; its timer would only add noise.
  mailPollMs: 3_600_000,
  logger: { level: 'trace', stream: { write: (line: string) => void logLines.push(line) } },
});

// The SMTP port is known only once the file runs: each test's app is started again with mail on it.
beforeEach(async () => {
  await t.restart({ mail: { smtpUrl: `smtp://touchline:${SMTP_PASSWORD}@127.0.0.1:${smtpPort}`, from: MAIL_FROM } });
});

const outbox = (): Outbox => mailOutboxOf(t.app)!;
/** Sends everything due now, after whatever run a write started. */
async function drain() {
  await outbox().settle();
  await outbox().drain();
}
const outboxRows = () => t.db.kysely.selectFrom('mail_outbox').selectAll().orderBy('id').execute();

describe('the outbox', () => {
  it('sends each notification exactly once, after the SMTP server comes up, with the post and its admin link', async () => {
    const writer = await staffSession(t.app, t.db, 'contributor');
    const editor = await staffSession(t.app, t.db, 'editor');
    const owner = await staffSession(t.app, t.db, 'owner');
    // SMTP is down: the submission still succeeds, and its two messages wait.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/blogs',
      headers: { cookie: writer.cookie, ...SAME_ORIGIN },
      payload: { ...validSubmission({ title: 'Cup final preview' }), status: 'review' },
    });
    expect(res.statusCode).toBe(201);
    const post = res.json<BlogPost>();
    await drain();
    expect((await outboxRows()).map((row) => [row.attempts, row.sent_at])).toEqual([
      [1, null],
      [1, null],
    ]);

    smtp = await startTestSmtp(smtpPort);
    // Not due yet: the retry waits its backoff.
    await drain();
    expect(smtp.messages).toHaveLength(0);
    t.clock = START + 31_000;
    await drain();
    await drain();
    expect(smtp.messages.map((m) => m.to).sort()).toEqual([[editor.account.email], [owner.account.email]].sort());
    for (const message of smtp.messages) {
      expect(message.from).toBe('desk@touchline.test');
      expect(message.subject).toBe('Submitted for review: Cup final preview');
      expect(message.text).toContain(`Submitted for review by ${writer.account.name}`);
      expect(message.text).toContain(`${PUBLIC_URL}/admin/edit/${post.id}`);
    }
    // Sent rows keep no body.
    expect((await outboxRows()).map((row) => [row.body, row.sent_at === null])).toEqual([
      ['', false],
      ['', false],
    ]);
    // Each notification is in the app too.
    const inbox = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie: editor.cookie } });
    expect(inbox.json<NotificationsAnswer>().unread).toBe(1);
  });

  it('gives up on a message after a day of failures', async () => {
    const writer = await staffSession(t.app, t.db, 'contributor');
    await staffSession(t.app, t.db, 'editor');
    await t.app.inject({
      method: 'POST',
      url: '/api/blogs',
      headers: { cookie: writer.cookie, ...SAME_ORIGIN },
      payload: { ...validSubmission({ title: 'Never delivered' }), status: 'review' },
    });
    await drain();
    t.clock = START + 24 * 3_600_000 + 1;
    await drain();
    const [row] = await outboxRows();
    expect(row).toMatchObject({ attempts: 2, sent_at: null, body: '' });
    expect(row!.failed_at).not.toBeNull();
  });
});

describe('Forgot password?', () => {
  const ask = (email: string, ip = '203.0.113.9') =>
    t.app.inject({ method: 'POST', url: '/api/password-reset-requests', payload: { email }, remoteAddress: ip });
  const useCode = (code: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/password-resets', payload: { code, password } });
  const codeIn = (text: string) => /\/auth\?reset=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';

  it('mails a single-use link that ends every session; answers alike for an unknown email; expires', async () => {
    smtp = await startTestSmtp(smtpPort);
    expect((await t.app.inject({ method: 'GET', url: '/api/password-reset-requests' })).json()).toEqual({ mail: true });
    const { account, cookie } = await staffSession(t.app, t.db, 'author');
    const known = await ask(account.email.toUpperCase());
    const unknown = await ask('nobody@touchline.test');
    expect([known.statusCode, unknown.statusCode]).toEqual([202, 202]);
    expect(unknown.body).toBe(known.body);
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/password-reset-requests',
      payload: { email: account.email },
      headers: { origin: 'https://elsewhere.example' },
    });
    expect(foreign.statusCode).toBe(403);
    await drain();
    expect(smtp.messages.map((m) => m.to)).toEqual([[account.email]]);
    const code = codeIn(smtp.messages[0]!.text);
    expect(smtp.messages[0]!.text).toContain(`${PUBLIC_URL}/auth?reset=${code}`);

    const newPassword = 'a brand new passphrase';
    expect((await useCode(code, newPassword)).statusCode).toBe(200);
    // The old session ended; the link works once; the new password signs in.
    expect((await t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } })).statusCode).toBe(401);
    expect((await useCode(code, 'yet another passphrase')).statusCode).toBe(403);
    await signIn(t.app, account.email, newPassword);

    // A link older than 30 minutes is refused.
    await ask(account.email);
    await drain();
    const late = codeIn(smtp.messages[1]!.text);
    t.clock = START + 31 * 60_000;
    const expired = await useCode(late, 'too late for this one');
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toEqual({ error: 'This password reset link has expired: ask for a new one' });
    await signIn(t.app, account.email, newPassword);
  });

  it('is limited per email (known or not) and per address', async () => {
    const { account } = await staffSession(t.app, t.db, 'editor');
    for (const email of [account.email, 'nobody@touchline.test']) {
      const answers = [];
      // From different addresses: the email's own limit.
      for (let i = 0; i < 6; i += 1) answers.push((await ask(email, `198.51.100.${i + 1}`)).statusCode);
      expect(answers).toEqual([202, 202, 202, 202, 202, 429]);
    }
    // One address asking for many emails: the address limit (30, shared with sign-in).
    const fromOne = [];
    for (let i = 0; i < 31; i += 1) fromOne.push((await ask(`someone${i}@touchline.test`, '192.0.2.1')).statusCode);
    expect(fromOne.filter((s) => s === 429)).toHaveLength(1);
    expect(fromOne[30]).toBe(429);
  });

  it('answers 503 and says so when mail is not configured', async () => {
    await t.restart({ mail: undefined });
    expect((await t.app.inject({ method: 'GET', url: '/api/password-reset-requests' })).json()).toEqual({
      mail: false,
    });
    const res = await ask('someone@touchline.test');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: 'This site cannot send email: ask an owner for a password reset link' });
  });
});

describe('SMTP_URL and MAIL_FROM', () => {
  const env = (more: Record<string, string>) => ({ DATA_DIR: '/tmp/touchline-config', ...more });
  it('are read together, and a refusal never repeats the password', () => {
    const smtpUrl = `smtp://desk:${SMTP_PASSWORD}@mail.example:587`;
    expect(loadConfig(env({})).mail).toBeUndefined();
    expect(loadConfig(env({ SMTP_URL: smtpUrl, MAIL_FROM: MAIL_FROM })).mail).toEqual({
      smtpUrl,
      from: MAIL_FROM,
      digestMs: 600_000,
      connections: 5,
      sender: 'worker',
    });
    expect(loadConfig(env({ SMTP_URL: smtpUrl, MAIL_FROM, MAIL_SENDER: 'thread' })).mail?.sender).toBe('thread');
    const pooled = loadConfig(env({ SMTP_URL: smtpUrl, MAIL_FROM, MAIL_CONNECTIONS: '12', MAIL_RATE: '50' })).mail;
    expect(pooled).toMatchObject({ connections: 12, rate: 50 });
    const badPools: Record<string, string>[] = [
      { MAIL_CONNECTIONS: '0' },
      { MAIL_CONNECTIONS: '101' },
      { MAIL_RATE: 'fast' },
      { MAIL_RATE: '0' },
      { MAIL_SENDER: 'process' },
    ];
    for (const bad of badPools)
      expect(() => loadConfig(env({ SMTP_URL: smtpUrl, MAIL_FROM, ...bad }))).toThrow(ConfigError);
    const refusals: Record<string, string>[] = [
      { SMTP_URL: smtpUrl },
      { MAIL_FROM: 'desk@touchline.test' },
      { SMTP_URL: `http://desk:${SMTP_PASSWORD}@mail.example`, MAIL_FROM: 'desk@touchline.test' },
      { SMTP_URL: smtpUrl, MAIL_FROM: 'not an address' },
    ];
    for (const more of refusals) {
      let message = '';
      try {
        loadConfig(env(more));
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        message = (error as Error).message;
      }
      expect(message).toMatch(/SMTP_URL|MAIL_FROM/);
      expect(message).not.toContain(SMTP_PASSWORD);
    }
  });
});

afterAll(() => {
  // Everything above was logged at trace level: no SMTP password, session cookie or reset code is in it.
  const log = logLines.join('');
  expect(log).toContain('will retry');
  expect(log).toContain('"url":"/api/password-resets"');
  expect(log).not.toContain(SMTP_PASSWORD);
  expect(log).not.toMatch(/touchline_session=\w/);
  expect(log).not.toMatch(/reset=[A-Za-z0-9_-]{20,}/);
  expect(log).not.toContain(PASSWORD);
});
