// Inline marks in Chromium: a post written with marks hydrates its bold, italic and links from the trees the page
// carries (the parser is never fetched, nothing logged); reached by a client-side navigation instead, its text is
// parsed by the parser's lazy chunk.
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { validSubmission } from '../server/fixtures/submissions';
import type { BlogSubmission } from '../../src/contract/schemas';
import { publishPost } from './helpers/api';
import { appStarted, watchAppStart } from './helpers/app';

const PARAGRAPH = '**Derby** day: read the [league table](https://example.com/table) and the _match report_.';

function marked(title: string): BlogSubmission {
  const submission = validSubmission({ title, image: '/images/seed/football-press.svg', textFormat: 'marks' });
  const [first, ...rest] = submission.header.sections ?? [];
  return {
    ...submission,
    header: {
      ...submission.header,
      sections: [{ ...(first as Extract<typeof first, { type: 'single-paragraph' }>), paragraph: PARAGRAPH }, ...rest],
    },
    products: (submission.products ?? []).map((product) => ({ ...product, imageUrl: '/images/seed/ball.svg' })),
  };
}

/** The parser chunk's requests and the console's messages while the test runs. */
function watch(page: Page) {
  const parser: string[] = [];
  const messages: string[] = [];
  page.on('request', (request) => {
    if (/marksParser/.test(request.url())) parser.push(request.url());
  });
  page.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
  return { parser, messages };
}

async function expectFormatted(page: Page) {
  const paragraph = page.locator('p', { hasText: 'Derby day' });
  await expect(paragraph.locator('strong')).toHaveText('Derby');
  await expect(paragraph.locator('em')).toHaveText('match report');
  const link = paragraph.getByRole('link', { name: 'league table' });
  await expect(link).toHaveAttribute('href', 'https://example.com/table');
  await expect(link).toHaveAttribute('rel', 'noopener');
  await expect(link).not.toHaveAttribute('target', /./);
}

test('a server-rendered post hydrates its marks without fetching the parser', async ({ page, request }) => {
  const post = await publishPost(request, marked(`Marks hydrate ${Date.now()}`));
  const seen = watch(page);
  await watchAppStart(page);
  await page.goto(`/page/${post.id}`);
  await appStarted(page);
  await expectFormatted(page);
  expect(seen.parser).toEqual([]);
  expect(seen.messages).toEqual([]);
});

test('a post reached by client-side navigation is parsed by the lazy chunk', async ({ page, request }) => {
  const post = await publishPost(request, marked(`Marks navigate ${Date.now()}`));
  const seen = watch(page);
  await watchAppStart(page);
  await page.goto('/blog');
  await appStarted(page);
  expect(seen.parser).toEqual([]);
  await page.getByRole('link', { name: post.title }).first().click();
  await expect(page).toHaveURL(new RegExp(`/page/${post.id}$`));
  await expectFormatted(page);
  expect(seen.parser.length).toBeGreaterThan(0);
});
