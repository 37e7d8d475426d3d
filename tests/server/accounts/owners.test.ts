// Owners, keys and invitations: the site always keeps an owner, only signed-in people manage staff and keys,
// ADMIN_EMAIL makes only the first owner, invitations are listed and revoked, and a setup link makes one owner.
import { ensureOwner, setupCodeIfNoOwner } from '../../../src/server/accounts/bootstrap';
import { PasswordHasher } from '../../../src/server/accounts/passwords';
import { sha256Hex } from '../../../src/server/accounts/sessions';
import { countAccounts, countOwners, findAccountByEmail } from '../../../src/server/repositories/accountsRepository';
import type { PendingInvitation, StaffUser } from '../../../src/contract/types';
import { validSubmission } from '../fixtures/submissions';
import { createStaff, PASSWORD, SAME_ORIGIN, signIn, staffSession } from '../helpers/accounts';
import { sampleImages } from '../helpers/images';
import { multipart, TEST_PASSWORD_COST, TOKEN, useTestApp } from '../helpers/testApp';

const START = Date.parse('2026-11-26T09:00:00.000Z');
const DAY = 24 * 3_600_000;

const t = useTestApp({ now: START, alsoEmpty: ['accounts', 'invitations', 'api_keys'], sharedApp: true });

type Staff = Awaited<ReturnType<typeof staffSession>>;
type Headers = Record<string, string>;
const as = (who: Staff): Headers => ({ cookie: who.cookie, ...SAME_ORIGIN });
const ADMIN_TOKEN: Headers = { authorization: `Bearer ${TOKEN}` };
const PEOPLE_ONLY = 'An API key or the admin token cannot manage staff, invitations or keys: sign in instead';
const LAST_OWNER = 'The site must keep an owner: this is the last one';
const REVOKED = 'This invitation has been revoked: ask for a new invitation';

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Headers, payload?: object) =>
  t.app.inject({ method, url, headers, payload });
const removeAccount = (headers: Headers, id: number) => call('DELETE', `/api/users/${id}`, headers);
const changeRole = (headers: Headers, id: number, role: string) => call('PATCH', `/api/users/${id}`, headers, { role });
const invite = (headers: Headers, email: string, role: string) =>
  call('POST', '/api/invitations', headers, { email, role });
const pending = (headers: Headers) => call('GET', '/api/invitations', headers);
const revoke = (headers: Headers, id: number) => call('DELETE', `/api/invitations/${id}`, headers);
const signUp = (payload: Record<string, string>, headers: Headers = {}) =>
  t.app.inject({ method: 'POST', url: '/api/users', payload, headers });

/** An API key, made by a signed-in owner: its Authorization header. */
async function apiKey(owner: Staff): Promise<Headers> {
  const made = await call('POST', '/api/keys', as(owner), { name: 'CI' });
  expect(made.statusCode).toBe(201);
  return { authorization: `Bearer ${made.json<{ key: string }>().key}` };
}

/** Sends an invitation and returns its id and code. */
async function invited(headers: Headers, email: string, role: string): Promise<{ id: number; code: string }> {
  const res = await invite(headers, email, role);
  expect(res.statusCode).toBe(201);
  const { id, url } = res.json<{ id: number; url: string }>();
  return { id, code: new URL(url).searchParams.get('invite') ?? '' };
}

