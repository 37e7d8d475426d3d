// A member signs in by a mailed link (its page's button, never its GET), for an hour and once; their session is a
// cookie of its own that opens their preferences and nothing of the staff's, and a staff session opens none of theirs.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { staffSession } from '../helpers/accounts';
import { PUBLIC_URL, TOKEN } from '../helpers/testApp';
import {
  FORM_POST,
  SAME_ORIGIN,
  confirmedMember,
  linkToken,
  memberCookie,
  memberRow,
  useMembersApp,
} from '../helpers/members';

jest.setTimeout(60_000);

const t = useMembersApp();
const MINUTE = 60_000;

const requestLink = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/members/signin', headers: SAME_ORIGIN, payload: { email } });
const complete = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/members/signin/complete', headers: SAME_ORIGIN, payload: { token } });
const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/members/me', headers: { cookie } });

describe('sign-in by link', () => {
  it('answers 202 for any address and mails a /members/signin link to an active member only', async () => {
    await confirmedMember(t, 'active@example.com');
    await t.app.inject({
      method: 'POST',
      url: '/api/members/subscribe',
      headers: SAME_ORIGIN,
      payload: { email: 'pending@example.com' },
    });
    t.clock += 11 * MINUTE;
    const before = (await t.mail()).length;
    const answers = [];
    for (const email of ['active@example.com', 'pending@example.com', 'nobody@example.com']) {
      const res = await requestLink(email);
      answers.push(`${res.statusCode} ${res.body}`);
    }
    expect(answers).toEqual(Array(3).fill('202 {"ok":true}'));
    const sent = (await t.mail()).slice(before);
    expect(sent.map((mail) => [mail.to[0], mail.subject])).toEqual([['active@example.com', 'Sign in to Touchline']]);
    expect(sent[0]!.text).toContain(`${PUBLIC_URL}/members/signin?token=`);
  });

  it('signs in by the button only, once, within the hour', async () => {
    await confirmedMember(t, 'ann@example.com');
    t.clock += 11 * MINUTE;
    await requestLink('ann@example.com');
    const token = linkToken((await t.mail()).at(-1), '/members/signin');
    const sessions = async () => (await t.db.kysely.selectFrom('member_sessions').selectAll().execute()).length;
    const before = await sessions();
    for (const url of [
      `/members/signin?token=${token}`,
      `/api/members/signin?token=${token}`,
      `/api/members/signin/complete?token=${token}`,
    ])
      expect((await t.app.inject({ method: 'GET', url })).statusCode).not.toBe(200);
    expect(await sessions()).toBe(before);

    const res = await complete(token);
    expect(res.statusCode).toBe(200);
    expect((await me(memberCookie(res.headers['set-cookie']))).json()).toMatchObject({ email: 'ann@example.com' });
    expect((await complete(token)).json()).toEqual({ error: 'This link has already been used: ask for a new one' });

    t.clock += 11 * MINUTE;
    await requestLink('ann@example.com');
    const late = linkToken((await t.mail()).at(-1), '/members/signin');
    t.clock += 60 * MINUTE;
    expect((await complete(late)).json()).toEqual({ error: 'This link has expired: ask for a new one' });
  });

  it("takes the sign-in page's form post and lands on /account", async () => {
    await confirmedMember(t, 'form@example.com');
    t.clock += 11 * MINUTE;
    await requestLink('form@example.com');
    const token = linkToken((await t.mail()).at(-1), '/members/signin');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/members/signin/complete',
      headers: FORM_POST,
      payload: `token=${token}`,
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/account');
    expect((await me(memberCookie(res.headers['set-cookie']))).statusCode).toBe(200);
  });

  it('does not take a confirmation link as a sign-in link', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/members/subscribe',
      headers: SAME_ORIGIN,
      payload: { email: 'mix@example.com' },
    });
    const token = linkToken((await t.mail())[0], '/members/confirm');
    expect((await complete(token)).statusCode).toBe(400);
    expect(await memberRow(t, 'mix@example.com')).toMatchObject({ status: 'pending' });
  });
});

