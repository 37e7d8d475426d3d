// Staff: invitations, sign-up, the staff API, own password, and the first owner (ADMIN_EMAIL or the setup link).
import { ensureOwner, setupCodeIfNoOwner } from '../../../src/server/accounts/bootstrap';
import { PasswordHasher } from '../../../src/server/accounts/passwords';
import { countAccounts, findAccountByEmail } from '../../../src/server/repositories/accountsRepository';
import { countPosts } from '../../../src/server/repositories/postsRepository';
import type { AdminBlogPost, BlogPost, StaffUser } from '../../../src/contract/types';
import { validSubmission } from '../fixtures/submissions';
import { cookieOf, PASSWORD, SAME_ORIGIN, signIn, staffSession } from '../helpers/accounts';
import { PUBLIC_URL, TEST_PASSWORD_COST, TOKEN, useTestApp } from '../helpers/testApp';

const START = Date.parse('2026-11-25T09:00:00.000Z');
const DAY = 24 * 3_600_000;

const t = useTestApp({ now: START, alsoEmpty: ['accounts', 'invitations'], sharedApp: true });

type Staff = Awaited<ReturnType<typeof staffSession>>;
const as = (who: Staff) => ({ cookie: who.cookie, ...SAME_ORIGIN });
const NEW_PASSWORD = 'a brand new passphrase';

const invite = (who: Staff, email: string, role: string) =>
  t.app.inject({ method: 'POST', url: '/api/invitations', headers: as(who), payload: { email, role } });
const signUp = (payload: Record<string, string>) => t.app.inject({ method: 'POST', url: '/api/users', payload });
const session = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/session', headers: { cookie } });

/** The invitation code of an invitation link. */
function codeOf(url: string): string {
  const parsed = new URL(url);
  expect(`${parsed.origin}${parsed.pathname}`).toBe(`${PUBLIC_URL}/auth`);
  return parsed.searchParams.get('invite') ?? '';
}

describe('invitations', () => {
  it('invites (201 {url, expiresAt}); accepting signs up, signs in (201 + cookie) with the invited role', async () => {
    const owner = await staffSession(t.app, t.db, 'owner');
    const res = await invite(owner, 'New.Writer@touchline.test', 'author');
    expect(res.statusCode).toBe(201);
    const { url, expiresAt } = res.json<{ url: string; expiresAt: string }>();
    expect(expiresAt).toBe(new Date(START + 7 * DAY).toISOString());
    expect(new URL(url).searchParams.get('email')).toBe('new.writer@touchline.test');
    const accepted = await signUp({
      invitation: codeOf(url),
      email: 'new.writer@touchline.test',
      password: PASSWORD,
      name: 'New Writer',
    });
    expect(accepted.statusCode).toBe(201);
    const user = accepted.json<{ user: StaffUser }>().user;
    expect(user).toMatchObject({ email: 'new.writer@touchline.test', name: 'New Writer', role: 'author' });
    const me = await session(cookieOf(accepted.headers['set-cookie']));
    expect(me.json()).toEqual({ user });
  });

  it('works once: used twice is a 403 that creates nothing', async () => {
    const owner = await staffSession(t.app, t.db, 'owner');
    const code = codeOf((await invite(owner, 'once@touchline.test', 'author')).json<{ url: string }>().url);
    expect((await signUp({ invitation: code, email: 'once@touchline.test', password: PASSWORD })).statusCode).toBe(201);
    const again = await signUp({ invitation: code, email: 'once@touchline.test', password: NEW_PASSWORD });
    expect(again.statusCode).toBe(403);
    expect(again.json<{ error: string }>().error).toMatch(/invitation has already been used/);
    expect(await countAccounts(t.db)).toBe(2);
  });

  it('expires after 7 days, and is bound to its email', async () => {
    const owner = await staffSession(t.app, t.db, 'owner');
    const code = codeOf((await invite(owner, 'late@touchline.test', 'author')).json<{ url: string }>().url);
    const wrong = await signUp({ invitation: code, email: 'someone.else@touchline.test', password: PASSWORD });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ error: 'This invitation is for another email address' });
    t.clock += 7 * DAY;
    const expired = await signUp({ invitation: code, email: 'late@touchline.test', password: PASSWORD });
    expect(expired.statusCode).toBe(403);
    expect(expired.json<{ error: string }>().error).toMatch(/invitation has expired/);
    expect(await countAccounts(t.db)).toBe(1);
  });

  it('refuses sign-up without a valid invitation, naming the invitation, and creates nothing', async () => {
    const none = await signUp({ email: 'walk.in@touchline.test', password: PASSWORD });
    expect(none.statusCode).toBe(400);
    expect(none.json<{ error: string }>().error).toMatch(/invitation/);
    const bogus = await signUp({ invitation: 'made-up', email: 'walk.in@touchline.test', password: PASSWORD });
    expect(bogus.statusCode).toBe(403);
    expect(bogus.json<{ error: string }>().error).toMatch(/invitation/);
    expect(await countAccounts(t.db)).toBe(0);
  });

  it('refuses a weak password (under 10 characters, or the email) with 400 and keeps the invitation', async () => {
    const owner = await staffSession(t.app, t.db, 'owner');
    const code = codeOf((await invite(owner, 'pw@touchline.test', 'author')).json<{ url: string }>().url);
    for (const password of ['short', 'PW@touchline.test']) {
      const res = await signUp({ invitation: code, email: 'pw@touchline.test', password });
      expect(res.statusCode).toBe(400);
    }
    expect((await signUp({ invitation: code, email: 'pw@touchline.test', password: PASSWORD })).statusCode).toBe(201);
  });

  it('lets owners invite editors, authors and contributors, editors only authors and contributors', async () => {
    const owner = await staffSession(t.app, t.db, 'owner');
    const editor = await staffSession(t.app, t.db, 'editor');
    const author = await staffSession(t.app, t.db, 'author');
    for (const role of ['editor', 'author', 'contributor'])
      expect((await invite(owner, `${role}1@touchline.test`, role)).statusCode).toBe(201);
    expect((await invite(owner, 'boss@touchline.test', 'owner')).statusCode).toBe(403);
    for (const role of ['author', 'contributor'])
      expect((await invite(editor, `${role}2@touchline.test`, role)).statusCode).toBe(201);
    for (const role of ['editor', 'owner'])
      expect((await invite(editor, `${role}3@touchline.test`, role)).statusCode).toBe(403);
    expect((await invite(author, 'friend@touchline.test', 'author')).statusCode).toBe(403);
    expect((await invite(owner, editor.account.email, 'author')).statusCode).toBe(409);
    expect((await invite(owner, 'x@touchline.test', 'admin')).statusCode).toBe(400);
  });
});

