// Every change to a person's sign-in settings, and each recovery code used, is told in their app inbox (and by mail
// when mail is configured): a notice without a post, in the one list and the one unread count beside the desk's.
import { sql } from 'kysely';
import { TOTP } from 'otpauth';
import type { NotificationsAnswer, StaffNotification } from '../../../src/contract/desk';
import type { BlogPost } from '../../../src/contract/types';
import { validSubmission } from '../fixtures/submissions';
import { cookieOf, createStaff, PASSWORD, SAME_ORIGIN, signIn } from '../helpers/accounts';
import { SoftAuthenticator } from '../helpers/softAuthenticator';
import { PUBLIC_URL, useTestApp } from '../helpers/testApp';

const START = Date.parse('2026-11-28T09:00:00.000Z');
const STEP = 30_000;
const SITE = { origin: PUBLIC_URL, rpId: 'touchline.test' };

const t = useTestApp({ now: START, alsoEmpty: ['accounts', 'site_settings', 'mail_outbox'], sharedApp: true });

const code = (secret: string, at: number) => new TOTP({ secret }).generate({ timestamp: at });
const post = (url: string, cookie: string | undefined, payload: object = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: cookie === undefined ? SAME_ORIGIN : { ...SAME_ORIGIN, cookie },
    payload,
  });
const inbox = async (cookie: string) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return res.json<NotificationsAnswer>();
};
const texts = async (cookie: string) => (await inbox(cookie)).items.map((item) => item.text);

async function addPasskey(cookie: string, name: string) {
  const options = await post('/api/account/passkeys/options', cookie);
  const response = new SoftAuthenticator().register(options.json<{ challenge: string }>().challenge, SITE);
  const res = await post('/api/account/passkeys', cookie, { name, response });
  expect(res.statusCode).toBe(201);
  return res.json<{ passkey: { id: number } }>().passkey.id;
}

async function turnOnTotp(cookie: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const { secret } = (await post('/api/account/totp', cookie)).json<{ secret: string }>();
  const res = await post('/api/account/totp/confirm', cookie, { code: code(secret, t.clock) });
  expect(res.statusCode).toBe(200);
  t.clock += 2 * STEP;
  return { secret, recoveryCodes: res.json<{ recoveryCodes: string[] }>().recoveryCodes };
}

it('tells of a passkey added and removed, by its name, as an unread notice with no post', async () => {
  const editor = await createStaff(t.db, 'editor');
  const cookie = await signIn(t.app, editor.email);
  const id = await addPasskey(cookie, 'Work laptop');
  const added = await inbox(cookie);
  expect(added.unread).toBe(1);
  expect(added.items).toEqual([
    {
      id: expect.any(Number) as number,
      kind: 'account',
      postId: null,
      postTitle: null,
      actor: { name: editor.name },
      text: 'A passkey named "Work laptop" was added to your account.',
      createdAt: new Date(START).toISOString(),
      read: false,
    } satisfies StaffNotification,
  ]);

  const removed = await t.app.inject({
    method: 'DELETE',
    url: `/api/account/passkeys/${id}`,
    headers: { ...SAME_ORIGIN, cookie },
  });
  expect(removed.statusCode).toBe(204);
  // A second removal changes nothing, and tells nothing.
  const again = await t.app.inject({
    method: 'DELETE',
    url: `/api/account/passkeys/${id}`,
    headers: { ...SAME_ORIGIN, cookie },
  });
  expect(again.statusCode).toBe(404);
  expect(await texts(cookie)).toEqual([
    'A passkey named "Work laptop" was removed from your account.',
    'A passkey named "Work laptop" was added to your account.',
  ]);
  // Only the person whose account changed is told.
  const other = await createStaff(t.db, 'owner');
  expect(await inbox(await signIn(t.app, other.email))).toEqual({ items: [], unread: 0 });
});

it('tells of the authenticator app turned on and off, and of new recovery codes', async () => {
  const editor = await createStaff(t.db, 'editor');
  const cookie = await signIn(t.app, editor.email);
  await turnOnTotp(cookie);
  expect(await texts(cookie)).toEqual(['Your authenticator app was turned on.']);
  expect((await post('/api/account/recovery-codes', cookie)).statusCode).toBe(200);
  expect((await post('/api/account/totp/off', cookie, { password: PASSWORD })).statusCode).toBe(204);
  // A refused turn-off (the app is off already) tells nothing.
  expect((await post('/api/account/totp/off', cookie, { password: PASSWORD })).statusCode).toBe(409);
  expect(await texts(cookie)).toEqual([
    'Your authenticator app was turned off.',
    'New recovery codes were made; the old ones no longer work.',
    'Your authenticator app was turned on.',
  ]);
  expect((await inbox(cookie)).unread).toBe(3);
});

