// A reader subscribes: the answer never tells whether the address is known, a mailed link's page (a GET) changes
// nothing, and only its button's POST confirms; the limits, the honeypot and bad input; the no-JavaScript form.
import { PUBLIC_URL } from '../helpers/testApp';
import {
  FORM_POST,
  SAME_ORIGIN,
  confirmedMember,
  linkToken,
  memberCookie,
  memberRow,
  subscribeRequest,
  useMembersApp,
} from '../helpers/members';

jest.setTimeout(60_000);

const t = useMembersApp();
const MINUTE = 60_000;

const confirm = (token: string, headers: Record<string, string> = SAME_ORIGIN) =>
  t.app.inject({ method: 'POST', url: '/api/members/confirm', headers, payload: { token } });

describe('subscribe', () => {
  it('makes a pending member and mails "Confirm your subscription to Touchline" with a /members/confirm link', async () => {
    const res = await subscribeRequest(t.app, { email: 'Reader@Example.com', name: 'Ria', tags: ['football'] });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ ok: true });
    const [mail, more] = await t.mail();
    expect(more).toBeUndefined();
    expect(mail!.to).toEqual(['reader@example.com']);
    expect(mail!.subject).toBe('Confirm your subscription to Touchline');
    expect(mail!.text).toContain(`${PUBLIC_URL}/members/confirm?token=`);
    expect(await memberRow(t, 'reader@example.com')).toMatchObject({ name: 'Ria', status: 'pending', all_posts: 0 });
  });

  it('answers a new, pending, active and unsubscribed address alike', async () => {
    await subscribeRequest(t.app, { email: 'pending@example.com' });
    const active = await confirmedMember(t, 'active@example.com');
    await confirmedMember(t, 'gone@example.com');
    await t.db.kysely
      .updateTable('members')
      .set({ status: 'unsubscribed' })
      .where('email', '=', 'gone@example.com')
      .execute();
    t.clock += 11 * MINUTE;
    const answers = [];
    for (const email of ['new@example.com', 'pending@example.com', 'active@example.com', 'gone@example.com']) {
      const res = await subscribeRequest(t.app, { email, tags: ['rugby'] });
      answers.push({ status: res.statusCode, body: res.body, type: res.headers['content-type'] });
    }
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect(answers[0]!.status).toBe(202);
    // An active member's choices are not changed by whoever typed their address: they get a sign-in link instead.
    const me = await t.app.inject({ method: 'GET', url: '/api/members/me', headers: { cookie: active } });
    expect(me.json()).toMatchObject({ all: true, tags: [] });
    const subjects = (await t.mail()).slice(-4).map((mail) => `${mail.to[0]} ${mail.subject}`);
    expect(subjects.sort()).toEqual([
      'active@example.com Sign in to Touchline',
      'gone@example.com Confirm your subscription to Touchline',
      'new@example.com Confirm your subscription to Touchline',
      'pending@example.com Confirm your subscription to Touchline',
    ]);
  });

  it('confirms only by the button: GETs of the link change nothing, its POST makes the member active and signs in', async () => {
    await subscribeRequest(t.app, { email: 'scan@example.com' });
    const token = linkToken((await t.mail())[0], '/members/confirm');
    // What a link scanner does: fetch the link, and every URL it can guess from it.
    for (const url of [`/members/confirm?token=${token}`, `/api/members/confirm?token=${token}`])
      expect((await t.app.inject({ method: 'GET', url })).statusCode).not.toBe(200);
    expect(await memberRow(t, 'scan@example.com')).toMatchObject({ status: 'pending', confirmed_at: null });
    expect(await t.db.kysely.selectFrom('member_sessions').selectAll().execute()).toEqual([]);

    const res = await confirm(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      email: 'scan@example.com',
      name: '',
      status: 'active',
      all: true,
      tags: [],
      subscribed: true,
      replyMail: true,
    });
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(
      /^__Host-touchline_member=[A-Za-z0-9_-]{40,}; Max-Age=15552000; Path=\/; HttpOnly; SameSite=Lax; Secure$/,
    );
    expect(await memberRow(t, 'scan@example.com')).toMatchObject({ status: 'active' });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/members/me',
      headers: { cookie: memberCookie(setCookie) },
    });
    expect(me.json()).toMatchObject({ email: 'scan@example.com', subscribed: true });
    // The session is stored hashed: the cookie's value is in no row.
    const [session] = await t.db.kysely.selectFrom('member_sessions').selectAll().execute();
    expect(session!.id_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(session)).not.toContain(memberCookie(setCookie).split('=')[1]);
  });

  it('takes a confirmation link once, and not after 7 days', async () => {
    await subscribeRequest(t.app, { email: 'once@example.com' });
    const token = linkToken((await t.mail())[0], '/members/confirm');
    expect((await confirm(token)).statusCode).toBe(200);
    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: 'This link has already been used: ask for a new one' });

    await subscribeRequest(t.app, { email: 'late@example.com' });
    const late = linkToken((await t.mail())[1], '/members/confirm');
    t.clock += 7 * 24 * 60 * MINUTE;
    expect((await confirm(late)).json()).toEqual({ error: 'This link has expired: ask for a new one' });
    expect(await memberRow(t, 'late@example.com')).toMatchObject({ status: 'pending' });
    expect((await confirm('not-a-token')).json()).toEqual({ error: 'This link is not valid: ask for a new one' });
  });

  it('refuses a confirmation posted from another site', async () => {
    await subscribeRequest(t.app, { email: 'csrf@example.com' });
    const token = linkToken((await t.mail())[0], '/members/confirm');
    const res = await confirm(token, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(await memberRow(t, 'csrf@example.com')).toMatchObject({ status: 'pending' });
  });
});

