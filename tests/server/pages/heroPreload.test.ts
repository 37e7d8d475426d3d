// The hero image preload names the file the page's <picture> will pick: the same srcset, sizes and first format.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { heroPreloadLink } from '../../../src/server/pages/routeHints';
import { IMAGE_BOXES, imageSet } from '../../../src/contract/imageBoxes';
import type { ImageFacts } from '../../../src/contract/images';
import type { BlogPost } from '../../../src/contract/types';
import { validSubmission } from '../fixtures/submissions';
import { multipart, startTestApp, TOKEN } from '../helpers/testApp';

const HASH = 'f'.repeat(64);
const URL = `/uploads/${HASH}.jpg`;
const facts: ImageFacts = {
  width: 4000,
  height: 3000,
  widths: [320, 640, 960],
  formats: ['avif', 'webp'],
  fallback: 'jpg',
};
const attribute = (link: string, name: string) => new RegExp(` ${name}="([^"]*)"`).exec(link)?.[1];

test('an upload with facts is preloaded by imagesrcset/imagesizes in its best format, with no href', () => {
  const link = heroPreloadLink(URL, facts);
  const page = imageSet(URL, facts, IMAGE_BOXES.hero)!;
  expect(link.startsWith('<link rel="preload" as="image" fetchpriority="high" ')).toBe(true);
  expect(attribute(link, 'imagesrcset')).toBe(
    `/uploads/${HASH}-320.avif 320w, /uploads/${HASH}-640.avif 640w, /uploads/${HASH}-960.avif 960w`,
  );
  // Exactly what the page's first <source> carries.
  expect(attribute(link, 'imagesrcset')).toBe(page.sources[0].srcset);
  expect(attribute(link, 'imagesizes')).toBe(page.sizes);
  expect(attribute(link, 'imagesizes')).toBe('(min-width: 48rem) 46rem, calc(100vw - 2rem)');
  expect(attribute(link, 'type')).toBe('image/avif');
  // A browser without imagesrcset would otherwise download the full-size original.
  expect(attribute(link, 'href')).toBeUndefined();
});

test('an upload with only the fallback format is preloaded by that srcset, with no type', () => {
  const link = heroPreloadLink(URL, { ...facts, formats: [] });
  expect(attribute(link, 'imagesrcset')).toBe(imageSet(URL, { ...facts, formats: [] }, IMAGE_BOXES.hero)!.srcset);
  expect(attribute(link, 'type')).toBeUndefined();
});

test('an external image, or an upload without facts or variants, is preloaded by its URL as before', () => {
  const cases: [string, ImageFacts | undefined][] = [
    ['https://img.example.com/a.jpg', undefined],
    [URL, undefined],
    [URL, { ...facts, widths: [] }],
  ];
  for (const [url, known] of cases) {
    expect(heroPreloadLink(url, known)).toBe(`<link rel="preload" as="image" fetchpriority="high" href="${url}">`);
  }
});

test('a post page served by the app preloads its uploaded hero by the srcset the post API gives the page', async () => {
  const clientDir = mkdtempSync(join(tmpdir(), 'touchline-client-'));
  mkdirSync(join(clientDir, '.vite'));
  writeFileSync(join(clientDir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
  writeFileSync(join(clientDir, '.vite', 'manifest.json'), '{}');
  const t = await startTestApp({ clientDir });
  try {
    const jpeg = await sharp({ create: { width: 1000, height: 750, channels: 3, background: '#3a6' } })
      .jpeg()
      .toBuffer();
    const form = await multipart({ file: { bytes: jpeg, name: 'hero.jpg' } });
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      payload: form.payload,
      headers: { ...form.headers, authorization: `Bearer ${TOKEN}` },
    });
    expect(upload.statusCode).toBe(201);
    const { url } = upload.json<{ url: string }>();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/blogs',
      headers: { authorization: `Bearer ${TOKEN}` },
      payload: validSubmission({ image: url }),
    });
    expect(created.statusCode).toBe(201);
    const post = created.json<BlogPost>();
    const facts = (await t.app.inject({ url: `/api/blogs/${post.id}` })).json<BlogPost>().images?.[url];
    expect(facts).toBeDefined();

    const page = await t.app.inject({ url: `/page/${post.id}` });
    expect(page.statusCode).toBe(200);
    const link = /<link rel="preload" as="image"[^>]*>/.exec(page.body)?.[0] ?? '';
    expect(link).toBe(heroPreloadLink(url, facts));
    expect(attribute(link, 'imagesrcset')).toContain(`-640.${facts!.formats[0] ?? facts!.fallback} 640w`);
  } finally {
    await t.close();
    rmSync(clientDir, { recursive: true, force: true });
  }
});
