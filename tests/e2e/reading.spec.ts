// A visitor's path through the public site: landing → blog list → a post, as a person would click it.
import { expect, test } from '@playwright/test';
import { listPosts, publishPost, richSubmission, seededPost } from './helpers/api';
import { appStarted, watchAppStart } from './helpers/app';

test('a visitor goes from the landing page to the blog list to a post @phone', async ({ page, request }) => {
  const title = `Pressing from the front ${Date.now().toString(36)}`;
  const post = await publishPost(request, richSubmission(title));

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  for (const blurb of ['Expert Analysis', 'Community Driven', 'Latest Updates']) {
    await expect(page.getByRole('heading', { name: blurb })).toBeVisible();
  }

  await page
    .getByRole('main')
    .getByRole('link', { name: /blog|stories|read/i })
    .first()
    .click();
  await expect(page).toHaveURL('/blog');
  await expect(page.getByRole('heading', { level: 1, name: 'Latest Sports Stories' })).toBeVisible();

  // Newest first, each item with 'By {author name} on {publish date}'.
  const item = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: title, exact: true }) });
  await expect(item).toContainText('By Maya Lindqvist on October 3, 2026');
  await item.getByRole('link', { name: title, exact: true }).click();

  await expect(page).toHaveURL(`/page/${post.id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page).toHaveTitle(`${title} · Touchline`);
  await expect(page.getByText('Published: October 3, 2026')).toBeVisible();
  await expect(page.getByText('6 min read', { exact: true })).toBeVisible();
  await expect(page.locator('img[fetchpriority="high"]')).toHaveAttribute('src', '/images/seed/football-press.svg');

  for (const heading of ['Why the press starts up front', 'Reading the triggers', 'Ball cues', 'Body cues']) {
    await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
  }
  for (const text of [
    'The first defender decides where the ball can go.',
    'Curve the run to cut the passing lane',
    'Press on the back pass',
    'Two kinds of cue tell a team when to jump.',
    'A bouncing ball',
    'A heavy touch',
    'Receiver facing his own goal',
    'Maya Lindqvist',
    'Tactics Writer',
  ]) {
    await expect(page.getByText(text, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('img', { name: 'Maya Lindqvist' })).toHaveAttribute(
    'src',
    '/images/seed/author-maya.svg',
  );

  await expect(page.getByRole('heading', { name: 'Recommended Equipment' })).toBeVisible();
  const amazonLinks = page.getByRole('link', { name: /View on Amazon/ });
  await expect(amazonLinks).toHaveCount(2);
  for (const [index, product] of post.products.entries()) {
    await expect(page.getByRole('heading', { name: product.title, exact: true })).toBeVisible();
    await expect(page.getByText(product.description, { exact: true })).toBeVisible();
    await expect(page.getByText(product.price, { exact: true })).toBeVisible();
    await expect(page.getByRole('img', { name: product.title })).toHaveAttribute('src', product.imageUrl);
    await expect(amazonLinks.nth(index)).toHaveAttribute('href', product.amazonUrl);
    await expect(amazonLinks.nth(index)).toHaveAttribute('target', '_blank');
    await expect(amazonLinks.nth(index)).toHaveAttribute('rel', 'sponsored noopener noreferrer');
  }
});

test('the hero image of a post loads first and the other images lazily', async ({ page, request }) => {
  const post = await seededPost(request);
  await page.goto(`/page/${post.id}`);
  await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible();

  const hero = page.locator('img[fetchpriority="high"]');
  await expect(hero).toHaveCount(1);
  await expect(hero).toHaveAttribute('src', post.imageUrl);
  await expect(hero).toHaveAttribute('width', /\d+/);
  await expect(hero).toHaveAttribute('height', /\d+/);
  await expect(hero).not.toHaveAttribute('loading', 'lazy');
  await expect
    .poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);

  const others = page.locator('main img:not([fetchpriority="high"])');
  expect(await others.count()).toBeGreaterThan(0);
  for (const img of await others.all()) await expect(img).toHaveAttribute('loading', 'lazy');
});

test('the blog list pages through older posts with "Load more"', async ({ page, request }) => {
  // More posts than one page (20) holds; other tests may add posts meanwhile, so counts are lower bounds.
  const existing = await listPosts(request);
  for (let n = existing.length; n < 23; n++) {
    await publishPost(request, { header: { title: `Archive filler ${n}`, publishDate: 'January 1, 2026' } });
  }
  const oldest = (await listPosts(request)).at(-1)!;

  await watchAppStart(page);
  await page.goto('/blog');
  const items = page.getByRole('main').getByRole('listitem');
  await expect(items).toHaveCount(20);
  await expect(page.getByRole('link', { name: oldest.title, exact: true })).toHaveCount(0);

  // 'Load more' is a button once the app runs (src/client/boot.ts loads it after the page); until then it is the link
  // to /blog?cursor=N, which the pre-hydration test in ssr.spec.ts follows.
  await appStarted(page);
  const loadMore = page.getByRole('button', { name: 'Load more' });
  await expect(loadMore).toBeVisible();
  while (await loadMore.isVisible()) {
    const before = await items.count();
    await loadMore.click();
    await expect.poll(() => items.count()).toBeGreaterThan(before);
  }
  await expect(page.getByRole('link', { name: oldest.title, exact: true })).toBeVisible();
  expect(await items.count()).toBeGreaterThanOrEqual(23);
});

test('hostile text in a post is shown as text and never runs', async ({ page, request }) => {
  const payload = `<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>`;
  const submission = richSubmission(`Hostile ${Date.now().toString(36)} ${payload}`);
  submission.header.sections = [
    { type: 'single-paragraph', icon: 'Bogus', title: payload, paragraph: payload, list: [payload] },
  ];
  submission.footer = { authorName: payload, authorTitle: '', imageUrl: '' };
  const post = await publishPost(request, submission);
  page.on('dialog', (dialog) => void dialog.dismiss());

  await page.goto(`/page/${post.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(post.title);
  await expect(page.getByText(payload, { exact: true })).toHaveCount(4); // section title, paragraph, list item, author name
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  await expect(page.locator('main img[src="x"], main script')).toHaveCount(0);
});
