// A post's comments switch as its edit page reads it: editors and owners only, drafts included, after an editor's
// switch and after the days until closing.
import { SAME_ORIGIN, useMembersApp } from '../helpers/members';
import { staffSession } from '../helpers/accounts';
import { COMMENT_TABLES, bearer, editor, publicPost, setSettings } from './helpers';

jest.setTimeout(60_000);

const t = useMembersApp();
beforeEach(async () => {
  for (const table of COMMENT_TABLES) await t.db.kysely.deleteFrom(table).execute();
});

const readState = (post: number, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `/api/blogs/${post}/comments/state`, headers });

describe('GET /api/blogs/:id/comments/state', () => {
  it('answers whether comments are open, by the editor’s switch and the days after publishing', async () => {
    const post = await publicPost(t.app);
    const cookie = await editor(t);
    const open = await readState(post, { cookie });
    expect(open.statusCode).toBe(200);
    expect(open.json()).toEqual({ open: true });
    expect(open.headers['cache-control']).toMatch(/private|no-store/);

    await t.app.inject({
      method: 'PUT',
      url: `/api/blogs/${post}/comments/state`,
      headers: { ...SAME_ORIGIN, cookie },
      payload: { open: false },
    });
    expect((await readState(post, { cookie })).json()).toEqual({ open: false });

    await t.app.inject({
      method: 'PUT',
      url: `/api/blogs/${post}/comments/state`,
      headers: { ...SAME_ORIGIN, cookie },
      payload: { open: true },
    });
    await setSettings(t, { closeAfterDays: 1 });
    t.clock += 24 * 60 * 60_000 + 1000;
    expect((await readState(post, { cookie })).json()).toEqual({ open: false });
  });

  it('reads a draft’s switch too, and answers 404 for a post that is not there', async () => {
    const draft = await publicPost(t.app, { status: 'draft' });
    const cookie = await editor(t, 'owner');
    expect((await readState(draft, { cookie })).statusCode).toBe(200);
    const missing = await readState(987654, { cookie });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toEqual(expect.any(String));
    expect((await readState(Number.NaN, { cookie })).statusCode).toBe(400);
  });

  it('refuses anyone but a signed-in editor or owner', async () => {
    const post = await publicPost(t.app);
    expect((await readState(post, {})).statusCode).toBe(401);
    expect((await readState(post, bearer)).statusCode).toBe(403);
    const author = (await staffSession(t.app, t.db, 'author')).cookie;
    expect((await readState(post, { cookie: author })).statusCode).toBe(403);
  });
});