describe('the form without JavaScript', () => {
  it('takes a urlencoded subscribe with repeated tags and redirects to the page that says to check the inbox', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/members/subscribe',
      headers: FORM_POST,
      payload: 'email=form%40example.com&name=Flo&tags=football&tags=arsenal&website=',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/members/subscribed');
    await t.mail();
    const row = await memberRow(t, 'form@example.com');
    expect(row).toMatchObject({ name: 'Flo', status: 'pending', all_posts: 0 });
    const tags = await t.db.kysely.selectFrom('member_tags').select('tag').where('member_id', '=', row!.id).execute();
    expect(tags.map((tag) => tag.tag).sort()).toEqual(['arsenal', 'football']);
  });

  it('answers a script that posts the form with the JSON 202', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/members/subscribe',
      headers: { ...FORM_POST, accept: 'application/json' },
      payload: 'email=script%40example.com&all=on',
    });
    expect(res.statusCode).toBe(202);
    await t.mail();
    expect(await memberRow(t, 'script@example.com')).toMatchObject({ all_posts: 1 });
  });

  it("confirms from the page's form and lands on /account signed in", async () => {
    await subscribeRequest(t.app, { email: 'noscript@example.com' });
    const token = linkToken((await t.mail())[0], '/members/confirm');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/members/confirm',
      headers: FORM_POST,
      payload: `token=${token}`,
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/account');
    expect(memberCookie(res.headers['set-cookie'])).toMatch(/^__Host-touchline_member=/);
    const used = await t.app.inject({
      method: 'POST',
      url: '/api/members/confirm',
      headers: FORM_POST,
      payload: `token=${token}`,
    });
    expect(used.headers.location).toBe('/members/confirm?error=used');
  });
});

describe('limits and bad input', () => {
  it('mails one address at most once per 10 minutes and 5 times a day, answering 202 every time', async () => {
    const sent = async () => (await t.mail()).filter((mail) => mail.to[0] === 'bomb@example.com').length;
    for (let i = 0; i < 3; i += 1)
      expect((await subscribeRequest(t.app, { email: 'bomb@example.com' })).statusCode).toBe(202);
    expect(await sent()).toBe(1);
    for (let i = 0; i < 6; i += 1) {
      t.clock += 10 * MINUTE;
      expect((await subscribeRequest(t.app, { email: 'bomb@example.com' })).statusCode).toBe(202);
      // The request's work (after its answer) is done at its own time before the clock moves on.
      await t.mail();
    }
    expect(await sent()).toBe(5);
    t.clock += 24 * 60 * MINUTE;
    await subscribeRequest(t.app, { email: 'bomb@example.com' });
    expect(await sent()).toBe(6);
  });

  it('answers the 21st subscribe from one client address in an hour with 429 and Retry-After', async () => {
    for (let i = 0; i < 20; i += 1)
      expect((await subscribeRequest(t.app, { email: `r${i}@example.com` })).statusCode).toBe(202);
    const refused = await subscribeRequest(t.app, { email: 'r20@example.com' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toEqual({ error: 'Too many requests from this address. Try again later.' });
    expect(await memberRow(t, 'r20@example.com')).toBeUndefined();
    t.clock += 60 * MINUTE;
    expect((await subscribeRequest(t.app, { email: 'r20@example.com' })).statusCode).toBe(202);
  });

  it('answers a filled honeypot like any request, and sends nothing', async () => {
    const res = await subscribeRequest(t.app, { email: 'bot@example.com', website: 'http://spam.example' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ ok: true });
    expect(await t.mail()).toEqual([]);
    expect(await memberRow(t, 'bot@example.com')).toBeUndefined();
  });

  it.each([
    [{ email: 'not-an-email' }, 'email'],
    [{ email: 'a\u0000b@example.com' }, 'email'],
    [{ email: 'ok@example.com', name: 'Ann\u0007' }, 'name'],
    [{ email: 'ok@example.com', tags: ['Not A Slug'] }, 'tags'],
  ])('refuses %j with a 400 naming %s, and changes nothing', async (payload, field) => {
    const res = await subscribeRequest(t.app, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ details: { path: string }[] }>().details[0]!.path).toMatch(new RegExp(`^${field}\\b`));
    expect(await t.db.kysely.selectFrom('members').selectAll().execute()).toEqual([]);
    expect(await t.mail()).toEqual([]);
  });

  it('refuses a subscribe form posted from another site', async () => {
    const res = await subscribeRequest(t.app, { email: 'x@example.com' }, { origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(await t.mail()).toEqual([]);
  });
});