describe('the last owner', () => {
  it('cannot be removed or demoted by anyone: the owner itself hears 409, the others 403, and it stays', async () => {
    const owner = await staffSession(t.app, t.db, 'owner');
    const editor = await staffSession(t.app, t.db, 'editor');
    const key = await apiKey(owner);
    const id = owner.account.id;
    for (const [who, status] of [
      [as(editor), 403],
      [key, 403],
      [ADMIN_TOKEN, 403],
      [as(owner), 409],
    ] as const) {
      const removed = await removeAccount(who, id);
      expect(removed.statusCode).toBe(status);
      const demoted = await changeRole(who, id, 'editor');
      expect(demoted.statusCode).toBe(status);
      if (status === 409)
        expect([removed.json(), demoted.json()]).toEqual([{ error: LAST_OWNER }, { error: LAST_OWNER }]);
    }
    expect((await findAccountByEmail(t.db, owner.account.email))?.role).toBe('owner');
    expect(await countOwners(t.db.kysely)).toBe(1);
  });

  it('with two owners (an older release could make them), one may go, never the last', async () => {
    const first = await staffSession(t.app, t.db, 'owner');
    const second = await staffSession(t.app, t.db, 'owner');
    const demoted = await changeRole(as(first), second.account.id, 'editor');
    expect(demoted.statusCode).toBe(200);
    expect(demoted.json<StaffUser>().role).toBe('editor');
    // Now the only owner: not even the first owner may demote or remove itself.
    expect((await changeRole(as(first), first.account.id, 'author')).statusCode).toBe(409);
    expect((await removeAccount(as(first), first.account.id)).statusCode).toBe(409);
    expect(await countOwners(t.db.kysely)).toBe(1);
  });

  it('survives two owners removing each other at once: one removal happens, one owner stays', async () => {
    const first = await staffSession(t.app, t.db, 'owner');
    const second = await staffSession(t.app, t.db, 'owner');
    const answers = await Promise.all([
      removeAccount(as(first), second.account.id),
      removeAccount(as(second), first.account.id),
    ]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    // The loser hears 409 (the other is the last owner now), or 401 when its own session ended first.
    expect(statuses).toHaveLength(2);
    expect(statuses.filter((status) => status === 204)).toHaveLength(1);
    expect(statuses.every((status) => [204, 401, 409].includes(status))).toBe(true);
    expect(await countOwners(t.db.kysely)).toBe(1);
  });
});

describe('keys', () => {
  it('cannot manage staff, invitations or keys (API key or ADMIN_TOKEN), and say why', async () => {
    const owner = await staffSession(t.app, t.db, 'owner');
    const author = await createStaff(t.db, 'author');
    const key = await apiKey(owner);
    const { id: invitationId } = await invited(as(owner), 'pending@touchline.test', 'author');
    for (const headers of [key, ADMIN_TOKEN]) {
      for (const res of [
        await invite(headers, 'new@touchline.test', 'author'),
        await changeRole(headers, author.id, 'contributor'),
        await removeAccount(headers, author.id),
        await revoke(headers, invitationId),
        await call('POST', '/api/keys', headers, { name: 'another' }),
        await call('DELETE', '/api/keys/1', headers),
      ]) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ error: PEOPLE_ONLY });
      }
    }
    expect(await countAccounts(t.db)).toBe(2);
    expect((await findAccountByEmail(t.db, author.email))?.role).toBe('author');
    const keys = await call('GET', '/api/keys', as(owner));
    expect(keys.json<unknown[]>()).toHaveLength(1);
    expect((await pending(as(owner))).json<PendingInvitation[]>()).toHaveLength(1);
  });

  it('keep their powers over posts and uploads, and may read the staff lists', async () => {
    const owner = await staffSession(t.app, t.db, 'owner');
    const key = await apiKey(owner);
    const { png } = await sampleImages();
    for (const headers of [key, ADMIN_TOKEN]) {
      expect((await call('POST', '/api/blogs', headers, validSubmission())).statusCode).toBe(201);
      const form = await multipart({ file: { bytes: png, name: 'photo.png', type: 'image/png' } });
      const upload = await t.app.inject({
        method: 'POST',
        url: '/api/uploads',
        payload: form.payload,
        headers: { ...form.headers, ...headers },
      });
      expect(upload.statusCode).toBe(201);
      for (const url of ['/api/users', '/api/invitations', '/api/keys'])
        expect((await call('GET', url, headers)).statusCode).toBe(200);
    }
  });

  it('are made and revoked by a signed-in owner only', async () => {
    const owner = await staffSession(t.app, t.db, 'owner');
    const editor = await staffSession(t.app, t.db, 'editor');
    expect((await call('POST', '/api/keys', as(editor), { name: 'x' })).statusCode).toBe(403);
    const made = await call('POST', '/api/keys', as(owner), { name: 'Deploy' });
    expect(made.statusCode).toBe(201);
    const { id } = made.json<{ id: number }>();
    expect((await call('DELETE', `/api/keys/${id}`, as(editor))).statusCode).toBe(403);
    expect((await call('DELETE', `/api/keys/${id}`, as(owner))).statusCode).toBe(204);
  });
});

