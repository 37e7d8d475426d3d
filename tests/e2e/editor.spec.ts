// The admin's work in /admin: composing a post with every kind of content, publishing it with the right and a
// wrong token, reading it back at /page/{id}, and the draft surviving a route change and a reload.
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { getPost, listPosts } from './helpers/api';
import { ADMIN_TOKEN } from './helpers/constants';
import { nextAlert } from './helpers/dialogs';
import { makePng } from './helpers/png';
import { signIn } from './helpers/session';
import { holdAdminCredentials } from './helpers/admin';

// The editor needs a session (the server checks who writes); these tests still type the token where they test it.
test.beforeEach(({ context }) => signIn(context));

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Removes every section and product of the sample draft, so the post holds exactly what the test types. */
async function clearSampleContent(page: Page) {
  for (const kind of ['section', 'product'] as const) {
    const remove = page.getByRole('button', { name: new RegExp(`^Remove ${kind} \\d+$`) });
    while ((await remove.count()) > 0) await remove.first().click();
  }
}

test('an admin composes a post with both section types, products and images, publishes it and reads it', async ({
  page,
  request,
}) => {
  test.slow(); // some fifty form interactions and two uploads
  const title = unique('Pressing Traps Explained');
  const authorPng = makePng(64, 64, [200, 40, 40]);
  const headerPng = makePng(96, 54, [30, 90, 200]);

  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Create New Blog Post' })).toBeVisible();
  await clearSampleContent(page);

  // Header
  await page.getByLabel('Icon', { exact: true }).selectOption('Trophy');
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByLabel('Publish Date').fill('November 22, 2026');
  await page.getByLabel('Read Time').fill('7 min read');
  await page
    .getByLabel('Upload Header Image')
    .setInputFiles({ name: 'header.png', mimeType: 'image/png', buffer: headerPng });

  // A single-paragraph section with two list items (a third is added and deleted again)
  await page.getByRole('button', { name: 'Add single-paragraph section', exact: true }).click();
  await page.getByLabel('Section 1, Icon').selectOption('Star');
  await page.getByLabel('Section 1, Title').fill('Where the trap is set');
  await page.getByLabel('Section 1, Paragraph').fill('A pressing trap invites the pass you want to win.');
  const addToSection1 = page.getByRole('button', { name: 'Add item to section 1', exact: true });
  for (let n = 0; n < 3; n++) await addToSection1.click();
  await page.getByLabel('Section 1, Item 1').fill('Show the full-back inside');
  await page.getByLabel('Section 1, Item 2').fill('This item is deleted');
  await page.getByLabel('Section 1, Item 3').fill('Jump the pass into midfield');
  await page.getByRole('button', { name: 'Remove item 2 from section 1', exact: true }).click();
  await expect(page.getByLabel('Section 1, Item 2')).toHaveValue('Jump the pass into midfield');
  await expect(page.getByLabel('Section 1, Item 3')).toHaveCount(0);

  // A two-column section with a list in each column
  await page.getByRole('button', { name: 'Add two-column section', exact: true }).click();
  await page.getByLabel('Section 2, Title').fill('Triggers and exits');
  await page.getByLabel('Section 2, Paragraph').fill('Know when to press and when to drop.');
  await page.getByLabel('Section 2, Column 1 Heading').fill('Press when');
  await page.getByLabel('Section 2, Column 2 Heading').fill('Drop when');
  await page.getByRole('button', { name: 'Add item to section 2, column 1', exact: true }).click();
  await page.getByLabel('Section 2, column 1, Item 1').fill('A back pass is played');
  await page.getByRole('button', { name: 'Add item to section 2, column 2', exact: true }).click();
  await page.getByLabel('Section 2, column 2, Item 1').fill('The ball is switched');

  // One product, checked in the preview and back in edit mode
  await page.getByRole('button', { name: 'Add product', exact: true }).click();
  await page.getByLabel('Product 1, Title').fill('Agility Ladder');
  await page.getByLabel('Product 1, Price').fill('$24.50');
  await page.getByLabel('Product 1, Description').fill('Six metres of flat rungs for quick feet.');
  await page.getByLabel('Product 1, Amazon URL').fill('https://www.amazon.com/s?k=agility+ladder');
  await page.getByRole('button', { name: 'Show Preview', exact: true }).click();
  await expect(page.getByLabel('Product 1, Title')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Agility Ladder' })).toBeVisible();
  await expect(page.getByText('$24.50', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'View on Amazon' })).toHaveAttribute(
    'href',
    'https://www.amazon.com/s?k=agility+ladder',
  );
  await page.getByRole('button', { name: 'Edit Products', exact: true }).click();
  await expect(page.getByLabel('Product 1, Title')).toHaveValue('Agility Ladder');

  // Author footer with a photo from disk, shown at once from a local preview
  await page.getByLabel('Author Name').fill('Sam Okafor');
  await page.getByLabel('Author Title').fill('Tactics Editor');
  await page.getByLabel('Author Image').setInputFiles({ name: 'author.png', mimeType: 'image/png', buffer: authorPng });
  const authorPreview = page.getByRole('img', { name: 'Preview of the author image' });
  await expect(authorPreview).toHaveAttribute('src', /^blob:/);
  expect(await authorPreview.evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth))).toBe(64);

  await holdAdminCredentials(page);
  const alert = nextAlert(page);
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  expect(await alert).toBe('Blog form submitted successfully!');

  // The post as stored: every field as typed, images uploaded (no blob: address reached the server)
  const stored = (await listPosts(request)).find((post) => post.title === title);
  expect(stored, 'the post is listed').toBeTruthy();
  const post = await getPost(request, stored!.id);
  expect(post).toMatchObject({
    title,
    icon: 'Trophy',
    publishDate: 'November 22, 2026',
    readTime: '7 min read',
    authorName: 'Sam Okafor',
    authorTitle: 'Tactics Editor',
    sections: [
      {
        type: 'single-paragraph',
        icon: 'Star',
        title: 'Where the trap is set',
        paragraph: 'A pressing trap invites the pass you want to win.',
        list: [{ item: 'Show the full-back inside' }, { item: 'Jump the pass into midfield' }],
      },
      {
        type: 'two-column',
        icon: 'Camera',
        title: 'Triggers and exits',
        paragraph: 'Know when to press and when to drop.',
        columns: [
          { heading: 'Press when', list: [{ item: 'A back pass is played' }] },
          { heading: 'Drop when', list: [{ item: 'The ball is switched' }] },
        ],
      },
    ],
    products: [
      {
        title: 'Agility Ladder',
        description: 'Six metres of flat rungs for quick feet.',
        price: '$24.50',
        imageUrl: '',
        amazonUrl: 'https://www.amazon.com/s?k=agility+ladder',
      },
    ],
  });
  expect(post.authorImage).toMatch(/^\/uploads\/[0-9a-f]{64}\.png$/);
  expect(post.imageUrl).toMatch(/^\/uploads\/[0-9a-f]{64}\.png$/);
  const uploaded = await request.get(post.authorImage);
  expect(uploaded.headers()['content-type']).toBe('image/png');
  // The server serves the cleaned upload (re-encoded without metadata, docs/api.md, "GET /uploads/:file"), so the bytes
  // differ from the file chosen; a PNG is re-encoded losslessly, so its pixels are exactly the chosen ones.
  const pixels = (bytes: Buffer) => sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  const served = await pixels(await uploaded.body());
  const chosen = await pixels(authorPng);
  expect(served.info).toMatchObject({ width: 64, height: 64, channels: chosen.info.channels });
  expect(Buffer.compare(served.data, chosen.data)).toBe(0);

  // Reading it as a visitor, through the link the editor offers
  await page.getByRole('link', { name: 'View the published post' }).click();
  await expect(page).toHaveURL(`/page/${post.id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Published: November 22, 2026')).toBeVisible();
  await expect(page.getByText('7 min read')).toBeVisible();
  for (const text of ['Where the trap is set', 'Triggers and exits', 'Press when', 'Drop when', 'Agility Ladder']) {
    await expect(page.getByRole('heading', { name: text })).toBeVisible();
  }
  for (const text of [
    'A pressing trap invites the pass you want to win.',
    'Show the full-back inside',
    'Jump the pass into midfield',
    'A back pass is played',
    'The ball is switched',
    'Sam Okafor',
    'Tactics Editor',
  ]) {
    await expect(page.getByText(text, { exact: true })).toBeVisible();
  }
  await expect(page.getByText('This item is deleted')).toHaveCount(0);
  for (const src of [post.imageUrl, post.authorImage]) {
    const image = page.locator(`img[src="${src}"]`);
    await image.scrollIntoViewIfNeeded();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
  }
});

test('publishing with a wrong token shows the failure alert and publishes nothing', async ({ page, request }) => {
  const title = unique('Wrong token post');
  await page.goto('/admin');
  await page.getByLabel('Title', { exact: true }).fill(title);
  await holdAdminCredentials(page, 'not-the-admin-token');

  const alert = nextAlert(page);
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  expect(await alert).toBe('Failed to submit blog form. Please try again.');

  expect((await listPosts(request)).map((post) => post.title)).not.toContain(title);
  // The draft is still there to retry with the right token.
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
  await expect(page.getByRole('link', { name: 'View the published post' })).toHaveCount(0);
});

test('the draft survives a route change and a reload, without the access token @phone', async ({ page }) => {
  const title = unique('Draft in progress');
  await page.goto('/admin');
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByRole('button', { name: 'Add two-column section', exact: true }).click();
  await page.getByLabel('Section 3, Title').fill('Kept across pages');
  await holdAdminCredentials(page);

  // Away and back through the app's own navigation: the draft lives in the store.
  await page.getByRole('link', { name: 'Blog', exact: true }).filter({ visible: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Latest Sports Stories' })).toBeVisible();
  await page.getByRole('link', { name: 'Admin', exact: true }).filter({ visible: true }).first().click();
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
  await expect(page.getByLabel('Section 3, Title')).toHaveValue('Kept across pages');

  // A reload: the draft comes back from the browser's storage, the token does not (and was never stored).
  await expect
    .poll(() => page.evaluate((text) => Object.values(localStorage).some((value) => value.includes(text)), title))
    .toBe(true);
  expect(
    await page.evaluate((token) => Object.values(localStorage).some((value) => value.includes(token)), ADMIN_TOKEN),
  ).toBe(false);
  await page.reload();
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
  await expect(page.getByLabel('Section 3, Title')).toHaveValue('Kept across pages');
  await expect(page.getByLabel('Access Token')).toHaveValue('');
});

test('typing right before a reload and a chosen image survive it; the image is uploaded on publish', async ({
  page,
  request,
}) => {
  const title = unique('Saved on the way out');
  await page.goto('/admin');
  await page
    .getByLabel('Author Image')
    .setInputFiles({ name: 'author.png', mimeType: 'image/png', buffer: makePng(48, 48, [20, 160, 90]) });
  await expect(page.getByText('author.png is ready; it uploads when you submit.')).toBeVisible();
  // The chosen file is kept in IndexedDB (asynchronously); wait until it is there, as a person would not notice.
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise<boolean>((resolve) => {
            const open = indexedDB.open('touchline-editor');
            open.onsuccess = () => {
              const get = open.result.transaction('pendingImages').objectStore('pendingImages').get('authorImage');
              get.onsuccess = () => resolve(get.result instanceof File);
              get.onerror = () => resolve(false);
            };
            open.onerror = () => resolve(false);
          }),
      ),
    )
    .toBe(true);

  // No pause after typing: the debounced save has not run yet when the page goes.
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.reload();
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
  await expect(page.getByText('author.png is ready; it uploads when you submit.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Preview of the author image' })).toBeVisible();

  await holdAdminCredentials(page);
  const alert = nextAlert(page);
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  expect(await alert).toBe('Blog form submitted successfully!');
  const href = await page.getByRole('link', { name: 'View the published post' }).getAttribute('href');
  const post = await getPost(request, Number(href?.split('/').pop()));
  expect(post.title).toBe(title);
  expect(post.authorImage).toMatch(/^\/uploads\/[0-9a-f]{64}\.png$/);

  // Published: nothing is pending any more, after a reload too.
  await page.reload();
  await expect(page.getByLabel('Title', { exact: true })).not.toHaveValue(title);
  await expect(page.getByText('author.png is ready; it uploads when you submit.')).toHaveCount(0);
});

test('a file that only claims to be an image, or an SVG, is refused when chosen, not at Submit', async ({ page }) => {
  await page.goto('/admin');
  const field = page.getByLabel('Author Image');
  await field.setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just some text') });
  await expect(page.getByRole('alert')).toHaveText('The image could not be decoded: it is damaged or not an image');
  await expect(page.getByRole('img', { name: 'Preview of the author image' })).toHaveCount(0);
  // The server refuses SVG (it can carry script), so the editor says so at once too.
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8"/></svg>';
  await field.setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(svg) });
  await expect(page.getByRole('alert')).toHaveText(
    'Unsupported image type: upload a PNG, JPEG, WebP, GIF or AVIF image',
  );

  // A real picture is taken, and the message goes.
  await field.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: makePng(32, 32, [0, 0, 200]) });
  await expect(page.getByText('me.png is ready; it uploads when you submit.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Preview of the author image' })).toBeVisible();
  await expect(page.getByText(/could not be decoded/)).toHaveCount(0);
});

test('discarding the draft asks first and then leaves a blank post', async ({ page }) => {
  await page.goto('/admin');
  const sampleTitle = await page.getByLabel('Title', { exact: true }).inputValue();
  await page.getByLabel('Title', { exact: true }).fill(unique('Throwaway'));

  page.once('dialog', (dialog) => void dialog.dismiss());
  await page.getByRole('button', { name: 'Discard draft', exact: true }).click();
  await expect(page.getByLabel('Title', { exact: true })).not.toHaveValue(sampleTitle);

  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Discard draft', exact: true }).click();
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('');
  await expect(page.getByRole('group', { name: /^(Section|Product) \d/ })).toHaveCount(0);
});
