// Author pages as a reader reaches them: a byline links the page that lists the author's stories, with its feed, and
// every page's footer links the site's feed. axe on the author page in both themes, at desktop and phone widths.
import { expect, test } from '@playwright/test';
import type { BlogPost } from '../../src/contract/types';
import { appStarted, watchAppStart } from './helpers/app';
import { richSubmission } from './helpers/api';
import { axeViolations, switchTheme } from './helpers/axe';
import { signIn } from './helpers/session';

const NAME = 'Olive Owner';

test('a byline leads to the author’s page, which lists their stories and their feed @phone', async ({ page }) => {
  const context = page.context();
  await signIn(context);
  const origin = { origin: `http://127.0.0.1:${process.env.TOUCHLINE_E2E_PORT}` };
  const profile = await context.request.put('/api/account/profile', {
    data: { name: NAME, title: 'Editor at large', photo: '' },
    headers: origin,
  });
  expect(profile.status(), await profile.text()).toBe(200);
  const title = `Written by ${NAME} ${Date.now()}`;
  const created = await context.request.post('/api/blogs', { data: richSubmission(title), headers: origin });
  expect(created.status(), await created.text()).toBe(201);
  const post = (await created.json()) as BlogPost;

  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  await watchAppStart(page);
  await page.goto(`/page/${post.id}`);
  await appStarted(page);
  await expect(page.getByRole('link', { name: 'RSS feed', exact: true })).toHaveAttribute('href', '/feed.xml');
  await page.getByRole('link', { name: richSubmission(title).footer!.authorName, exact: true }).click();
  await expect(page).toHaveURL(/\/author\/[a-z0-9-]+-\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
  await expect(page.getByRole('link', { name: title })).toHaveAttribute('href', `/page/${post.id}`);
  await expect(page.getByRole('link', { name: `RSS feed of ${NAME}’s stories` })).toBeVisible();
  expect(await axeViolations(page), 'axe violations in the dark theme').toEqual([]);
  await switchTheme(page, 'light');
  expect(await axeViolations(page), 'axe violations in the light theme').toEqual([]);
});
