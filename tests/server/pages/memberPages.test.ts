// The member pages and the subscribe forms as the server renders them (real app, the SSR entry's source, a real SMTP
// server): a mailed link's page carries its own token into its form, is rendered for each request and kept by no
// cache, and opening it changes nothing; the landing page offers the site's public tags; a story's form ticks its tags.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RenderPage } from '../../../src/contract/rendering';
import { blogSubmissionSchema } from '../../../src/contract/schemas';
import type { BlogSubmission } from '../../../src/contract/schemas';
import { mailOutboxOf } from '../../../src/server/app';
import { createPost } from '../../../src/server/repositories/postsRepository';
import { validSubmission } from '../fixtures/submissions';
import { linkToken, MEMBER_TABLES, memberRow, SAME_ORIGIN, subscribeRequest } from '../helpers/members';
import { startTestSmtp } from '../helpers/smtp';
import type { TestSmtp } from '../helpers/smtp';
import { useTestApp } from '../helpers/testApp';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { render } = require('../../../src/client/entry-server') as { render: RenderPage };

const INDEX = `<!doctype html><html lang="en"><head><meta name="description" content="generic"><title>Touchline</title></head><body><div id="root"></div></body></html>`;
const clientDir = mkdtempSync(join(tmpdir(), 'touchline-member-pages-'));
writeFileSync(join(clientDir, 'index.html'), INDEX);

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(async () => {
  await smtp.close();
  rmSync(clientDir, { recursive: true, force: true });
});
const t = useTestApp({ clientDir, renderPage: render, alsoEmpty: MEMBER_TABLES, sharedApp: true });
beforeEach(async () => {
  smtp.messages.splice(0);
  await t.restart({ mail: { smtpUrl: smtp.url, from: 'news@touchline.test' }, mailPollMs: 3_600_000 });
});

const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
const store = (header: Partial<BlogSubmission['header']>, extra: Partial<BlogSubmission> = {}) =>
  createPost(t.db, blogSubmissionSchema.parse({ ...validSubmission(header), ...extra }));

/** Subscribes `email` and answers the token of the confirmation mail's link. */
async function confirmationToken(email: string): Promise<string> {
  expect((await subscribeRequest(t.app, { email })).statusCode).toBe(202);
  await mailOutboxOf(t.app)!.settle();
  return linkToken(
    smtp.messages.find((mail) => mail.to.includes(email)),
    '/members/confirm',
  );
}

describe('a mailed link’s page', () => {
  it('carries its own token into the form, is rendered for each request, and opening it confirms nothing', async () => {
    const token = await confirmationToken('fan@example.com');
    for (let time = 0; time < 2; time += 1) {
      const res = await page(`/members/confirm?token=${token}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('action="/api/members/confirm" method="post"');
      expect(res.body).toContain(`name="token" value="${token}"`);
      expect(res.body).toContain('Confirm subscription');
      expect(res.body).toContain('<meta name="robots" content="noindex">');
    }
    // Another link's page is its own, not the first one's kept copy.
    const other = await page('/members/confirm?token=another-token');
    expect(other.body).toContain('name="token" value="another-token"');
    expect(other.body).not.toContain(token);
    expect((await memberRow(t, 'fan@example.com'))?.status).toBe('pending');

    // The button's post still works: opening the page spent nothing.
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/members/confirm',
      headers: SAME_ORIGIN,
      payload: { token },
    });
    expect(confirmed.statusCode).toBe(200);
    expect((await memberRow(t, 'fan@example.com'))?.status).toBe('active');
  });

  it('posts the one-click body to the unsubscribe URL of its token, and says why a refused link failed', async () => {
    const res = await page('/members/unsubscribe?token=abc_1');
    expect(res.body).toContain('action="/api/members/unsubscribe?token=abc_1" method="post"');
    expect(res.body).toContain('name="List-Unsubscribe" value="One-Click"');
    const refused = await page('/members/signin?error=used');
    expect(refused.body).toContain('This link has already been used: ask for a new one.');
  });
});

describe('the subscribe forms', () => {
  it('on the landing page: every story, or the site’s public tags to pick', async () => {
    await store({ title: 'Derby', tags: ['Football'] });
    await store({ title: 'Secret plans', tags: ['Transfer Secrets'] }, { status: 'draft' });
    const res = await page('/');
    expect(res.body).toContain('action="/api/members/subscribe" method="post"');
    expect(res.body).toContain('<input type="radio" name="all" checked="" value="true"/>');
    expect(res.body).toContain('name="tags" value="football"');
    expect(res.body).not.toContain('transfer-secrets');
  });

  it('after a story: its tags ticked; on a tag page: that tag', async () => {
    const post = await store({ title: 'Derby', tags: ['Football', 'Premier League'] });
    const story = await page(`/page/${post.id}`);
    expect(story.body).toContain('Get stories like this by email');
    expect(story.body).toContain('<input type="checkbox" name="tags" checked="" value="football"/>');
    expect(story.body).toContain('<input type="checkbox" name="tags" checked="" value="premier-league"/>');
    const tag = await page('/tag/football');
    expect(tag.body).toContain('Follow Football by email');
    expect(tag.body).toContain('<input type="hidden" name="tags" value="football"/>');
  });
});
