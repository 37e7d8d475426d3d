// Sitemap, Atom feed and robots.txt as a crawler and a feed reader get them: parsed by Chromium's own XML parser.
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { publishPost, richSubmission } from './helpers/api';

type Parsed = {
  error: string | null;
  root: string;
  namespace: string | null;
  entries: { id: string; title: string; href: string }[];
  locs: string[];
};

async function parseXmlIn(page: Page, path: string): Promise<Parsed> {
  return page.evaluate(async (url) => {
    const response = await fetch(url);
    const doc = new DOMParser().parseFromString(await response.text(), 'application/xml');
    const text = (node: Element, name: string) => node.getElementsByTagName(name)[0]?.textContent ?? '';
    return {
      error: doc.querySelector('parsererror')?.textContent ?? null,
      root: doc.documentElement.localName,
      namespace: doc.documentElement.namespaceURI,
      entries: [...doc.getElementsByTagName('entry')].map((entry) => ({
        id: text(entry, 'id'),
        title: text(entry, 'title'),
        href: entry.getElementsByTagName('link')[0]?.getAttribute('href') ?? '',
      })),
      locs: [...doc.getElementsByTagName('loc')].map((loc) => loc.textContent ?? ''),
    };
  }, path);
}

test('a post published a moment ago is in the feed and the sitemap, hostile title and all', async ({
  page,
  request,
  baseURL,
}) => {
  const title = `Feed check </title><script>window.pwned=1</script> & ]]> ${Date.now()}`;
  const post = await publishPost(request, richSubmission(title));
  await page.goto('/');

  const feed = await parseXmlIn(page, '/feed.xml');
  expect(feed.error).toBeNull();
  expect(feed.root).toBe('feed');
  expect(feed.namespace).toBe('http://www.w3.org/2005/Atom');
  expect(feed.entries.length).toBeGreaterThan(0);
  expect(feed.entries.length).toBeLessThanOrEqual(20);
  expect(feed.entries[0]).toEqual({ id: `${baseURL}/page/${post.id}`, title, href: `${baseURL}/page/${post.id}` });

  const sitemap = await parseXmlIn(page, '/sitemap.xml');
  expect(sitemap.error).toBeNull();
  expect(sitemap.root).toBe('urlset');
  expect(sitemap.locs.slice(0, 3)).toEqual([`${baseURL}/`, `${baseURL}/blog`, `${baseURL}/sample`]);
  expect(sitemap.locs).toContain(`${baseURL}/page/${post.id}`);
  expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
});

test('robots.txt names the sitemap, and the share image is a PNG', async ({ request, baseURL }) => {
  const robots = await request.get('/robots.txt');
  expect(await robots.text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  const image = await request.get('/og-image.png');
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/png');
});
