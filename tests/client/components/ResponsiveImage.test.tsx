import { render, screen } from '@testing-library/react';
import { Article } from '../../../src/client/components/Article';
import type { ArticleData } from '../../../src/client/components/Article';
import { ProductCard } from '../../../src/client/components/ProductCard';
import { ResponsiveImage } from '../../../src/client/components/ResponsiveImage';
import { IMAGE_BOXES, imageSet } from '../../../src/contract/imageBoxes';
import type { ImageFacts } from '../../../src/contract/images';

const HASH = 'a'.repeat(64);
const PHOTO = `/uploads/${HASH}.jpg`;
const photo: ImageFacts = {
  width: 4000,
  height: 3000,
  widths: [320, 640, 960, 1280, 1920],
  formats: ['avif', 'webp'],
  fallback: 'jpg',
};
const ladder = (format: string) =>
  [320, 640, 960, 1280, 1920].map((width) => `/uploads/${HASH}-${width}.${format} ${width}w`).join(', ');

function sourcesOf(image: HTMLElement) {
  const picture = image.parentElement!;
  expect(picture.tagName).toBe('PICTURE');
  return [...picture.querySelectorAll('source')].map((source) => ({
    type: source.getAttribute('type'),
    srcset: source.getAttribute('srcset'),
    sizes: source.getAttribute('sizes'),
  }));
}

test('an upload with facts gets a source per modern format, srcset/sizes of its box and its intrinsic size', () => {
  render(<ResponsiveImage src={PHOTO} alt="Derby" box={IMAGE_BOXES.hero} facts={photo} />);
  const image = screen.getByRole('img', { name: 'Derby' });
  const heroSizes = '(min-width: 48rem) 46rem, calc(100vw - 2rem)';
  expect(sourcesOf(image)).toEqual([
    { type: 'image/avif', srcset: ladder('avif'), sizes: heroSizes },
    { type: 'image/webp', srcset: ladder('webp'), sizes: heroSizes },
  ]);
  expect(image).toHaveAttribute('srcset', ladder('jpg'));
  expect(image).toHaveAttribute('sizes', heroSizes);
  // src stays the post's own URL (the cleaned original): with w descriptors no srcset-aware browser uses it.
  expect(image).toHaveAttribute('src', PHOTO);
  expect(image).toHaveAttribute('width', '4000');
  expect(image).toHaveAttribute('height', '3000');
});

test('a portrait upload says so in its width and height', () => {
  const portrait = { ...photo, width: 3000, height: 4000, widths: [320, 640] };
  render(<ResponsiveImage src={PHOTO} alt="Upright" box={IMAGE_BOXES.product} facts={portrait} />);
  const image = screen.getByRole('img', { name: 'Upright' });
  expect(image).toHaveAttribute('width', '3000');
  expect(image).toHaveAttribute('height', '4000');
  // Narrower than its 4:3 box: object-fit: cover scales it by width, so the box width is the displayed width.
  expect(image).toHaveAttribute('sizes', IMAGE_BOXES.product.sizes);
});

test('an image wider than its box is displayed wider than the box, and its sizes say by how much', () => {
  const landscape = { ...photo, width: 3000, height: 2000 };
  expect(imageSet(PHOTO, landscape, IMAGE_BOXES.author)?.sizes).toBe('calc(4rem * 1.5)');
  expect(imageSet(PHOTO, { ...photo, width: 4800, height: 2000 }, IMAGE_BOXES.hero)?.sizes).toBe(
    '(min-width: 48rem) calc(46rem * 1.35), calc(calc(100vw - 2rem) * 1.35)',
  );
});

test('the header image is fetched first and eagerly; every other image loads lazily', () => {
  render(
    <>
      <ResponsiveImage src={PHOTO} alt="Hero" box={IMAGE_BOXES.hero} facts={photo} priority />
      <ResponsiveImage src={PHOTO} alt="Author" box={IMAGE_BOXES.author} facts={photo} />
    </>,
  );
  const hero = screen.getByRole('img', { name: 'Hero' });
  expect(hero).toHaveAttribute('fetchpriority', 'high');
  expect(hero).not.toHaveAttribute('loading');
  const author = screen.getByRole('img', { name: 'Author' });
  expect(author).toHaveAttribute('loading', 'lazy');
  expect(author).not.toHaveAttribute('fetchpriority');
});

