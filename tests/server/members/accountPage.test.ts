// /account as the server renders it (real app, the SSR entry's source): the signed-in member's own address, choices
// and status in the HTML, the sign-in card for a visitor, never kept by a cache nor given a validator two members could
// share, and its forms posted without JavaScript.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RenderPage } from '../../../src/contract/rendering';
import { sha256Hex } from '../../../src/server/accounts/sessions';
import { createPost } from '../../../src/server/repositories/postsRepository';
import { blogSubmissionSchema } from '../../../src/contract/schemas';
import { validSubmission } from '../fixtures/submissions';
import { FORM_POST, SAME_ORIGIN, confirmedMember, memberRow, useMembersApp } from '../helpers/members';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { render } = require('../../../src/client/entry-server') as { render: RenderPage };

jest.setTimeout(60_000);

const INDEX = `<!doctype html><html lang="en"><head><title>Touchline</title></head><body><div id="root"></div></body></html>`;
const clientDir = mkdtempSync(join(tmpdir(), 'touchline-account-page-'));
writeFileSync(join(clientDir, 'index.html'), INDEX);
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

const t = useMembersApp({ clientDir, renderPage: render });

const page = (cookie?: string, url = '/account', headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers, ...(cookie ? { cookie } : {}) } });

/** The page's HTML with React's comment markers between text parts removed. */
const textOf = (html: string) => html.replaceAll('<!-- -->', '');

/** Whether the page's input named `name` with `value` is ticked. */
const ticked = (html: string, name: string, value?: string) => {
  const inputs = html.match(/<input[^>]*>/g) ?? [];
  const input = inputs.find(
    (tag) =>
      tag.includes(`name="${name}"`) && tag.includes('type="checkbox"') && (!value || tag.includes(`value="${value}"`)),
  );
  if (input === undefined) throw new Error(`no checkbox ${name} ${value ?? ''}`);
  return input.includes('checked=""');
};

beforeEach(async () => {
  for (const tags of [['Football'], ['Rugby']])
    await createPost(t.db, blogSubmissionSchema.parse(validSubmission({ tags })));
});

describe('/account rendered on the server', () => {
  it("shows a signed-in member's address, choices and status in the page's HTML", async () => {
    const cookie = await confirmedMember(t, 'fan@example.com', { tags: ['rugby'] });
    const res = await page(cookie);
    expect(res.statusCode).toBe(200);
    const html = textOf(res.body);
    expect(html).toContain('Signed in as <strong>fan@example.com</strong>');
    expect(html).toContain('You follow: Rugby.');
    expect(ticked(html, 'tags', 'rugby')).toBe(true);
    expect(ticked(html, 'tags', 'football')).toBe(false);
    expect(html).toContain('Email me when someone replies to my comment');
    expect(ticked(html, 'replyMail')).toBe(true);
    expect(html).toContain('Unsubscribe from all');
    // The state the browser hydrates from holds the same answer, so it asks nothing and shows no other card first.
    expect(html).toMatch(
      /<script type="application\/json" id="server-state">[^<]*"getMe\(undefined\)"[^<]*fan@example\.com/,
    );
    expect(html).not.toContain('Email me a sign-in link');
  });

  it('shows a visitor the sign-in card', async () => {
    const res = await page();
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Email me a sign-in link');
    expect(res.body).toContain('action="/api/members/signin" method="post"');
    expect(res.body).not.toContain('Signed in as');
  });

  it('is private, never stored, and has no validator a second member could match', async () => {
    const fan = await confirmedMember(t, 'fan@example.com');
    const other = await confirmedMember(t, 'other@example.com');
    for (const cookie of [fan, other, undefined]) {
      const res = await page(cookie, '/account', { 'accept-encoding': 'br' });
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers.etag).toBeUndefined();
    }
    // Nothing about the first member reaches the second, even when asked for the first's copy.
    const second = await page(other, '/account', { 'if-none-match': '*' });
    expect(second.statusCode).toBe(200);
    expect(second.body).toContain('other@example.com');
    expect(second.body).not.toContain('fan@example.com');
    expect((await page()).body).not.toContain('@example.com');
  });

  it('shows the reply mail switch as the one-click "Stop reply emails" left it', async () => {
    const cookie = await confirmedMember(t, 'fan@example.com');
    const member = (await memberRow(t, 'fan@example.com'))!;
    // The token a reply mail's link carries.
    await t.db.kysely
      .insertInto('comment_mail_tokens')
      .values({ member_id: member.id, token_hash: sha256Hex('stop-token') })
      .execute();
    const stopped = await t.app.inject({
      method: 'POST',
      url: '/api/members/replies/stop?token=stop-token',
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(stopped.statusCode).toBe(200);
    expect(ticked(textOf((await page(cookie)).body), 'replyMail')).toBe(false);
  });

  it("takes its forms' posts without JavaScript, each answered 303 back to the page", async () => {
    const cookie = await confirmedMember(t, 'fan@example.com', { tags: ['rugby'] });
    const post = (url: string, payload: string) =>
      t.app.inject({ method: 'POST', url, headers: { ...FORM_POST, cookie }, payload });

    // No box ticked: the hidden empty tag and "false" say so.
    const saved = await post('/api/members/me', 'name=Fan&all=false&tags=&replyMail=false');
    expect(saved.statusCode).toBe(303);
    expect(saved.headers.location).toBe('/account?saved=1');
    const after = textOf((await page(cookie, '/account?saved=1')).body);
    expect(after).toContain('Saved.');
    expect(ticked(after, 'tags', 'rugby')).toBe(false);
    expect(ticked(after, 'replyMail')).toBe(false);

    const unsubscribed = await post('/api/members/me', 'subscribed=false');
    expect(unsubscribed.statusCode).toBe(303);
    expect(textOf((await page(cookie)).body)).toContain('Subscribe again');

    const out = await post('/api/members/signout', '');
    expect(out.statusCode).toBe(303);
    expect(out.headers.location).toBe('/account');
    expect((await page(cookie)).body).toContain('Email me a sign-in link');
  });

  it('refuses a form posted from another site', async () => {
    const cookie = await confirmedMember(t, 'fan@example.com');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/members/me',
      headers: { ...FORM_POST, origin: 'https://evil.example', cookie },
      payload: 'replyMail=false',
    });
    expect(res.statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/members/me', headers: { cookie, ...SAME_ORIGIN } })).json(),
    ).toMatchObject({
      replyMail: true,
    });
  });
});