describe('staff API', () => {
  it('lists accounts for owners and editors only', async () => {
    const owner = await staffSession(t.app, t.db, 'owner');
    const editor = await staffSession(t.app, t.db, 'editor');
    const author = await staffSession(t.app, t.db, 'author');
    const list = (who: Staff) => t.app.inject({ method: 'GET', url: '/api/users', headers: { cookie: who.cookie } });
    const expected = [owner, editor, author].map(({ account }) => account);
    expect((await list(owner)).json()).toEqual(expected);
    expect((await list(editor)).json()).toEqual(expected);
    expect((await list(author)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/users' })).statusCode).toBe(401);
  });

  it('changes a role (owner only), effective on the next request', async () => {
    const owner = await staffSession(t.app, t.db, 'owner');
    const editor = await staffSession(t.app, t.db, 'editor');
    const author = await staffSession(t.app, t.db, 'author');
    const patch = (who: Staff, id: number, role: string) =>
      t.app.inject({ method: 'PATCH', url: `/api/users/${id}`, headers: as(who), payload: { role } });
    expect((await patch(editor, author.account.id, 'editor')).statusCode).toBe(403);
    const res = await patch(owner, author.account.id, 'contributor');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...author.account, role: 'contributor' });
    // The same session, one request later: a contributor now, who may not publish.
    const publish = await t.app.inject({
      method: 'POST',
      url: '/api/blogs',
      headers: as(author),
      payload: validSubmission(),
    });
    expect(publish.statusCode).toBe(403);
    expect((await session(author.cookie)).json<{ user: StaffUser }>().user.role).toBe('contributor');
    // The only owner may not demote itself: the site must keep an owner.
    expect((await patch(owner, owner.account.id, 'editor')).statusCode).toBe(409);
    expect((await patch(owner, editor.account.id, 'owner')).statusCode).toBe(403);
    expect((await patch(owner, 99_999, 'author')).statusCode).toBe(404);
  });

  it("removes an account (owner only, never the owner's own): its sessions end and its posts stay", async () => {
    const owner = await staffSession(t.app, t.db, 'owner');
    const author = await staffSession(t.app, t.db, 'author');
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/blogs',
      headers: as(author),
      payload: validSubmission(),
    });
    const { id } = post.json<BlogPost>();
    const del = (who: Staff, target: number) =>
      t.app.inject({ method: 'DELETE', url: `/api/users/${target}`, headers: as(who) });
    expect((await del(author, owner.account.id)).statusCode).toBe(403);
    // The only owner removing itself: the site must keep an owner.
    expect((await del(owner, owner.account.id)).statusCode).toBe(409);
    expect((await del(owner, author.account.id)).statusCode).toBe(204);
    expect((await session(author.cookie)).statusCode).toBe(401);
    expect(await countPosts(t.db)).toBe(1);
    const read = await t.app.inject({ method: 'GET', url: `/api/blogs/${id}`, headers: { cookie: owner.cookie } });
    expect(read.json<AdminBlogPost>()).toMatchObject({ createdBy: null, updatedBy: null });
    expect((await del(owner, author.account.id)).statusCode).toBe(404);
  });
});

