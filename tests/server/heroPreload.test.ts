// The hero image preload names the file the page's <picture> will pick: the same srcset, sizes and first format.
import { heroPreloadLink } from '../../src/server/routeHints';
import { IMAGE_BOXES, imageSet } from '../../src/contract/imageBoxes';
import type { ImageFacts } from '../../src/contract/images';

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
  for (const [url, known] of [
    ['https://img.example.com/a.jpg', undefined],
    [URL, undefined],
    [URL, { ...facts, widths: [] }],
  ] as const) {
    expect(heroPreloadLink(url, known)).toBe(`<link rel="preload" as="image" fetchpriority="high" href="${url}">`);
  }
});