describe('ADMIN_EMAIL', () => {
  const hasher = new PasswordHasher(TEST_PASSWORD_COST);
  const boss = { email: 'boss@touchline.test', password: PASSWORD };

  it('is ignored while an owner exists: no second owner, whatever the email', async () => {
    await createStaff(t.db, 'owner', 'first@touchline.test');
    expect(await ensureOwner(t.db, boss, hasher)).toBe('owner exists');
    expect(await findAccountByEmail(t.db, boss.email)).toBeUndefined();
    expect(await countOwners(t.db.kysely)).toBe(1);
  });

  it('makes the owner of a site whose accounts have none, and never changes an account with its email', async () => {
    const editor = await createStaff(t.db, 'editor', 'boss@touchline.test');
    expect(await ensureOwner(t.db, boss, hasher)).toBe('email taken');
    expect((await findAccountByEmail(t.db, boss.email))?.role).toBe('editor');
    expect(await countOwners(t.db.kysely)).toBe(0);
    expect(await ensureOwner(t.db, { ...boss, email: 'new.boss@touchline.test' }, hasher)).toBe('created');
    expect((await findAccountByEmail(t.db, 'new.boss@touchline.test'))?.role).toBe('owner');
    expect((await findAccountByEmail(t.db, editor.email))?.role).toBe('editor');
  });

  it('makes one owner when two starts run at once', async () => {
    const outcomes = await Promise.all([
      ensureOwner(t.db, boss, hasher),
      ensureOwner(t.db, { ...boss, email: 'other.boss@touchline.test' }, hasher),
    ]);
    expect(outcomes.sort()).toEqual(['created', 'owner exists']);
    expect(await countOwners(t.db.kysely)).toBe(1);
  });
});

