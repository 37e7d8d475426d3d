// axe-core (WCAG 2.0 and 2.1, levels A and AA) on every route, in both themes, at desktop and phone widths
// (this file runs in both Playwright projects).
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { editPost, publishPost, richSubmission, seededPost, trashPost } from './helpers/api';
import { holdAdminCredentials } from './helpers/admin';
import { axeViolations, switchTheme } from './helpers/axe';
import { appStarted, watchAppStart } from './helpers/app';
import { signIn } from './helpers/session';

type Route = {
  name: string;
  path: (postId: number) => string;
  /** The page's h1, awaited before checking; null where the state has none (the post error is just the text). */
  heading: string | RegExp | null;
  /** Brings the page into a state worth checking on its own (errors in red, previews). */
  act?: (page: Page) => Promise<void>;
  /** Signed in as the owner: admin pages need a session. */
  admin?: boolean;
};

const ROUTES: Route[] = [
  { name: 'landing', path: () => '/', heading: /./ },
  { name: 'blog list', path: () => '/blog', heading: 'Latest Sports Stories' },
  { name: 'post', path: (id) => `/page/${id}`, heading: /./ },
  { name: 'sample article', path: () => '/sample', heading: /video channel/i },
  // The seed's posts carry tags (src/server/seed.ts): Training is on two of them.
  { name: 'tag page', path: () => '/tag/training', heading: 'Training' },
  { name: 'search results', path: () => '/search?q=training', heading: 'Search' },
  { name: 'search with no result', path: () => '/search?q=zzzzqx', heading: 'Search' },
  { name: 'sign-in', path: () => '/auth', heading: /./ },
  { name: 'admin editor', path: () => '/admin', heading: 'Create New Blog Post', admin: true },
  { name: 'not found', path: () => '/no-such-page', heading: /./ },
  // States with their own colours and markup:
  // A first load carries its data (server rendering): error states are reached by in-app navigation.
  {
    name: 'post error',
    path: () => '/sample',
    heading: /video channel/i,
    act: async (page) => {
      await navigateInApp(page, '/page/987654321');
      await shown(page, 'Blog not found');
    },
  },
  {
    name: 'blog list failure',
    path: () => '/sample',
    heading: /video channel/i,
    act: async (page) => {
      await page.route(
        (url) => url.pathname === '/api/blogs',
        (route) => route.fulfill({ status: 500, json: { error: 'down' } }),
      );
      await navigateInApp(page, '/blog');
      await shown(page, 'Try again');
    },
  },
  {
    name: 'sign-in error',
    path: () => '/auth',
    heading: /./,
    act: async (page) => {
      await page.getByLabel('Email').fill('coach@example.com');
      await page.getByLabel('Password').fill('wrong');
      await page.getByLabel('Password').press('Enter');
      await shown(page, 'Incorrect password');
    },
  },
  {
    name: 'editor product preview',
    admin: true,
    path: () => '/admin',
    heading: 'Create New Blog Post',
    act: async (page) => {
      await page.getByRole('button', { name: 'Show Preview' }).click();
      await shown(page, 'Edit Products');
    },
  },
  // The admin area for managing posts: the posts list, the edit page, a draft's preview.
  { name: 'admin posts', path: () => '/admin/posts', heading: 'Posts', admin: true },
  {
    name: 'admin posts, deleting',
    admin: true,
    path: () => '/admin/posts',
    heading: 'Posts',
    act: async (page) => {
      await showPosts(page);
      await page
        .getByRole('button', { name: /^Delete/ })
        .first()
        .click();
      await shown(page, 'Delete post');
    },
  },
  {
    name: 'admin edit',
    admin: true,
    path: (id) => `/admin/edit/${id}`,
    heading: 'Edit Blog Post',
    act: async (page) => {
      await page.getByLabel('Status').selectOption('Scheduled');
      await expect(page.getByLabel('Publish at')).toBeVisible();
    },
  },
  {
    name: 'admin preview',
    admin: true,
    path: () => '/admin/posts',
    heading: 'Posts',
    act: async (page) => {
      await showPosts(page);
      // The token lives in this tab's store, so the preview is reached in the app, not by loading its address.
      const href = await page.getByRole('link', { name: /^Edit/ }).first().getAttribute('href');
      await page.evaluate(
        (path) => {
          history.pushState(null, '', path);
          dispatchEvent(new PopStateEvent('popstate'));
        },
        href!.replace('/admin/edit/', '/admin/preview/'),
      );
      await expect(page.getByRole('note')).toContainText('Preview');
    },
  },
  // The staff accounts' pages: staff (with an invitation link and a new key shown), and the account's password form.
  {
    name: 'admin staff',
    admin: true,
    path: () => '/admin/staff',
    heading: 'Staff',
    act: async (page) => {
      const form = page.getByRole('form', { name: 'Invite' });
      await form
        .getByLabel('Email')
        .fill(`a11y-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`);
      await form.getByRole('button', { name: 'Invite' }).click();
      await expect(form.getByLabel('Invitation link')).toBeVisible();
    },
  },
  { name: 'admin account', admin: true, path: () => '/admin/account', heading: 'Account' },
  // The live desk with coverage on: the match form, the Update box and a posted update, as the phone shows them.
  {
    name: 'admin live desk',
    admin: true,
    path: () => '/admin',
    heading: 'Create New Blog Post',
    act: async (page) => {
      const post = await publishPost(page.request, richSubmission(`Axe checks the live desk ${Date.now()}`));
      await navigateInApp(page, `/admin/live/${post.id}`);
      await page.getByRole('button', { name: 'Start live coverage' }).click();
      await expect(page.getByRole('button', { name: 'End coverage' })).toBeVisible();
      await page.getByLabel('Home', { exact: true }).fill('Hillcrest');
      await page.getByLabel('Away', { exact: true }).fill('Rovers');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await shown(page, 'Match saved.');
      await page.getByLabel('Update', { exact: true }).fill('Kick-off at a sunny Hillcrest.');
      await page.getByRole('button', { name: 'Post update' }).click();
      await expect(page.getByText('Kick-off at a sunny Hillcrest.').first()).toBeVisible();
    },
  },
  {
    name: 'admin account error',
    admin: true,
    path: () => '/admin/account',
    heading: 'Account',
    act: async (page) => {
      await page.getByLabel('Current password').fill('not the password');
      await page.getByLabel('New password').fill('short');
      await page.getByRole('button', { name: 'Change password' }).click();
      await expect(page.getByRole('alert')).toBeVisible();
    },
  },
  // Revisions and the trash: History with a version compared (del/ins) and the restore question; Trash with the delete
  // question.
  {
    name: 'admin history',
    admin: true,
    path: () => '/admin/posts',
    heading: 'Posts',
    act: async (page) => {
      const post = await publishPost(page.request, richSubmission('Axe checks the history'));
      await editPost(page.request, post.id, richSubmission('Axe checks the changed history'));
      await holdAdminCredentials(page);
      await navigateInApp(page, `/admin/history/${post.id}`);
      await page.getByRole('list', { name: 'Revisions' }).getByRole('button').first().click();
      await expect(page.locator('ins').first()).toBeVisible();
      await page.getByRole('button', { name: 'Restore this version' }).click();
      await shown(page, 'Restore');
    },
  },
  {
    name: 'admin trash',
    admin: true,
    path: () => '/admin/posts',
    heading: 'Posts',
    act: async (page) => {
      const post = await publishPost(page.request, richSubmission('Axe checks the trash'));
      await trashPost(page.request, post.id);
      await holdAdminCredentials(page);
      await navigateInApp(page, '/admin/trash');
      await page
        .getByRole('button', { name: /^Delete forever/ })
        .first()
        .click();
      await expect(page.getByRole('group', { name: /forever\?$/ })).toBeVisible();
    },
  },
];

