// A story with a photo, a pull quote and a video, as a reader meets it: the photo with its caption and credit, the
// quote with who said it, and a video facade that sends nothing to YouTube or Google until play is pressed; without
// JavaScript the post is complete and the video is a link; axe finds nothing in either theme.
import { expect, test } from '@playwright/test';
import type { Page, Request } from '@playwright/test';
import { publishPost, richSubmission } from './helpers/api';
import { appStarted, watchAppStart } from './helpers/app';
import { axeViolations } from './helpers/axe';
import { photoJpeg, upload } from './helpers/photos';
import type { BlogPost } from '../../src/contract/types';

const VIDEO_ID = 'dQw4w9WgXcQ';
const THIRD_PARTY = /youtube|ytimg|youtu\.be|google|gstatic|doubleclick/i;

async function storyWithSections(request: Parameters<typeof publishPost>[0]): Promise<BlogPost> {
  const photo = await upload(request, await photoJpeg(1600, 1000, 7), 'stand.jpg');
  const submission = richSubmission(`Derby in pictures ${Date.now().toString(36)}`);
  submission.header.sections = [
    ...(submission.header.sections ?? []),
    {
      type: 'image',
      image: photo.url,
      alt: 'The north stand lit by flares at full time',
      caption: 'Full time at the north stand',
      credit: 'Photo: Ana Lobo',
    },
    { type: 'quote', text: 'We never stopped believing.', cite: 'Maya Ortiz, captain' },
    { type: 'video', url: `https://www.youtube.com/watch?v=${VIDEO_ID}&t=1m30s`, caption: 'The winner in full' },
  ];
  return publishPost(request, submission);
}

/** Every request the page makes, with the time it left. */
function recordRequests(page: Page): { url: string; at: number }[] {
  const seen: { url: string; at: number }[] = [];
  page.on('request', (req: Request) => seen.push({ url: req.url(), at: Date.now() }));
  return seen;
}

test('the reader sees the photo, the quote and the facade; YouTube is asked only after play', async ({
  page,
  request,
}) => {
  const post = await storyWithSections(request);
  const requests = recordRequests(page);
  // No internet here: a request that does leave is answered at once, so only its timing is judged.
  await page.route(THIRD_PARTY, (route) => route.abort());
  await watchAppStart(page);
  await page.goto(`/page/${post.id}`);
  await appStarted(page);

  const figure = page
    .locator('figure')
    .filter({ has: page.getByRole('img', { name: 'The north stand lit by flares at full time' }) });
  await figure.scrollIntoViewIfNeeded();
  await expect(figure.locator('picture source').first()).toHaveAttribute('srcset', /\/uploads\//);
  await expect(figure.getByRole('img')).toHaveAttribute('loading', 'lazy');
  await expect(figure.locator('figcaption')).toHaveText('Full time at the north stand · Photo: Ana Lobo');
  await expect(page.locator('blockquote')).toHaveText('We never stopped believing.');
  await expect(page.locator('cite')).toHaveText('Maya Ortiz, captain');

  const play = page.getByRole('button', { name: 'Play video: The winner in full' });
  await play.scrollIntoViewIfNeeded();
  await expect(play).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(requests.filter((r) => THIRD_PARTY.test(new URL(r.url).hostname))).toEqual([]);

  const pressed = Date.now();
  const player = page.waitForRequest(/youtube-nocookie\.com\/embed\//);
  await play.click();
  const iframe = page.locator('iframe');
  await expect(iframe).toHaveAttribute('src', `https://www.youtube-nocookie.com/embed/${VIDEO_ID}?autoplay=1&start=90`);
  await expect(iframe).toHaveAttribute('title', 'The winner in full');
  await player;
  const thirdParty = requests.filter((r) => THIRD_PARTY.test(new URL(r.url).hostname));
  expect(thirdParty.length).toBeGreaterThan(0);
  expect(thirdParty.every((r) => r.at >= pressed && new URL(r.url).hostname === 'www.youtube-nocookie.com')).toBe(true);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the post is complete and the video is a link to it', async ({ page, request }) => {
    const post = await storyWithSections(request);
    const requests = recordRequests(page);
    await page.goto(`/page/${post.id}`);
    await expect(page.getByRole('img', { name: 'The north stand lit by flares at full time' })).toBeAttached();
    await expect(page.getByText('Full time at the north stand')).toBeVisible();
    await expect(page.locator('blockquote')).toHaveText('We never stopped believing.');
    const link = page.getByRole('link', { name: 'Play video: The winner in full' });
    await expect(link).toHaveAttribute('href', `https://www.youtube.com/watch?v=${VIDEO_ID}&t=90s`);
    await expect(page.locator('iframe')).toHaveCount(0);
    expect(requests.filter((r) => THIRD_PARTY.test(new URL(r.url).hostname))).toEqual([]);
  });
});

for (const theme of ['dark', 'light'] as const) {
  test(`the post with a photo, a quote and a video has no WCAG A/AA violations in the ${theme} theme`, async ({
    page,
    request,
  }) => {
    const post = await storyWithSections(request);
    await page.route(THIRD_PARTY, (route) => route.abort());
    await page.addInitScript((mode) => localStorage.setItem('theme', mode), theme);
    await watchAppStart(page);
    await page.goto(`/page/${post.id}`);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await appStarted(page);
    await page.getByRole('button', { name: 'Play video: The winner in full' }).scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    expect(await axeViolations(page), 'axe violations').toEqual([]);
  });
}