describe('invitations', () => {
  it('lists the pending ones to editors and owners: who sent each, when, until when', async () => {
    const owner = await staffSession(t.app, t.db, 'owner');
    const editor = await staffSession(t.app, t.db, 'editor');
    const author = await staffSession(t.app, t.db, 'author');
    const a = await invited(as(owner), 'Ed@touchline.test', 'editor');
    t.clock += 1_000;
    const b = await invited(as(editor), 'writer@touchline.test', 'author');
    // Not pending: used, expired.
    const used = await invited(as(owner), 'used@touchline.test', 'contributor');
    expect((await signUp({ invitation: used.code, email: 'used@touchline.test', password: PASSWORD })).statusCode).toBe(
      201,
    );
    const expected: PendingInvitation[] = [
      {
        id: a.id,
        email: 'ed@touchline.test',
        role: 'editor',
        invitedBy: { id: owner.account.id, name: owner.account.name },
        createdAt: new Date(START).toISOString(),
        expiresAt: new Date(START + 7 * DAY).toISOString(),
      },
      {
        id: b.id,
        email: 'writer@touchline.test',
        role: 'author',
        invitedBy: { id: editor.account.id, name: editor.account.name },
        createdAt: new Date(START + 1_000).toISOString(),
        expiresAt: new Date(START + 1_000 + 7 * DAY).toISOString(),
      },
    ];
    const listed = await pending(as(editor));
    expect(listed.statusCode).toBe(200);
    expect(listed.headers['cache-control']).toBe('private, no-store');
    expect(listed.json()).toEqual(expected);
    expect((await pending(as(owner))).json()).toEqual(expected);
    expect((await pending(as(author))).statusCode).toBe(403);
    expect((await call('GET', '/api/invitations', {})).statusCode).toBe(401);
    t.clock = START + 7 * DAY;
    expect((await pending(as(owner))).json()).toEqual([expected[1]]);
  });

  it('are revoked by their sender or an owner (204), and the code then answers 403 saying so', async () => {
    const owner = await staffSession(t.app, t.db, 'owner');
    const editor = await staffSession(t.app, t.db, 'editor');
    const otherEditor = await staffSession(t.app, t.db, 'editor');
    const mine = await invited(as(editor), 'mine@touchline.test', 'author');
    const theirs = await invited(as(editor), 'theirs@touchline.test', 'contributor');
    const refused = await revoke(as(otherEditor), mine.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ error: string }>().error).toMatch(/sent an invitation, or an owner/);
    expect((await revoke(as(editor), mine.id)).statusCode).toBe(204);
    expect((await revoke(as(owner), theirs.id)).statusCode).toBe(204);
    expect((await revoke(as(owner), theirs.id)).statusCode).toBe(404);
    expect((await revoke(as(owner), 99_999)).statusCode).toBe(404);
    expect((await revoke(as(owner), 0)).statusCode).toBe(400);
    for (const [code, email] of [
      [mine.code, 'mine@touchline.test'],
      [theirs.code, 'theirs@touchline.test'],
    ]) {
      const late = await signUp({ invitation: code, email, password: PASSWORD });
      expect(late.statusCode).toBe(403);
      expect(late.json()).toEqual({ error: REVOKED });
    }
    expect((await pending(as(owner))).json()).toEqual([]);
    expect(await countAccounts(t.db)).toBe(3);
  });

  it('die with the account that sent them', async () => {
    const owner = await staffSession(t.app, t.db, 'owner');
    const editor = await staffSession(t.app, t.db, 'editor');
    const sent = await invited(as(editor), 'orphan@touchline.test', 'author');
    expect((await removeAccount(as(owner), editor.account.id)).statusCode).toBe(204);
    expect((await pending(as(owner))).json()).toEqual([]);
    const late = await signUp({ invitation: sent.code, email: 'orphan@touchline.test', password: PASSWORD });
    expect(late.statusCode).toBe(403);
    expect(late.json()).toEqual({ error: REVOKED });
  });

  it('die when their sender may no longer invite their role, and only then', async () => {
    const first = await staffSession(t.app, t.db, 'owner');
    const second = await staffSession(t.app, t.db, 'owner');
    const editor = await staffSession(t.app, t.db, 'editor');
    const byEditor = await invited(as(editor), 'a@touchline.test', 'author');
    const ownersEditor = await invited(as(second), 'e@touchline.test', 'editor');
    const ownersAuthor = await invited(as(second), 'b@touchline.test', 'author');
    // An editor may still invite authors: the second owner's author invitation stays, its editor one dies.
    expect((await changeRole(as(first), second.account.id, 'editor')).statusCode).toBe(200);
    // An author may invite nobody.
    expect((await changeRole(as(first), editor.account.id, 'author')).statusCode).toBe(200);
    expect((await pending(as(first))).json<PendingInvitation[]>().map((i) => i.id)).toEqual([ownersAuthor.id]);
    for (const [code, email] of [
      [byEditor.code, 'a@touchline.test'],
      [ownersEditor.code, 'e@touchline.test'],
    ])
      expect((await signUp({ invitation: code, email, password: PASSWORD })).json()).toEqual({ error: REVOKED });
    expect(
      (await signUp({ invitation: ownersAuthor.code, email: 'b@touchline.test', password: PASSWORD })).statusCode,
    ).toBe(201);
  });

  it('sent before senders were recorded keep working until they expire, and only an owner revokes them', async () => {
    const owner = await staffSession(t.app, t.db, 'owner');
    const editor = await staffSession(t.app, t.db, 'editor');
    const row = (code: string, email: string) => ({
      token_hash: sha256Hex(code),
      email,
      role: 'author' as const,
      expires_at: new Date(START + DAY).toISOString(),
      created_at: new Date(START).toISOString(),
    });
    await t.db.kysely
      .insertInto('invitations')
      .values([row('old-one', 'old@touchline.test'), row('old-two', 'two@touchline.test')])
      .execute();
    const listed = (await pending(as(owner))).json<PendingInvitation[]>();
    expect(listed.map(({ email, invitedBy }) => ({ email, invitedBy }))).toEqual([
      { email: 'old@touchline.test', invitedBy: null },
      { email: 'two@touchline.test', invitedBy: null },
    ]);
    expect((await revoke(as(editor), listed[1]!.id)).statusCode).toBe(403);
    expect((await revoke(as(owner), listed[1]!.id)).statusCode).toBe(204);
    const accepted = await signUp({ invitation: 'old-one', email: 'old@touchline.test', password: PASSWORD });
    expect(accepted.statusCode).toBe(201);
  });
});

