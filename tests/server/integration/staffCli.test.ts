// `npm run staff -- reset-password EMAIL` as a person runs it: the real command (src/server/accounts/staffCli.ts
// through tsx's loader) on the database DATABASE_URL names prints a link whose code sets a new password; `reset-2fa`
// removes every second factor and tells the person in the app inbox (and by mail when mail is configured).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TOTP } from 'otpauth';
import type { NotificationsAnswer } from '../../../src/contract/desk';
import { cookieOf, createStaff, PASSWORD, SAME_ORIGIN, signIn } from '../helpers/accounts';
import { startTestApp } from '../helpers/testApp';
import { createTestDb, databaseUrl } from '../helpers/testDb';
import type { TestDb } from '../helpers/testDb';

jest.setTimeout(90_000);

const root = join(__dirname, '..', '..', '..');
const RESET_NOTICE =
  'Your passkeys, authenticator app and recovery codes were removed on the server (npm run staff -- reset-2fa), ' +
  'and every session of your account ended.';

let testDb: TestDb;
let dataDir: string;
beforeAll(async () => {
  testDb = await createTestDb();
  dataDir = mkdtempSync(join(tmpdir(), 'touchline-staff-'));
});
afterAll(async () => {
  await testDb.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const staff = (...args: string[]) => staffWith({}, ...args);

function staffWith(env: Record<string, string>, ...args: string[]) {
  const result = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(root, 'src/server/accounts/staffCli.ts'), ...args],
    {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl(testDb.config),
        PUBLIC_URL: 'https://touchline.example',
        ...env,
      },
      encoding: 'utf8',
    },
  );
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

it('prints a single-use link that sets a new password and ends the sessions of the account', async () => {
  const owner = await createStaff(testDb.db, 'owner', 'owner@touchline.test');
  const t = await startTestApp({ testDb });
  try {
    const before = await signIn(t.app, owner.email);
    const printed = staff('reset-password', 'Owner@Touchline.test');
    expect(printed).toMatchObject({ code: 0, stderr: '' });
    const match =
      /^touchline: new password link for owner@touchline\.test \(owner\), valid 30 minutes, works once; using it ends every session of the account:\nhttps:\/\/touchline\.example\/auth\?reset=([\w-]{43})\n$/.exec(
        printed.stdout,
      );
    expect(match).not.toBeNull();
    const code = match![1]!;
    const used = await t.app.inject({
      method: 'POST',
      url: '/api/password-resets',
      headers: SAME_ORIGIN,
      payload: { code, password: 'a brand new password' },
    });
    expect(used.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie: before } })).statusCode).toBe(
      401,
    );
    const signInWith = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/session', payload: { email: owner.email, password } });
    expect((await signInWith(PASSWORD)).statusCode).toBe(401);
    expect((await signInWith('a brand new password')).statusCode).toBe(200);
  } finally {
    await t.close();
  }
});

it('refuses an unknown email in one line with exit code 1, and a wrong call with its usage and 2', () => {
  expect(staff('reset-password', 'nobody@touchline.test')).toEqual({
    code: 1,
    stdout: '',
    stderr: 'touchline: reset-password refused: no staff account has the email nobody@touchline.test\n',
  });
  expect(staff()).toEqual({
    code: 2,
    stdout: '',
    stderr: 'usage: npm run staff -- reset-password EMAIL | reset-2fa EMAIL\n',
  });
  expect(staff('reset-password')).toMatchObject({ code: 2 });
});

it('reset-2fa removes the passkeys, the authenticator app and the recovery codes, and ends every session', async () => {
  const editor = await createStaff(testDb.db, 'editor', 'lost-phone@touchline.test');
  const t = await startTestApp({ testDb });
  try {
    const session = await signIn(t.app, editor.email);
    const post = (url: string, payload: object = {}) =>
      t.app.inject({ method: 'POST', url, headers: { ...SAME_ORIGIN, cookie: session }, payload });
    const { secret } = (await post('/api/account/totp')).json<{ secret: string }>();
    expect((await post('/api/account/totp/confirm', { code: new TOTP({ secret }).generate() })).statusCode).toBe(200);
    const printed = staff('reset-2fa', 'Lost-Phone@touchline.test');
    expect(printed).toEqual({
      code: 0,
      stderr: '',
      stdout:
        'touchline: removed the passkeys, authenticator app and recovery codes of lost-phone@touchline.test ' +
        '(editor) and ended every session of the account\n',
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie: session } })).statusCode).toBe(
      401,
    );
    // The password alone signs in again: no code step.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { email: editor.email, password: PASSWORD },
    });
    expect(again.headers['set-cookie']).toBeDefined();
    const left = await testDb.db.kysely
      .selectFrom('recovery_codes')
      .select('id')
      .where('account_id', '=', editor.id)
      .execute();
    expect(left).toEqual([]);
    // The person reads what happened in their inbox, beside the app's turning on.
    const inbox = await t.app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: { cookie: cookieOf(again.headers['set-cookie']) },
    });
    expect(inbox.json<NotificationsAnswer>()).toMatchObject({
      unread: 2,
      items: [
        { kind: 'account', postId: null, actor: { name: 'The server' }, text: RESET_NOTICE, read: false },
        { kind: 'account', text: 'Your authenticator app was turned on.' },
      ],
    });
    // With mail configured, it is mailed too, for the server's outbox to send.
    expect(
      staffWith({ SMTP_URL: 'smtp://127.0.0.1:9', MAIL_FROM: 'desk@touchline.test' }, 'reset-2fa', editor.email),
    ).toMatchObject({ code: 0, stderr: '' });
    const mail = await testDb.db.kysely
      .selectFrom('mail_outbox')
      .select(['subject', 'body'])
      .where('to_address', '=', editor.email)
      .execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('Your Touchline sign-in settings changed');
    expect(mail[0]!.body).toContain(RESET_NOTICE);
    expect(mail[0]!.body).toContain('https://touchline.example/admin/account');
  } finally {
    await t.close();
  }
});
