// Names, not emails: a sign-up gives the person's name; an account that never gave one (named after its email, by an
// API sign-up without a name or by an older release) is asked once after its next sign-in, until it saves a name or
// declines. GET and POST /api/account/name-ask, and migration 0027 marking the accounts to ask.
import type { StaffUser } from '../../../src/contract/types';
import { migrateToLatest, migratorFor } from '../../../src/server/db/migrate';
import { findAccountByEmail } from '../../../src/server/repositories/accountsRepository';
import { cookieOf, createStaff, PASSWORD, SAME_ORIGIN, staffSession } from '../helpers/accounts';
import { createTestDb } from '../helpers/testDb';
import { TOKEN, useTestApp } from '../helpers/testApp';

jest.setTimeout(60_000);

const t = useTestApp({
  now: Date.parse('2026-11-28T09:00:00.000Z'),
  alsoEmpty: ['accounts', 'invitations'],
  sharedApp: true,
});

type Headers = Record<string, string>;
const asCookie = (cookie: string): Headers => ({ cookie, ...SAME_ORIGIN });

const asked = async (headers: Headers) =>
  (await t.app.inject({ method: 'GET', url: '/api/account/name-ask', headers })).json<{ ask: boolean }>().ask;
const answer = (headers: Headers, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/account/name-ask', headers, payload });

/** Signs up through an invitation the owner made, with `name` when given: the new session's headers. */
async function signUp(email: string, name?: string): Promise<Headers> {
  const owner = await staffSession(t.app, t.db, 'owner');
  const invited = await t.app.inject({
    method: 'POST',
    url: '/api/invitations',
    headers: asCookie(owner.cookie),
    payload: { email, role: 'author' },
  });
  const invitation = new URL(invited.json<{ url: string }>().url).searchParams.get('invite');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/users',
    payload: { invitation, email, password: PASSWORD, ...(name === undefined ? {} : { name }) },
  });
  expect(res.statusCode).toBe(201);
  return asCookie(cookieOf(res.headers['set-cookie']));
}

it('a sign-up with a name is never asked; one without is asked until it saves a name, which the profile (a new post’s byline) then holds', async () => {
  const named = await signUp('priya.shah@touchline.test', 'Priya Shah');
  expect(await asked(named)).toBe(false);

  const nameless = await signUp('priya@touchline.test');
  expect(await asked(nameless)).toBe(true);
  const saved = await answer(nameless, { name: '  Priya Kaur ' });
  expect(saved.statusCode).toBe(200);
  expect(saved.json<{ user: StaffUser }>().user).toMatchObject({ email: 'priya@touchline.test', name: 'Priya Kaur' });
  expect(await asked(nameless)).toBe(false);
  const profile = await t.app.inject({ method: 'GET', url: '/api/account/profile', headers: nameless });
  expect(profile.json()).toMatchObject({ name: 'Priya Kaur' });
});

it('"Not now" keeps the name and is not asked again; a name saved on the profile answers it too', async () => {
  const declining = await signUp('sam@touchline.test');
  const declined = await answer(declining, {});
  expect(declined.statusCode).toBe(200);
  expect(declined.json<{ user: StaffUser }>().user.name).toBe('sam');
  expect(await asked(declining)).toBe(false);

  const profiled = await signUp('cara@touchline.test');
  const put = await t.app.inject({
    method: 'PUT',
    url: '/api/account/profile',
    headers: profiled,
    payload: { name: 'Cara Jones', title: '', photo: '' },
  });
  expect(put.statusCode).toBe(200);
  expect(await asked(profiled)).toBe(false);
});

it('refuses a name that breaks the name rules with a 400 that changes nothing, and is for signed-in people only', async () => {
  const person = await signUp('ola@touchline.test');
  for (const name of ['', '   ', 'Ola\nNordmann', 'x'.repeat(101), 42]) {
    const res = await answer(person, { name });
    expect([name, res.statusCode]).toEqual([name, 400]);
    expect(res.json<{ error: string }>().error).toEqual(expect.any(String));
  }
  expect(await asked(person)).toBe(true);
  expect((await findAccountByEmail(t.db, 'ola@touchline.test'))?.name).toBe('ola');

  expect((await t.app.inject({ method: 'GET', url: '/api/account/name-ask' })).statusCode).toBe(401);
  expect((await answer(SAME_ORIGIN, { name: 'Nobody' })).statusCode).toBe(401);
  const key = { authorization: `Bearer ${TOKEN}` };
  expect((await answer(key, { name: 'A Script' })).statusCode).toBe(403);
});

it('migration 0027 asks the accounts an older release named after their email, and no other', async () => {
  const old = await createTestDb();
  try {
    expect((await migratorFor(old.db).migrateTo('20261128_0022_second_factors')).error).toBeUndefined();
    const insert = (email: string, name: string) =>
      old.db.kysely
        .insertInto('accounts')
        .values({
          email,
          name,
          role: 'author',
          password_hash: '$argon2id$x',
          created_at: '2026-11-20T09:00:00.000Z',
          updated_at: '2026-11-20T09:00:00.000Z',
          // Not a column yet: the type is today's, the table an older release's.
        } as never)
        .execute();
    await insert('priya@touchline.test', 'priya');
    await insert('blank@touchline.test', '');
    await insert('maya@touchline.test', 'Maya Lindqvist');
    await migrateToLatest(old.db);
    const rows = await old.db.kysely.selectFrom('accounts').select(['email', 'ask_name']).orderBy('id').execute();
    expect(rows.map((row) => [row.email, Number(row.ask_name)])).toEqual([
      ['priya@touchline.test', 1],
      ['blank@touchline.test', 1],
      ['maya@touchline.test', 0],
    ]);
  } finally {
    await old.drop();
  }
});

it('an account made directly (the staff command, ADMIN_EMAIL) is not asked', async () => {
  const account = await createStaff(t.db, 'editor', 'ed@touchline.test', 'ed');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/session',
    payload: { email: account.email, password: PASSWORD },
  });
  expect(await asked(asCookie(cookieOf(res.headers['set-cookie'])))).toBe(false);
});
