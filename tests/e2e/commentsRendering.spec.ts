// A story's comments as the server renders them: read without JavaScript, and on a 390 px phone a hostile corpus
// (markup, javascript: URLs, bidi overrides, 2,000 letters without a space) stays text and never widens the page.
// The comments are written straight into the server's SQLite file before the page is first asked for.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect, test } from '@playwright/test';
import { HOSTILE_COMMENTS } from '../server/fixtures/hostileComments';
import { publishPost, richSubmission } from './helpers/api';

/** Writes approved comments on the post by one member; answers nothing. */
function addComments(postId: number, bodies: readonly string[]): void {
  const db = new Database(join(process.env.TOUCHLINE_E2E_DATA_DIR!, 'touchline.db'));
  db.pragma('busy_timeout = 5000');
  const at = '2026-11-20T18:30:00.000Z';
  const member = db
    .prepare(
      `insert into members (email, name, status, all_posts, created_at, confirmed_at) values (?, 'Terrace Voice', 'active', 1, ?, ?)`,
    )
    .run(`voice-${postId}-${Date.now()}@example.com`, at, at).lastInsertRowid;
  const insert = db.prepare(
    `insert into comments (post_id, member_id, parent_id, body, status, created_at, approved_at) values (?, ?, null, ?, 'approved', ?, ?)`,
  );
  for (const body of bodies) insert.run(postId, member, body, at, at);
  db.close();
}

async function commentedPost(request: Parameters<typeof publishPost>[0], title: string) {
  // The e2e story (seed images only): another spec may open it as the newest post and refuses a request that fails.
  const post = await publishPost(request, richSubmission(`${title} ${Date.now()}`));
  addComments(post.id, ['What a finish to the season.', ...HOSTILE_COMMENTS]);
  return post;
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the comments read, as text, with "Sign in to comment" a plain link', async ({ page, request }) => {
    const post = await commentedPost(request, 'Comments without script');
    await page.goto(`/page/${post.id}`);
    const section = page.locator('#comments');
    await expect(section.getByRole('heading', { name: 'Comments (5)' })).toBeVisible();
    await expect(section.getByText('What a finish to the season.')).toBeVisible();
    await expect(section.getByText(HOSTILE_COMMENTS[0])).toBeVisible();
    await expect(section.getByText(HOSTILE_COMMENTS[1])).toBeVisible();
    await expect(section.getByRole('link')).toHaveCount(1);
    await expect(section.getByRole('link', { name: 'Sign in to comment' })).toHaveAttribute('href', '/members/signin');
    expect(await page.title()).not.toBe('owned');
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the hostile corpus never scrolls the page sideways', async ({ page, request }) => {
    const post = await commentedPost(request, 'Comments on a phone');
    const errors: string[] = [];
    page.on('console', (message) => {
      // The fixture's images and a visitor's /api/members/me fail to load by design; anything else is a fault.
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
        errors.push(message.text());
    });
    const asked: string[] = [];
    page.on('request', (sent) => {
      if (sent.url().includes(`/api/blogs/${post.id}/comments`)) asked.push(sent.url());
    });
    await page.goto(`/page/${post.id}`);
    const long = page.locator('#comments').getByText('a'.repeat(2000));
    await long.scrollIntoViewIfNeeded();
    await expect(long).toBeVisible();
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    expect(await page.title()).not.toBe('owned');
    // The thread took over the server's markup without an error and without fetching the page it already had.
    await expect(page.locator('#comments').getByText('What a finish to the season.')).toHaveCount(1);
    expect(errors).toEqual([]);
    expect(asked).toEqual([]);
  });
});

test.describe('the comments code', () => {
  // A phone's width and a short window: the rich story puts the section well past the 600 px the page looks ahead.
  test.use({ viewport: { width: 390, height: 300 } });

  test('comes only as the section nears the view; the server markup stays until the thread takes over', async ({
    page,
    request,
  }) => {
    const post = await commentedPost(request, 'Comments far below');
    const chunks: string[] = [];
    page.on('request', (sent) => {
      if (/\/assets\/CommentsSection-[\w-]+\.js$/.test(sent.url())) chunks.push(sent.url());
    });
    await page.goto(`/page/${post.id}`);
    const below = await page.locator('#comments').evaluate((section) => section.getBoundingClientRect().top);
    expect(below).toBeGreaterThan(300 + 600);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000);
    expect(chunks).toEqual([]);
    await expect(page.locator('#comments').getByText('What a finish to the season.')).toHaveCount(1);
    await page.locator('#comments').scrollIntoViewIfNeeded();
    await expect.poll(() => chunks.length).toBe(1);
    await expect(page.locator('#comments').getByText('What a finish to the season.')).toHaveCount(1);
  });
});
