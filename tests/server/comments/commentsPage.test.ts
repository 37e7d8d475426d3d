// The comments in a story's server-rendered page, read as a visitor without JavaScript reads them: the first page of
// approved comments with their replies and placeholders, never a pending one, a cached page dropped by an approval,
// later threads only on demand, and hostile text as text.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COMMENTS_PAGE_SIZE } from '../../../src/contract/comments';
import type { RenderPage } from '../../../src/contract/rendering';
import { insertComment } from '../../../src/server/repositories/commentsRepository';
import { HOSTILE_COMMENTS } from '../fixtures/hostileComments';
import { validSubmission } from '../fixtures/submissions';
import { textOf } from '../helpers/html';
import { confirmedMember, SAME_ORIGIN, useMembersApp } from '../helpers/members';
import { COMMENT_TABLES, editor, moderate, postComment, publicPost, setSettings } from './helpers';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { render } = require('../../../src/client/entry-server') as { render: RenderPage };

jest.setTimeout(90_000);

const INDEX = `<!doctype html><html lang="en"><head><title>Touchline</title></head><body><div id="root"></div></body></html>`;
const clientDir = mkdtempSync(join(tmpdir(), 'touchline-comments-page-'));
writeFileSync(join(clientDir, 'index.html'), INDEX);
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

const t = useMembersApp({ clientDir, renderPage: render });
beforeEach(async () => {
  for (const table of COMMENT_TABLES) await t.db.kysely.deleteFrom(table).execute();
});

const page = async (postId: number) => {
  const res = await t.app.inject({ method: 'GET', url: `/page/${postId}`, headers: { accept: 'text/html' } });
  expect(res.statusCode).toBe(200);
  return res.body;
};
/** The page's comments section, as HTML. */
const sectionOf = (html: string) => /<section[^>]*id="comments"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
const memberId = async (email: string) =>
  (await t.db.kysely.selectFrom('members').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

describe('a story’s page without JavaScript', () => {
  it('shows the approved comments with replies, "Comment deleted" and the sign-in link, and never a pending one', async () => {
    await setSettings(t, { moderation: 'off' });
    const post = await publicPost(t.app);
    const ada = await confirmedMember(t, 'ada@example.com', { name: 'Ada' });
    const bo = await confirmedMember(t, 'bo@example.com', { name: 'Bo' });
    const top = (await postComment(t.app, ada, post, { body: 'What a finish' })).json();
    await postComment(t.app, bo, post, { body: 'Offside though', parentId: top.id });
    const gone = (await postComment(t.app, ada, post, { body: 'Soon gone' })).json();
    await postComment(t.app, bo, post, { body: 'Still here', parentId: gone.id });
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/comments/${gone.id}`,
      headers: { ...SAME_ORIGIN, cookie: ada },
    });
    expect(del.statusCode).toBe(204);
    await setSettings(t, { moderation: 'all' });
    expect((await postComment(t.app, bo, post, { body: 'Waiting for a moderator' })).json().status).toBe('pending');

    const html = await page(post);
    const text = textOf(sectionOf(html));
    expect(text).toContain('Comments (3)');
    expect(text).toMatch(/Ada .*What a finish .*Bo .*Offside though .*Comment deleted .*Still here/);
    expect(text).not.toContain('Soon gone');
    expect(html).not.toContain('Waiting for a moderator');
    expect(sectionOf(html)).toContain('<a href="/members/signin">Sign in to comment</a>');
    // The thread's chunk starts from the same page: it travels in the page's state.
    expect(html).toContain(`getComments(${post})`);
  });

  it('shows a comment approved after the page was cached on the next load', async () => {
    await setSettings(t, { moderation: 'all' });
    const post = await publicPost(t.app);
    const ada = await confirmedMember(t, 'ada@example.com', { name: 'Ada' });
    const comment = (await postComment(t.app, ada, post, { body: 'Held back a while' })).json();
    const before = await page(post);
    expect(before).not.toContain('Held back a while');
    expect(await page(post)).toBe(before);

    expect((await moderate(t, await editor(t), comment.id, 'approve')).statusCode).toBe(200);
    const after = textOf(sectionOf(await page(post)));
    expect(after).toContain('Comments (1)');
    expect(after).toContain('Held back a while');
  });

  it('holds only the newest threads of the first page, the earlier ones on demand', async () => {
    const post = await publicPost(t.app);
    await confirmedMember(t, 'ada@example.com', { name: 'Ada' });
    const member = await memberId('ada@example.com');
    const at = new Date(t.clock);
    for (let n = 1; n <= COMMENTS_PAGE_SIZE + 5; n += 1)
      await insertComment(
        t.db.kysely,
        { postId: post, memberId: member, parentId: null, body: `Comment number ${n}.`, status: 'approved' },
        at,
      );
    const section = sectionOf(await page(post));
    expect(section.match(/<li /g)).toHaveLength(COMMENTS_PAGE_SIZE);
    expect(section).toContain(`Comments (${COMMENTS_PAGE_SIZE + 5})`);
    expect(section).not.toContain('Comment number 5.');
    expect(section).toContain('Comment number 6.');
    expect(section).toContain('Load earlier comments');
  });

  it('renders the hostile corpus as text', async () => {
    const post = await publicPost(t.app);
    await confirmedMember(t, 'ada@example.com', { name: 'Ada' });
    const member = await memberId('ada@example.com');
    for (const body of HOSTILE_COMMENTS)
      await insertComment(
        t.db.kysely,
        { postId: post, memberId: member, parentId: null, body, status: 'approved' },
        new Date(t.clock),
      );
    const section = sectionOf(await page(post));
    expect(section).not.toMatch(/<script|<a href="javascript/i);
    expect(section).toContain('&lt;script&gt;');
    expect(section.match(/<a /g)).toHaveLength(1); // the sign-in link only
    expect(section).toContain('\u202Eevil\u202C');
    expect(section).toContain('a'.repeat(2000));
    expect(textOf(section)).toContain('<a href="javascript:alert(1)">click</a> javascript:alert(2)');
  });
});

describe('the story lists', () => {
  it('carry each story’s approved comments as commentCount (none when it has none) and show "N comments"', async () => {
    await setSettings(t, { moderation: 'off' });
    const quiet = await publicPost(t.app, { header: { ...validSubmission().header, title: 'Quiet one' } });
    const talked = await publicPost(t.app, { header: { ...validSubmission().header, title: 'Talked about' } });
    const ada = await confirmedMember(t, 'ada@example.com', { name: 'Ada' });
    await postComment(t.app, ada, talked, { body: 'Zyzzyva first' });
    await postComment(t.app, ada, talked, { body: 'Zyzzyva second' });
    await setSettings(t, { moderation: 'all' });
    await postComment(t.app, ada, talked, { body: 'Zyzzyva waiting' });

    const list = (await t.app.inject({ method: 'GET', url: '/api/blogs' })).json() as {
      id: number;
      commentCount?: number;
    }[];
    expect(list.find((post) => post.id === talked)?.commentCount).toBe(2);
    expect(list.find((post) => post.id === quiet)).not.toHaveProperty('commentCount');
    const blog = textOf((await t.app.inject({ method: 'GET', url: '/blog', headers: { accept: 'text/html' } })).body);
    expect(blog).toMatch(/Talked about .*2 comments/);
    expect(blog.match(/comments?\b/g)).toHaveLength(1);

    // Comments are never in the feed, the sitemap or the search.
    for (const url of ['/feed.xml', '/sitemap.xml', '/api/search?q=Zyzzyva'])
      expect((await t.app.inject({ method: 'GET', url })).body).not.toContain('Zyzzyva');
  });
});