it('tells of each recovery code used to sign in, with how many remain, and of no wrong one', async () => {
  const editor = await createStaff(t.db, 'editor');
  const cookie = await signIn(t.app, editor.email);
  const { recoveryCodes } = await turnOnTotp(cookie);
  const codeStep = async (value: string) => {
    const password = await t.app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { email: editor.email, password: PASSWORD },
    });
    const { ticket } = password.json<{ ticket: string }>();
    return post('/api/session/code', undefined, { ticket, code: value });
  };
  expect((await codeStep('abcde-fghjk')).statusCode).toBe(401);
  const first = await codeStep(recoveryCodes[0]!);
  expect(first.statusCode).toBe(200);
  // The spent code again is refused, and told of no more.
  expect((await codeStep(recoveryCodes[0]!)).statusCode).toBe(401);
  expect((await codeStep(recoveryCodes[1]!)).statusCode).toBe(200);
  const session = cookieOf(first.headers['set-cookie']);
  expect(await texts(session)).toEqual([
    'A recovery code was used to sign in. 8 remain.',
    'A recovery code was used to sign in. 9 remain.',
    'Your authenticator app was turned on.',
  ]);
});

it('keeps the account notices and the desk notices in one list and one unread count, each marked read alike', async () => {
  const editor = await createStaff(t.db, 'editor');
  const author = await createStaff(t.db, 'author');
  const cookie = await signIn(t.app, editor.email);
  const authorCookie = await signIn(t.app, author.email);
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/blogs',
    headers: { ...SAME_ORIGIN, cookie: authorCookie },
    payload: { ...validSubmission({ title: 'Cup final' }), status: 'draft' },
  });
  expect(made.statusCode).toBe(201);
  const { id } = made.json<BlogPost>();
  t.clock += 60_000;
  const submitted = await t.app.inject({
    method: 'PUT',
    url: `/api/blogs/${id}`,
    headers: { ...SAME_ORIGIN, cookie: authorCookie },
    payload: { ...validSubmission({ title: 'Cup final' }), status: 'review' },
  });
  expect(submitted.statusCode).toBe(200);
  t.clock += 60_000;
  await addPasskey(cookie, 'Phone');

  const both = await inbox(cookie);
  expect(both.unread).toBe(2);
  expect(both.items.map(({ kind, postId, postTitle }) => ({ kind, postId, postTitle }))).toEqual([
    { kind: 'account', postId: null, postTitle: null },
    { kind: 'submitted', postId: id, postTitle: 'Cup final' },
  ]);
  const [account] = both.items;
  expect((await post('/api/notifications/read', cookie, { ids: [account!.id] })).statusCode).toBe(204);
  expect((await inbox(cookie)).unread).toBe(1);
  // Publishing the post settles the notices about it, not the account's.
  await addPasskey(cookie, 'Tablet');
  const published = await post(`/api/blogs/${id}/review`, cookie, { decision: 'approve' });
  expect(published.statusCode).toBe(200);
  const after = await inbox(cookie);
  expect(after.unread).toBe(1);
  expect(after.items.filter((item) => !item.read).map((item) => item.text)).toEqual([
    'A passkey named "Tablet" was added to your account.',
  ]);
});

it('mails the same sentence when mail is configured, queued with the notice', async () => {
  await t.restart({
    mail: { smtpUrl: 'smtp://127.0.0.1:9', from: 'desk@touchline.test', digestMs: 0 },
    mailPollMs: 3_600_000,
  });
  const editor = await createStaff(t.db, 'editor');
  const cookie = await signIn(t.app, editor.email);
  await addPasskey(cookie, 'Work laptop');
  const mail = await t.db.kysely
    .selectFrom('mail_outbox')
    .select(['to_address', 'subject', 'body'])
    .where('to_address', '=', editor.email)
    .execute();
  expect(mail).toHaveLength(1);
  expect(mail[0]!.subject).toBe('Your Touchline sign-in settings changed');
  expect(mail[0]!.body).toContain('A passkey named "Work laptop" was added to your account.');
  expect(await texts(cookie)).toEqual(['A passkey named "Work laptop" was added to your account.']);
});

it('makes no change it cannot tell: a notice refused by the database undoes the change with it', async () => {
  const editor = await createStaff(t.db, 'editor');
  const cookie = await signIn(t.app, editor.email);
  const { secret } = (await post('/api/account/totp', cookie)).json<{ secret: string }>();
  const refuse =
    t.testDb.db.dialect === 'postgres'
      ? [
          sql`create function refuse_notice() returns trigger language plpgsql as
            $$ begin raise exception 'notice refused'; end $$`,
          sql`create trigger refuse_notice before insert on notifications for each row execute function refuse_notice()`,
        ]
      : [
          sql`create trigger refuse_notice before insert on notifications begin select raise(abort, 'notice refused'); end`,
        ];
  for (const statement of refuse) await statement.execute(t.db.kysely);
  try {
    const confirmed = await post('/api/account/totp/confirm', cookie, { code: code(secret, t.clock) });
    expect(confirmed.statusCode).toBe(500);
  } finally {
    await sql`drop trigger refuse_notice${sql.raw(t.testDb.db.dialect === 'postgres' ? ' on notifications' : '')}`.execute(
      t.db.kysely,
    );
    if (t.testDb.db.dialect === 'postgres') await sql`drop function refuse_notice`.execute(t.db.kysely);
  }
  const status = await t.app.inject({ method: 'GET', url: '/api/account/second-factor', headers: { cookie } });
  expect(status.json()).toMatchObject({ totp: false, recoveryCodes: 0 });
  // The password alone still signs in: the app was not turned on untold.
  const password = await t.app.inject({
    method: 'POST',
    url: '/api/session',
    payload: { email: editor.email, password: PASSWORD },
  });
  expect(password.headers['set-cookie']).toBeDefined();
});