describe('own password', () => {
  it('changes with the current password (204) and ends every other session of the account', async () => {
    const me = await staffSession(t.app, t.db, 'author');
    const elsewhere = await signIn(t.app, me.account.email);
    const change = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/account/password', headers: as(me), payload });
    expect((await change({ currentPassword: 'wrong password', newPassword: NEW_PASSWORD })).statusCode).toBe(403);
    expect((await change({ currentPassword: PASSWORD, newPassword: 'short' })).statusCode).toBe(400);
    expect((await change({ currentPassword: PASSWORD, newPassword: me.account.email })).statusCode).toBe(400);
    expect((await session(elsewhere)).statusCode).toBe(200);
    expect((await change({ currentPassword: PASSWORD, newPassword: NEW_PASSWORD })).statusCode).toBe(204);
    expect((await session(elsewhere)).statusCode).toBe(401);
    expect((await session(me.cookie)).statusCode).toBe(200);
    await expect(signIn(t.app, me.account.email)).rejects.toThrow(/401/);
    await signIn(t.app, me.account.email, NEW_PASSWORD);
  });

  it('is refused to a key, which has no password', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/password',
      headers: { authorization: `Bearer ${TOKEN}` },
      payload: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('the first owner', () => {
  const hasher = new PasswordHasher(TEST_PASSWORD_COST);

  it('is made from ADMIN_EMAIL/ADMIN_PASSWORD once, and an existing account is never changed', async () => {
    const owner = { email: 'Boss@touchline.test', password: PASSWORD };
    expect(await ensureOwner(t.db, owner, hasher)).toBe('created');
    expect(await ensureOwner(t.db, { ...owner, password: NEW_PASSWORD }, hasher)).toBe('owner exists');
    expect(await countAccounts(t.db)).toBe(1);
    expect((await findAccountByEmail(t.db, 'boss@touchline.test'))?.role).toBe('owner');
    // Still the first password: the second start changed nothing.
    await signIn(t.app, 'boss@touchline.test', PASSWORD);
  });

  it('is made once through the setup link when no account exists', async () => {
    const code = await setupCodeIfNoOwner(t.db);
    expect(code).toMatch(/^[\w-]{43}$/);
    // An invitation code is not a setup code, nor the other way round.
    expect((await signUp({ invitation: code!, email: 'first@touchline.test', password: PASSWORD })).statusCode).toBe(
      403,
    );
    const made = await signUp({ setup: code!, email: 'first@touchline.test', password: PASSWORD, name: 'First' });
    expect(made.statusCode).toBe(201);
    expect(made.json<{ user: StaffUser }>().user).toMatchObject({ role: 'owner', name: 'First' });
    const again = await signUp({ setup: code!, email: 'second@touchline.test', password: PASSWORD });
    expect(again.statusCode).toBe(403);
    expect(await setupCodeIfNoOwner(t.db)).toBeUndefined();
    expect(await countAccounts(t.db)).toBe(1);
  });

  it('refuses a leftover setup link once an owner exists another way', async () => {
    const code = await setupCodeIfNoOwner(t.db);
    await ensureOwner(t.db, { email: 'boss@touchline.test', password: PASSWORD }, hasher);
    const late = await signUp({ setup: code!, email: 'late@touchline.test', password: PASSWORD });
    expect(late.statusCode).toBe(403);
    expect(await countAccounts(t.db)).toBe(1);
  });
});