async function showPosts(page: Page) {
  await holdAdminCredentials(page);
  await page.getByRole('button', { name: 'Show posts' }).click();
  await expect(page.getByRole('table')).toBeVisible();
}

/** Moves to `path` as a link in the app would (the app fetches the page's data); the app has started (see the test). */
async function navigateInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

async function shown(page: Page, text: string) {
  await expect(page.getByText(text, { exact: true })).toBeVisible();
}

/** Waits for the page to settle: no loading text, webfonts and images done, no colour transition in flight. */
async function settled(page: Page) {
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  await page.evaluate(async () => {
    await document.fonts.ready;
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}

// Both themes in one visit: the page is brought into its state once, checked in the dark theme (the default), then
// switched to the light one the way another tab's choice reaches it (the storage event the app follows), which
// changes nothing but the theme, and checked again.
for (const route of ROUTES) {
  test(`${route.name} has no WCAG A/AA violations in the dark theme, nor in the light one @phone`, async ({
    page,
    request,
  }) => {
    const { id } = await seededPost(request);
    if (route.admin) await signIn(page.context());
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await watchAppStart(page);
    await page.goto(route.path(id));
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    if (route.heading) await expect(page.getByRole('heading', { level: 1, name: route.heading })).toBeVisible();
    // Judge the page the app made of it (it loads after the page, src/client/boot.ts) and act in it: the
    // server-rendered state before it is checked in before-app.spec.ts and ssr.spec.ts.
    await appStarted(page);
    await route.act?.(page);
    await settled(page);
    expect(await axeViolations(page), 'axe violations in the dark theme').toEqual([]);

    await switchTheme(page, 'light');
    await settled(page);
    expect(await axeViolations(page), 'axe violations in the light theme').toEqual([]);
  });
}