describe('the member session', () => {
  it('lasts 180 days from sign-in', async () => {
    const cookie = await confirmedMember(t, 'long@example.com');
    t.clock += 179 * 24 * 60 * MINUTE;
    expect((await me(cookie)).statusCode).toBe(200);
    t.clock += 24 * 60 * MINUTE;
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it("changes preferences with PUT /api/members/me from the site's own pages only", async () => {
    const cookie = await confirmedMember(t, 'prefs@example.com');
    const put = (headers: Record<string, string>, payload: object) =>
      t.app.inject({ method: 'PUT', url: '/api/members/me', headers: { cookie, ...headers }, payload });
    expect((await put({}, { name: 'No Origin' })).statusCode).toBe(403);
    expect((await put({ origin: 'https://evil.example' }, { name: 'Evil' })).statusCode).toBe(403);
    expect(await memberRow(t, 'prefs@example.com')).toMatchObject({ name: '' });

    const res = await put(SAME_ORIGIN, { name: 'Pat', all: false, tags: ['cricket', 'rugby'] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      email: 'prefs@example.com',
      name: 'Pat',
      status: 'active',
      all: false,
      tags: ['cricket', 'rugby'],
      subscribed: true,
      replyMail: true,
    });
    const off = await put(SAME_ORIGIN, { subscribed: false });
    expect(off.json()).toMatchObject({ status: 'unsubscribed', subscribed: false, tags: ['cricket', 'rugby'] });
    expect((await put(SAME_ORIGIN, { subscribed: true })).json()).toMatchObject({ status: 'active' });
    expect((await put(SAME_ORIGIN, { tags: ['Bad Tag'] })).statusCode).toBe(400);
  });

  it('DELETE /api/members/me erases the member with their tags, links and sessions, and ends the session', async () => {
    const cookie = await confirmedMember(t, 'erase@example.com', { tags: ['football'] });
    const res = await t.app.inject({ method: 'DELETE', url: '/api/members/me', headers: { cookie, ...SAME_ORIGIN } });
    expect(res.statusCode).toBe(204);
    expect(String(res.headers['set-cookie'])).toMatch(/^__Host-touchline_member=; Max-Age=0/);
    expect(await memberRow(t, 'erase@example.com')).toBeUndefined();
    for (const table of ['member_tags', 'member_tokens', 'member_sessions'] as const)
      expect(await t.db.kysely.selectFrom(table).selectAll().execute()).toEqual([]);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('signs out with POST /api/members/signout', async () => {
    const cookie = await confirmedMember(t, 'out@example.com');
    expect((await t.app.inject({ method: 'POST', url: '/api/members/signout', headers: { cookie } })).statusCode).toBe(
      403,
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/members/signout',
      headers: { cookie, ...SAME_ORIGIN },
    });
    expect(res.statusCode).toBe(204);
    expect((await me(cookie)).statusCode).toBe(401);
    expect(await memberRow(t, 'out@example.com')).toMatchObject({ status: 'active' });
  });

  it('opens no staff route, and a staff session is no member session', async () => {
    const member = await confirmedMember(t, 'reader@example.com');
    for (const url of ['/api/account/profile', '/api/members', '/api/users'])
      expect((await t.app.inject({ method: 'GET', url, headers: { cookie: member } })).statusCode).toBe(401);
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/blogs',
      headers: { cookie: member, ...SAME_ORIGIN },
      payload: { title: 'From a member', status: 'draft' },
    });
    expect(post.statusCode).toBe(401);

    const owner = await staffSession(t.app, t.db, 'owner');
    expect((await me(owner.cookie)).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/members/me', headers: { authorization: `Bearer ${TOKEN}` } }))
        .statusCode,
    ).toBe(401);
  });

  it('never reaches the admin pages: they send a member to the staff sign-in', async () => {
    const member = await confirmedMember(t, 'page@example.com');
    const clientDir = mkdtempSync(join(tmpdir(), 'touchline-member-client-'));
    try {
      writeFileSync(
        join(clientDir, 'index.html'),
        '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
      );
      await t.restart({ clientDir });
      expect((await me(member)).statusCode).toBe(200);
      for (const url of ['/admin', '/admin/posts']) {
        const res = await t.app.inject({ method: 'GET', url, headers: { cookie: member } });
        expect(res.statusCode).toBe(303);
        expect(res.headers.location).toMatch(/^\/auth\?next=/);
      }
    } finally {
      rmSync(clientDir, { recursive: true, force: true });
    }
  });
});