test('an external image (or an upload without facts) is a plain img with its box size, no srcset', () => {
  render(
    <>
      <ResponsiveImage src="https://cdn.example.com/p.jpg" alt="External" box={IMAGE_BOXES.product} />
      <ResponsiveImage src={PHOTO} alt="Unknown upload" box={IMAGE_BOXES.hero} />
      <ResponsiveImage src="https://cdn.example.com/q.jpg" alt="Mismatched" box={IMAGE_BOXES.hero} facts={photo} />
    </>,
  );
  for (const [name, width, height] of [
    ['External', '480', '360'],
    ['Unknown upload', '1200', '675'],
    // Facts only ever describe /uploads/ URLs: there are no variants of any other address.
    ['Mismatched', '4000', '3000'],
  ]) {
    const image = screen.getByRole('img', { name });
    expect(image.parentElement?.tagName).not.toBe('PICTURE');
    expect(image).not.toHaveAttribute('srcset');
    expect(image).not.toHaveAttribute('sizes');
    expect(image).toHaveAttribute('width', width);
    expect(image).toHaveAttribute('height', height);
  }
  expect(screen.getByRole('img', { name: 'External' })).toHaveAttribute('src', 'https://cdn.example.com/p.jpg');
});

test('an upload the server made no variants of (smaller than every width) is shown as it is, at its size', () => {
  render(
    <ResponsiveImage
      src={PHOTO}
      alt="Tiny"
      box={IMAGE_BOXES.author}
      facts={{ ...photo, width: 40, height: 40, widths: [] }}
    />,
  );
  const image = screen.getByRole('img', { name: 'Tiny' });
  expect(image).not.toHaveAttribute('srcset');
  expect(image).toHaveAttribute('width', '40');
});

test('the post page renders header, author and product images from the post facts, each in its own box', () => {
  const author = `/uploads/${'b'.repeat(64)}.png`;
  const product = `/uploads/${'c'.repeat(64)}.jpg`;
  const square: ImageFacts = {
    width: 2000,
    height: 2000,
    widths: [64, 128, 320, 640],
    formats: ['webp'],
    fallback: 'png',
  };
  const article: ArticleData = {
    title: 'Derby Day',
    icon: 'Trophy',
    publishDate: 'March 14, 2024',
    readTime: '5 min read',
    imageUrl: PHOTO,
    authorName: 'Maya',
    authorTitle: 'Writer',
    authorImage: author,
    sections: [],
    images: { [PHOTO]: photo, [author]: square, [product]: { ...square, fallback: 'jpg' } },
  };
  const { container } = render(
    <Article
      article={article}
      products={[{ title: 'Cones', description: '', price: '', imageUrl: product, amazonUrl: '' }]}
    />,
  );
  const hero = container.querySelector('header + picture img')!;
  expect(hero).toHaveAttribute('sizes', IMAGE_BOXES.hero.sizes);
  expect(hero).toHaveAttribute('fetchpriority', 'high');
  const avatar = screen.getByRole('img', { name: 'Maya' });
  expect(avatar).toHaveAttribute('sizes', '4rem');
  expect(avatar).toHaveAttribute('srcset', expect.stringContaining(`/uploads/${'b'.repeat(64)}-64.png 64w`));
  expect(avatar).toHaveAttribute('loading', 'lazy');
  const card = screen.getByRole('img', { name: 'Cones' });
  expect(card).toHaveAttribute('sizes', IMAGE_BOXES.product.sizes);
  expect(card).toHaveAttribute('width', '2000');
  expect(card).toHaveAttribute('loading', 'lazy');
  expect(sourcesOf(card)).toEqual([
    {
      type: 'image/webp',
      srcset: expect.stringContaining(`/uploads/${'c'.repeat(64)}-640.webp 640w`),
      sizes: IMAGE_BOXES.product.sizes,
    },
  ]);
});

test('a product card without facts keeps its fixed 4:3 box', () => {
  render(
    <ProductCard
      product={{ title: 'Ball', description: '', price: '', imageUrl: 'https://x.example/ball.jpg', amazonUrl: '' }}
    />,
  );
  const image = screen.getByRole('img', { name: 'Ball' });
  expect(image).toHaveAttribute('width', '480');
  expect(image).toHaveAttribute('height', '360');
  expect(image).not.toHaveAttribute('srcset');
});
