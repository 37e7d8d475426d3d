// Who may comment: a signed-in, active, unbanned member, from this site's pages, on a public post whose comments are
// open; and the three moderation modes, links and held words.
import { SAME_ORIGIN, confirmedMember, useMembersApp } from '../helpers/members';
import { COMMENT_TABLES, editor, postComment, publicPost, readComments, setSettings } from './helpers';

jest.setTimeout(60_000);

const t = useMembersApp();
beforeEach(async () => {
  for (const table of COMMENT_TABLES) await t.db.kysely.deleteFrom(table).execute();
});

describe('POST /api/blogs/:id/comments', () => {
  it('takes a comment from an active member and refuses everyone else', async () => {
    const post = await publicPost(t.app);
    const cookie = await confirmedMember(t, 'ada@example.com', { name: 'Ada' });

    expect((await postComment(t.app, undefined, post, { body: 'Hi' })).statusCode).toBe(401);
    const crossSite = await t.app.inject({
      method: 'POST',
      url: `/api/blogs/${post}/comments`,
      headers: { origin: 'https://evil.example', cookie },
      payload: { body: 'Hi' },
    });
    expect(crossSite.statusCode).toBe(403);

    const created = await postComment(t.app, cookie, post, { body: 'What a match' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      body: 'What a match',
      status: 'pending',
      author: { name: 'Ada' },
      staff: false,
    });

    // Unsubscribed: no longer an active member.
    await t.app.inject({
      method: 'PUT',
      url: '/api/members/me',
      headers: { ...SAME_ORIGIN, cookie },
      payload: { subscribed: false },
    });
    const inactive = await postComment(t.app, cookie, post, { body: 'Again' });
    expect(inactive.statusCode).toBe(403);
    expect(inactive.json().error).toMatch(/confirmed subscription/);
  });

  it('refuses a banned member with a clear message, and a ban hides their comments', async () => {
    await setSettings(t, { moderation: 'off' });
    const post = await publicPost(t.app);
    const cookie = await confirmedMember(t, 'bo@example.com');
    expect((await postComment(t.app, cookie, post, { body: 'First' })).json().status).toBe('approved');
    expect((await readComments(t.app, post)).json().count).toBe(1);

    const staff = await editor(t);
    const member = await t.db.kysely
      .selectFrom('members')
      .select('id')
      .where('email', '=', 'bo@example.com')
      .executeTakeFirstOrThrow();
    const ban = await t.app.inject({
      method: 'POST',
      url: `/api/members/${member.id}/ban`,
      headers: { ...SAME_ORIGIN, cookie: staff },
    });
    expect(ban.statusCode).toBe(204);

    const refused = await postComment(t.app, cookie, post, { body: 'Second' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('You can no longer comment on this site');
    expect((await readComments(t.app, post)).json()).toMatchObject({ items: [], count: 0 });

    await t.app.inject({
      method: 'DELETE',
      url: `/api/members/${member.id}/ban`,
      headers: { ...SAME_ORIGIN, cookie: staff },
    });
    expect((await readComments(t.app, post)).json().count).toBe(1);
  });

  it('answers 404 on a post the public cannot read, and 409 once comments are closed', async () => {
    const cookie = await confirmedMember(t, 'cy@example.com');
    const draft = await publicPost(t.app, { status: 'draft' });
    expect((await postComment(t.app, cookie, draft, { body: 'Hi' })).statusCode).toBe(404);
    expect((await readComments(t.app, draft)).statusCode).toBe(404);

    const post = await publicPost(t.app);
    const staff = await editor(t);
    const close = await t.app.inject({
      method: 'PUT',
      url: `/api/blogs/${post}/comments/state`,
      headers: { ...SAME_ORIGIN, cookie: staff },
      payload: { open: false },
    });
    expect(close.json()).toEqual({ open: false });
    expect((await t.app.inject({ method: 'GET', url: `/api/blogs/${post}` })).json().commentsOpen).toBe(false);
    const closed = await postComment(t.app, cookie, post, { body: 'Hi' });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error).toBe('Comments are closed');
  });

  it('closes comments by themselves N days after publishing (0: never)', async () => {
    const cookie = await confirmedMember(t, 'di@example.com');
    const post = await publicPost(t.app);
    await setSettings(t, { closeAfterDays: 2 });
    t.clock += 2 * 24 * 60 * 60_000 + 1000;
    expect((await postComment(t.app, cookie, post, { body: 'Late' })).statusCode).toBe(409);
    expect((await t.app.inject({ method: 'GET', url: `/api/blogs/${post}` })).json().commentsOpen).toBe(false);
    await setSettings(t, { closeAfterDays: 0 });
    expect((await postComment(t.app, cookie, post, { body: 'Late' })).statusCode).toBe(201);
  });

  it('refuses an empty body, one over 2,000 characters and control characters with 400, storing nothing', async () => {
    const cookie = await confirmedMember(t, 'ed@example.com');
    const post = await publicPost(t.app);
    for (const body of ['', '   ', 'a'.repeat(2001), 'bell\u0007', 'nul\u0000'])
      expect((await postComment(t.app, cookie, post, { body })).statusCode).toBe(400);
    expect((await postComment(t.app, cookie, post, { body: 'a'.repeat(2000) })).statusCode).toBe(201);
    expect(await t.db.kysely.selectFrom('comments').select('id').execute()).toHaveLength(1);
  });
});

describe('moderation modes', () => {
  it("first: a member's comments wait until one of theirs is approved", async () => {
    const post = await publicPost(t.app);
    const cookie = await confirmedMember(t, 'fa@example.com');
    const first = (await postComment(t.app, cookie, post, { body: 'One' })).json();
    expect(first.status).toBe('pending');
    expect((await postComment(t.app, cookie, post, { body: 'Two' })).json().status).toBe('pending');
    const staff = await editor(t);
    await t.app.inject({
      method: 'POST',
      url: `/api/comments/${first.id}/moderate`,
      headers: { ...SAME_ORIGIN, cookie: staff },
      payload: { decision: 'approve' },
    });
    expect((await postComment(t.app, cookie, post, { body: 'Three' })).json().status).toBe('approved');
  });

  it('all: every comment waits; off: every comment publishes at once', async () => {
    const post = await publicPost(t.app);
    const cookie = await confirmedMember(t, 'ga@example.com');
    await setSettings(t, { moderation: 'all' });
    expect((await postComment(t.app, cookie, post, { body: 'One' })).json().status).toBe('pending');
    await setSettings(t, { moderation: 'off' });
    expect((await postComment(t.app, cookie, post, { body: 'Two' })).json().status).toBe('approved');
  });

  it('holds a comment with a link or a held word whatever the mode', async () => {
    const post = await publicPost(t.app);
    const cookie = await confirmedMember(t, 'ha@example.com');
    await setSettings(t, { moderation: 'off', heldWords: ['Refball'] });
    expect((await postComment(t.app, cookie, post, { body: 'see https://spam.example/x' })).json().status).toBe(
      'pending',
    );
    expect((await postComment(t.app, cookie, post, { body: 'visit www.spam.example' })).json().status).toBe('pending');
    expect((await postComment(t.app, cookie, post, { body: 'what REFBALL that was' })).json().status).toBe('pending');
    expect((await postComment(t.app, cookie, post, { body: 'refballing is fine' })).json().status).toBe('approved');
  });

  it('lets only owners change the settings', async () => {
    const staff = await editor(t);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/comments/settings',
      headers: { ...SAME_ORIGIN, cookie: staff },
      payload: { moderation: 'off', heldWords: [], closeAfterDays: 30 },
    });
    expect(res.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/comments/settings' })).json()).toEqual({
      moderation: 'first',
      heldWords: [],
      closeAfterDays: 30,
    });
  });
});
