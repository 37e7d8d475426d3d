// Real photos on the post page: a phone downloads a small header file, a desktop gets pixels that match each image's
// box (sharp, not wasteful), and a rotated phone photo shows upright. The images are made and uploaded here.
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { publishPost, richSubmission } from './helpers/api';
import { jpegOrientation6, photoJpeg, upload } from './helpers/photos';
import type { Uploaded } from './helpers/photos';

type PhotoPost = { id: number; header: Uploaded; author: Uploaded; products: Uploaded[] };

let photoPost: PhotoPost | undefined;

/**
 * A post with a 2400×1800 header photo, three 1000×1000 product photos and an 800×800 author photo: each larger than
 * any file its box needs here, so the pixel checks compare the variant chosen, not the size of the upload.
 */
async function photoPostOnce(request: Parameters<typeof upload>[0]): Promise<PhotoPost> {
  if (photoPost) return photoPost;
  const header = await upload(request, await photoJpeg(2400, 1800, 1), 'header.jpg');
  const products = [];
  for (const seed of [2, 3, 4]) products.push(await upload(request, await photoJpeg(1000, 1000, seed), `p${seed}.jpg`));
  const author = await upload(request, await photoJpeg(800, 800, 5), 'author.jpg');
  const submission = richSubmission('Real photos, fast pages');
  submission.header.image = header.url;
  submission.footer = { ...submission.footer, imageUrl: author.url };
  submission.products = products.map((product, index) => ({
    title: `Photo product ${index + 1}`,
    description: 'A product with a real photo.',
    price: '$10.00',
    imageUrl: product.url,
    amazonUrl: 'https://www.amazon.com/s?k=ball',
  }));
  const post = await publishPost(request, submission);
  photoPost = { id: post.id, header, author, products };
  return photoPost;
}

const hashOf = (url: string) => /\/uploads\/([0-9a-f]{64})\./.exec(url)![1];

/** Brings every image into view, so the lazy ones load, and waits until each has decoded. */
async function loadAllImages(page: Page) {
  const images = page.locator('main img');
  for (const image of await images.all()) await image.scrollIntoViewIfNeeded();
  await expect
    .poll(() => images.evaluateAll((all) => all.every((img) => (img as HTMLImageElement).complete)))
    .toBe(true);
}

// Making the photos and their variants takes a while on a busy machine.
test.describe.configure({ timeout: 120_000 });

test.describe('on a phone', () => {
  // A real 375 px phone's screen is 375 px wide. The phone project keeps Desktop Chrome's 1920 px screen, and Chromium
  // evaluates a preload's imagesizes against the screen while the page's viewport is not laid out yet: the hint would
  // name a desktop-sized file that no phone would ever be told to fetch.
  test.use({ screen: { width: 375, height: 812 } });

  test('@phone-only at 375 px and DPR 2 the header photo downloads once, at most 200 KB', async ({ page, request }) => {
    const post = await photoPostOnce(request);
    const hash = hashOf(post.header.url);
    const downloads = new Map<string, number>();
    page.on('response', async (response) => {
      if (!response.url().includes(`/uploads/${hash}`)) return;
      downloads.set(response.url(), (await response.body()).length);
    });
    await page.goto(`/page/${post.id}`);
    const hero = page.locator('main article > picture img, main article > img').first();
    await expect(hero).toHaveJSProperty('complete', true);
    await expect.poll(() => downloads.size).toBeGreaterThan(0);
    // One file: the preload hint named exactly the variant the <picture> chose, so nothing was fetched twice.
    expect([...downloads.keys()]).toHaveLength(1);
    const [[url, bytes]] = [...downloads];
    expect(await hero.evaluate((img: HTMLImageElement) => img.currentSrc)).toBe(url);
    expect(url).toMatch(new RegExp(`/uploads/${hash}-\\d+\\.(webp|avif|jpg)$`));
    test.info().annotations.push({ type: 'header download', description: `${url.split('-').at(-1)}: ${bytes} bytes` });
    expect(bytes).toBeLessThanOrEqual(200_000);
    expect(bytes).toBeGreaterThan(5_000);
  });
});

test('at 1280 px and DPR 1 header, product and author photos have 1 to 2 times the pixels of their box', async ({
  page,
  request,
}) => {
  const post = await photoPostOnce(request);
  await page.goto(`/page/${post.id}`);
  await loadAllImages(page);
  const shown = await page.locator('main img').evaluateAll((all) =>
    all.map((node) => {
      const img = node as HTMLImageElement;
      return {
        src: img.getAttribute('src'),
        current: img.currentSrc,
        natural: img.naturalWidth,
        box: img.getBoundingClientRect().width,
        dpr: window.devicePixelRatio,
        width: img.getAttribute('width'),
        height: img.getAttribute('height'),
      };
    }),
  );
  const expected = [post.header, ...post.products, post.author];
  expect(shown.map((image) => image.src)).toEqual(expected.map((image) => image.url));
  for (const [index, image] of shown.entries()) {
    const facts = expected[index].image;
    // A variant, in a modern format, not the full-size original.
    expect(image.current).toMatch(new RegExp(`/uploads/${hashOf(image.src!)}-\\d+\\.avif$`));
    expect(image.natural).toBeGreaterThanOrEqual(Math.floor(image.box * image.dpr));
    expect(image.natural).toBeLessThanOrEqual(2 * image.box * image.dpr);
    expect([image.width, image.height]).toEqual([String(facts.width), String(facts.height)]);
  }
});

test('a phone photo tagged EXIF orientation 6 shows upright as a portrait, and its attributes say so', async ({
  page,
  request,
}) => {
  const rotated = await upload(request, await jpegOrientation6(600, 400), 'rotated.jpg');
  expect([rotated.image.width, rotated.image.height]).toEqual([400, 600]);
  const submission = richSubmission('Upright');
  submission.header.image = rotated.url;
  const post = await publishPost(request, submission);

  await page.goto(`/page/${post.id}`);
  const hero = page.locator('main article > picture img, main article > img').first();
  await expect(hero).toHaveJSProperty('complete', true);
  await expect(hero).toHaveAttribute('width', '400');
  await expect(hero).toHaveAttribute('height', '600');
  // What the browser decoded: a portrait, red (the stored left half) on top, blue below.
  const decoded = await hero.evaluate((img: HTMLImageElement) => {
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const context = canvas.getContext('2d')!;
    context.drawImage(img, 0, 0);
    const at = (y: number) => [...context.getImageData(canvas.width / 2, y, 1, 1).data.slice(0, 3)];
    return { width: img.naturalWidth, height: img.naturalHeight, top: at(5), bottom: at(canvas.height - 5) };
  });
  expect(decoded.height).toBeGreaterThan(decoded.width);
  expect(decoded.top[0]).toBeGreaterThan(150);
  expect(decoded.top[2]).toBeLessThan(100);
  expect(decoded.bottom[2]).toBeGreaterThan(150);
  expect(decoded.bottom[0]).toBeLessThan(100);
  // The file itself is upright, not upright only because the browser read an orientation tag.
  const file = await request.get(await hero.evaluate((img: HTMLImageElement) => img.currentSrc));
  const metadata = await sharp(await file.body()).metadata();
  expect(metadata.orientation).toBeUndefined();
  expect(metadata.height).toBeGreaterThan(metadata.width!);
});
