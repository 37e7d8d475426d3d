// A visitor's path through the public site: landing → blog list → a post, as a person would click it.
import { expect, test } from '@playwright/test';
import { getPost, newestPost } from './helpers/api';

test('a visitor goes from the landing page to the blog list to a post @phone', async ({ page, request }) => {
  const newest = await newestPost(request);
  const post = await getPost(request, newest.id);

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
  const item = page.getByRole('link', { name: new RegExp(escape(newest.title)) });
  await expect(item).toBeVisible();
  await expect(page.getByText(`By ${newest.authorName} on ${newest.publishDate}`).first()).toBeVisible();
  await item.click();

  await expect(page).toHaveURL(`/page/${newest.id}`);
  await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
  await expect(page).toHaveTitle(`${post.title} · Touchline`);
  await expect(page.getByText(`Published: ${post.publishDate}`)).toBeVisible();
  await expect(page.getByText(post.readTime)).toBeVisible();

  for (const section of post.sections) {
    await expect(page.getByRole('heading', { name: section.title })).toBeVisible();
    await expect(page.getByText(section.paragraph)).toBeVisible();
    const items = section.type === 'single-paragraph' ? section.list : section.columns.flatMap((c) => c.list);
    for (const { item: text } of items) await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
    if (section.type === 'two-column') {
      for (const column of section.columns)
        await expect(page.getByRole('heading', { name: column.heading })).toBeVisible();
    }
  }

  await expect(page.getByRole('heading', { name: 'Recommended Equipment' })).toBeVisible();
  const amazonLinks = page.getByRole('link', { name: /View on Amazon/ });
  await expect(amazonLinks).toHaveCount(post.products.length);
  for (const [index, product] of post.products.entries()) {
    await expect(page.getByRole('heading', { name: product.title })).toBeVisible();
    await expect(page.getByText(product.price, { exact: true }).first()).toBeVisible();
    await expect(amazonLinks.nth(index)).toHaveAttribute('href', product.amazonUrl);
    await expect(amazonLinks.nth(index)).toHaveAttribute('target', '_blank');
    await expect(amazonLinks.nth(index)).toHaveAttribute('rel', /noopener/);
  }
});

test('the hero image of a post loads first and the other images lazily', async ({ page, request }) => {
  const { id } = await newestPost(request);
  const post = await getPost(request, id);
  await page.goto(`/page/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible();

  const hero = page.locator('img[fetchpriority="high"]');
  await expect(hero).toHaveCount(1);
  await expect(hero).toHaveAttribute('src', post.imageUrl);
  await expect(hero).toHaveAttribute('width', /\d+/);
  await expect(hero).toHaveAttribute('height', /\d+/);
  await expect(hero).not.toHaveAttribute('loading', 'lazy');
  expect(await hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  const others = page.locator('main img:not([fetchpriority="high"])');
  expect(await others.count()).toBeGreaterThan(0);
  for (const img of await others.all()) await expect(img).toHaveAttribute('loading', 'lazy');
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