describe('setup links', () => {
  it('only the newest is valid', async () => {
    const older = await setupCodeIfNoOwner(t.db);
    const newest = await setupCodeIfNoOwner(t.db);
    const refused = await signUp({ setup: older!, email: 'first@touchline.test', password: PASSWORD });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ error: string }>().error).toMatch(/replaced by a newer one/);
    expect((await signUp({ setup: newest!, email: 'first@touchline.test', password: PASSWORD })).statusCode).toBe(201);
    expect(await setupCodeIfNoOwner(t.db)).toBeUndefined();
  });

  it('two links claimed at once make one owner', async () => {
    const codes = [await setupCodeIfNoOwner(t.db), await setupCodeIfNoOwner(t.db), await setupCodeIfNoOwner(t.db)];
    const answers = await Promise.all(
      [...codes, codes[2]].map((code, i) =>
        signUp({ setup: code!, email: `owner${i}@touchline.test`, password: PASSWORD }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 403, 403, 403]);
    expect(await countOwners(t.db.kysely)).toBe(1);
    expect(await countAccounts(t.db)).toBe(1);
  });

  it('makes an owner of a site whose accounts have none, once', async () => {
    const editor = await createStaff(t.db, 'editor');
    const code = await setupCodeIfNoOwner(t.db);
    expect(code).toBeDefined();
    const made = await signUp({ setup: code!, email: 'rescue@touchline.test', password: PASSWORD });
    expect(made.statusCode).toBe(201);
    expect(made.json<{ user: StaffUser }>().user.role).toBe('owner');
    expect((await findAccountByEmail(t.db, editor.email))?.role).toBe('editor');
  });
});

describe('POST /api/users', () => {
  it('refuses a sign-up posted from another site (403) and creates nothing; its own site and no Origin pass', async () => {
    const owner = await staffSession(t.app, t.db, 'owner');
    const { code } = await invited(as(owner), 'new@touchline.test', 'author');
    const payload = { invitation: code, email: 'new@touchline.test', password: PASSWORD };
    const crossSite = await signUp(payload, { origin: 'https://evil.example' });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json()).toEqual({ error: 'This request did not come from this site' });
    expect(crossSite.headers['set-cookie']).toBeUndefined();
    const setupCode = await setupCodeIfNoOwner(t.db);
    expect(setupCode).toBeUndefined();
    expect(await countAccounts(t.db)).toBe(1);
    expect((await signUp(payload, SAME_ORIGIN)).statusCode).toBe(201);
    const second = await invited(as(owner), 'script@touchline.test', 'author');
    const noOrigin = await signUp({ invitation: second.code, email: 'script@touchline.test', password: PASSWORD });
    expect(noOrigin.statusCode).toBe(201);
    await signIn(t.app, 'script@touchline.test');
  });

  it('refuses a setup claim posted from another site', async () => {
    const code = await setupCodeIfNoOwner(t.db);
    const crossSite = await signUp(
      { setup: code!, email: 'first@touchline.test', password: PASSWORD },
      { origin: 'https://evil.example' },
    );
    expect(crossSite.statusCode).toBe(403);
    expect(await countAccounts(t.db)).toBe(0);
  });
});
