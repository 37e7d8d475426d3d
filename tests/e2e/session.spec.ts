// The server checks who writes, seen in a real browser: admin pages need a session (303 to /auth), and a context signed
// in through the API (helpers/session.ts) opens them and writes with the cookie alone.
import { expect, test } from '@playwright/test';
import { richSubmission } from './helpers/api';
import { signIn } from './helpers/session';

test('/admin without a session lands on /auth with next; after signing in it opens', async ({ page }) => {
  const response = await page.goto('/admin/posts');
  expect(response?.request().redirectedFrom()?.url()).toMatch(/\/admin\/posts$/);
  await expect(page).toHaveURL('/auth?next=%2Fadmin%2Fposts');

  await signIn(page.context());
  const admin = await page.goto('/admin/posts');
  expect(admin?.status()).toBe(200);
  await expect(page).toHaveURL('/admin/posts');
});

test("the session cookie writes from the site's own page, and not from another origin", async ({ page }) => {
  await signIn(page.context());
  await page.goto('/admin');
  const status = await page.evaluate(async (body) => {
    const res = await fetch('/api/blogs', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return res.status;
  }, richSubmission('Written with the cookie alone'));
  expect(status).toBe(201);
  const foreign = await page.request.post('/api/blogs', {
    data: richSubmission('Forged'),
    headers: { origin: 'https://evil.example' },
  });
  expect(foreign.status()).toBe(403);
});
