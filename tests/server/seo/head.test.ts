/** @jest-environment jsdom */
// The <head> of server-rendered pages, read back through a real HTML parser as a browser or crawler reads it.
import type { BlogPost, Product } from '../../../src/contract/types';
import { headTags } from '../../../src/server/seo/head';
import { withHead } from '../../../src/server/pages/template';
import type { HeadPage } from '../../../src/server/seo/head';
import { parseDisplayDate, parsePrice } from '../../../src/server/seo/text';

const SITE = 'https://touchline.example';
const HASH = 'a'.repeat(64);

function samplePost(overrides: Partial<BlogPost> = {}): BlogPost {
  return {
    id: 42,
    title: 'Derby Day: Five Things We Learned',
    icon: 'Trophy',
    authorName: 'Sam Rivera',
    authorTitle: 'Chief Football Writer',
    authorImage: '/uploads/author.png',
    publishDate: 'March 14, 2024',
    readTime: '10 min read',
    imageUrl: 'https://images.example.com/derby.jpg',
    sections: [
      {
        id: 1,
        type: 'single-paragraph',
        icon: 'Camera',
        title: 'The build-up',
        paragraph: 'A week of nerves and noise.',
        list: [{ item: 'Tickets sold out' }],
      },
    ],
    products: [
      {
        id: 1,
        title: 'Match Ball',
        description: 'Size 5',
        price: '$34.50',
        imageUrl: '/uploads/ball.png',
        amazonUrl: 'https://www.amazon.com/s?k=match+ball',
      },
    ],
    createdAt: '2024-03-15T09:30:00.000Z',
    status: 'published',
    publishAt: null,
    updatedAt: '2024-03-15T09:30:00.000Z',
    ...overrides,
  };
}

type Head = {
  doc: Document;
  html: string;
  meta: (key: string) => string | null;
  link: (rel: string) => HTMLLinkElement | null;
  graph: Record<string, unknown>[];
};

function render(page: HeadPage, publicUrl = SITE): Head {
  const html = headTags(page, publicUrl);
  const doc = new DOMParser().parseFromString(
    `<!doctype html><html><head>${html}</head><body></body></html>`,
    'text/html',
  );
  const meta = (key: string) =>
    doc.head.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute('content') ?? null;
  const link = (rel: string) => doc.head.querySelector<HTMLLinkElement>(`link[rel="${rel}"]`);
  const ld = doc.head.querySelector('script[type="application/ld+json"]')?.textContent;
  const graph = ld ? (JSON.parse(ld) as { '@graph': Record<string, unknown>[] })['@graph'] : [];
  return { doc, html, meta, link, graph };
}

const post = (overrides: Partial<BlogPost> = {}) =>
  render({ kind: 'post', post: samplePost(overrides), path: '/page/42' });
const ofType = (graph: Record<string, unknown>[], type: string) => graph.filter((node) => node['@type'] === type);

describe('headTags for a post', () => {
  it('has the title, the first words as description, an absolute canonical, Open Graph and a Twitter card', () => {
    const head = post();
    expect(head.doc.title).toBe('Derby Day: Five Things We Learned · Touchline');
    expect(head.meta('description')).toBe('A week of nerves and noise.');
    expect(head.link('canonical')?.getAttribute('href')).toBe(`${SITE}/page/42`);
    expect(head.meta('og:type')).toBe('article');
    expect(head.meta('og:title')).toBe('Derby Day: Five Things We Learned');
    expect(head.meta('og:description')).toBe('A week of nerves and noise.');
    expect(head.meta('og:url')).toBe(`${SITE}/page/42`);
    expect(head.meta('og:image')).toBe('https://images.example.com/derby.jpg');
    expect(head.meta('og:site_name')).toBe('Touchline');
    expect(head.meta('twitter:card')).toBe('summary_large_image');
    expect(head.meta('robots')).toBeNull();
  });

  it('links the Atom feed', () => {
    const feed = post().doc.head.querySelector('link[rel="alternate"][type="application/atom+xml"]');
    expect(feed?.getAttribute('href')).toBe(`${SITE}/feed.xml`);
  });

  it('has JSON-LD in one @graph: BlogPosting, BreadcrumbList Home › Blog › post, and a Product per priced product', () => {
    const products: Product[] = [
      {
        id: 1,
        title: 'Match Ball',
        description: 'Size 5',
        price: '$34.50',
        imageUrl: '/uploads/ball.png',
        amazonUrl: 'https://www.amazon.com/s?k=ball',
      },
      { id: 2, title: 'Scarf', description: '', price: '£12', imageUrl: '', amazonUrl: '' },
      { id: 3, title: 'Shin pads', description: '', price: '€9,99', imageUrl: '', amazonUrl: '' },
      { id: 4, title: 'Mystery box', description: '', price: 'Ask in store', imageUrl: '', amazonUrl: '' },
      { id: 5, title: 'Boots', description: '', price: '', imageUrl: '', amazonUrl: '' },
    ];
    const head = post({ products });
    const scripts = head.doc.head.querySelectorAll('script[type="application/ld+json"]');
    expect(scripts).toHaveLength(1);

    const [posting] = ofType(head.graph, 'BlogPosting');
    expect(posting).toMatchObject({
      headline: 'Derby Day: Five Things We Learned',
      image: { '@type': 'ImageObject', url: 'https://images.example.com/derby.jpg' },
      author: { '@type': 'Person', name: 'Sam Rivera', url: `${SITE}/` },
      datePublished: '2024-03-14',
      mainEntityOfPage: { '@id': `${SITE}/page/42` },
    });
    const publisherId = (posting?.publisher as { '@id': string })['@id'];
    expect(ofType(head.graph, 'Organization')).toEqual([
      expect.objectContaining({
        '@id': publisherId,
        name: 'Touchline',
        logo: expect.objectContaining({ url: `${SITE}/logo.png` }),
      }),
    ]);

    expect(ofType(head.graph, 'BreadcrumbList')).toEqual([
      {
        '@type': 'BreadcrumbList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: 'Home', item: `${SITE}/` },
          { '@type': 'ListItem', position: 2, name: 'Blog', item: `${SITE}/blog` },
          { '@type': 'ListItem', position: 3, name: 'Derby Day: Five Things We Learned', item: `${SITE}/page/42` },
        ],
      },
    ]);

    const offers = ofType(head.graph, 'Product').map((product) => [product.name, product.offers]);
    expect(offers).toEqual([
      [
        'Match Ball',
        { '@type': 'Offer', price: '34.50', priceCurrency: 'USD', url: 'https://www.amazon.com/s?k=ball' },
      ],
      ['Scarf', { '@type': 'Offer', price: '12.00', priceCurrency: 'GBP' }],
      ['Shin pads', { '@type': 'Offer', price: '9.99', priceCurrency: 'EUR' }],
    ]);
    expect(ofType(head.graph, 'Product')[0]?.image).toBe(`${SITE}/uploads/ball.png`);
  });

  describe("the header image's alt text", () => {
    const alt = 'Fans under the floodlights before kick-off';

    it('describes the share image in og:image:alt, twitter:image:alt and the JSON-LD caption', () => {
      const head = post({ imageAlt: alt });
      expect(head.meta('og:image:alt')).toBe(alt);
      expect(head.meta('twitter:image:alt')).toBe(alt);
      expect(ofType(head.graph, 'BlogPosting')[0]?.image).toEqual({
        '@type': 'ImageObject',
        url: 'https://images.example.com/derby.jpg',
        caption: alt,
      });
    });

    it("is absent when the writer gave none, or when the site's default image stands in for the photo", () => {
      for (const head of [post({ imageAlt: '' }), post({}), post({ imageAlt: alt, imageUrl: '/images/seed/x.svg' })]) {
        expect(head.meta('og:image:alt')).toBeNull();
        expect(head.meta('twitter:image:alt')).toBeNull();
        expect(ofType(head.graph, 'BlogPosting')[0]?.image).not.toHaveProperty('caption');
      }
    });

    it('keeps hostile alt text as text', () => {
      const hostile = '"><script>alert(1)</script>';
      const head = post({ imageAlt: hostile });
      expect(head.meta('og:image:alt')).toBe(hostile);
      expect(head.doc.head.querySelectorAll('script')).toHaveLength(1);
    });
  });

  it('claims no availability for any offer: the writer gives none', () => {
    const head = post({});
    const offers = ofType(head.graph, 'Product').map((product) => product.offers as Record<string, unknown>);
    expect(offers).toHaveLength(1);
    for (const offer of offers) expect(offer).not.toHaveProperty('availability');
  });

  it('dates the post by its creation when the display date does not parse', () => {
    const [posting] = ofType(post({ publishDate: 'Last Tuesday' }).graph, 'BlogPosting');
    expect(posting?.datePublished).toBe('2024-03-15T09:30:00.000Z');
  });

  it('credits the site when the post names no author', () => {
    const [posting] = ofType(post({ authorName: '  ' }).graph, 'BlogPosting');
    expect(posting?.author).toEqual({ '@id': `${SITE}/#organization` });
  });

  it('keeps hostile text as text: in the title, the attributes and the JSON-LD', () => {
    const hostile = `</title><script>alert(1)</script><!-- "quoted" 'single' & <b>bold</b>\u2028\u2029`;
    const head = post({
      title: hostile,
      sections: [
        {
          id: 1,
          type: 'single-paragraph',
          icon: '',
          title: '',
          paragraph: `</script><script>alert(2)</script>`,
          list: [],
        },
      ],
    });
    expect(head.doc.title).toBe(`${hostile} · Touchline`);
    expect(head.meta('og:title')).toBe(hostile);
    expect(head.meta('description')).toBe('</script><script>alert(2)</script>');
    // One script element, the data block: nothing the post said became markup.
    expect(head.doc.head.querySelectorAll('script')).toHaveLength(1);
    expect(head.doc.head.querySelectorAll('b')).toHaveLength(0);
    expect(head.doc.head.childNodes.length).toBe(head.doc.head.children.length);
    const [posting] = ofType(head.graph, 'BlogPosting');
    expect(posting?.headline).toBe(hostile);
    const block = head.html.slice(head.html.indexOf('application/ld+json'));
    expect(block).not.toMatch(/<\/script>[\s\S]*<\/script>/);
    expect(block).not.toMatch(/[\u2028\u2029]/);
    expect(block).not.toContain('<!--');
  });

  describe('og:image is absolute and never SVG', () => {
    const facts = {
      width: 2400,
      height: 1600,
      widths: [320, 640, 1024, 1600, 2400],
      formats: ['avif' as const, 'webp' as const],
      fallback: 'jpg' as const,
    };
    it.each([
      ['an SVG header', '/images/seed/recovery.svg', undefined, `${SITE}/og-image.png`],
      ['an SVG whatever its case and query', 'https://cdn.example/pic.SVG?v=2', undefined, `${SITE}/og-image.png`],
      ['no header image', '', undefined, `${SITE}/og-image.png`],
      ['an address with no image type', 'https://cdn.example/picture', undefined, `${SITE}/og-image.png`],
      ['an AVIF upload without its facts', `/uploads/${HASH}.avif`, undefined, `${SITE}/og-image.png`],
      [
        'an AVIF upload: its largest JPEG variant up to 1200 px',
        `/uploads/${HASH}.avif`,
        facts,
        `${SITE}/uploads/${HASH}-1024.jpg`,
      ],
      ['a PNG upload', `/uploads/${HASH}.png`, undefined, `${SITE}/uploads/${HASH}.png`],
      ['an external JPEG', 'https://cdn.example/pic.jpeg', undefined, 'https://cdn.example/pic.jpeg'],
      ['a javascript: URL', 'javascript:alert(1)//.png', undefined, `${SITE}/og-image.png`],
      ['a protocol-relative URL', '//evil.example/x.png', undefined, `${SITE}/og-image.png`],
    ])('%s', (_case, imageUrl, imageFacts, expected) => {
      const head = post({ imageUrl, images: imageFacts ? { [imageUrl]: imageFacts } : undefined });
      expect(head.meta('og:image')).toBe(expected);
      expect(head.meta('twitter:image')).toBe(expected);
      expect(ofType(head.graph, 'BlogPosting')[0]?.image).toMatchObject({ '@type': 'ImageObject', url: expected });
    });

    it('gives the JSON-LD image whole-pixel width and height, as numbers', () => {
      // 2400 × 1067 scaled to its 1024 px variant is 455.25 px high.
      const odd = { ...facts, height: 1067 };
      const head = post({ imageUrl: `/uploads/${HASH}.avif`, images: { [`/uploads/${HASH}.avif`]: odd } });
      const image = ofType(head.graph, 'BlogPosting')[0]?.image as Record<string, unknown>;
      expect(image).toMatchObject({ width: 1024, height: 455 });
      expect(Number.isInteger(image.width) && Number.isInteger(image.height)).toBe(true);
      expect([head.meta('og:image:width'), head.meta('og:image:height')]).toEqual(['1024', '455']);
      const fallback = ofType(post({ imageUrl: '' }).graph, 'BlogPosting')[0]?.image;
      expect(fallback).toEqual({ '@type': 'ImageObject', url: `${SITE}/og-image.png`, width: 1200, height: 630 });
    });

    it('gives the default image its size', () => {
      const head = post({ imageUrl: '/images/seed/recovery.svg' });
      expect([head.meta('og:image:width'), head.meta('og:image:height')]).toEqual(['1200', '630']);
    });
  });

  describe('description: the first words of the post', () => {
    it('cuts a long first paragraph at a word boundary, near 155 characters', () => {
      const paragraph = 'The home side pressed high from the first whistle and never let the visitors settle. '.repeat(
        4,
      );
      const description = post({
        sections: [{ id: 1, type: 'single-paragraph', icon: '', title: '', paragraph, list: [] }],
      }).meta('description')!;
      expect(description.length).toBeLessThanOrEqual(155);
      expect(description.length).toBeGreaterThan(100);
      expect(description.endsWith('…')).toBe(true);
      expect(paragraph.startsWith(description.slice(0, -1))).toBe(true);
      expect(paragraph[description.length - 1]).toBe(' ');
    });

    it('falls back to the first list item, then to a line naming the story', () => {
      const lists = post({
        sections: [
          {
            id: 1,
            type: 'two-column',
            icon: '',
            title: 'T',
            paragraph: ' ',
            columns: [{ heading: 'H', list: [{ item: 'Four at the back' }] }],
          },
        ],
      });
      expect(lists.meta('description')).toBe('Four at the back');
      expect(post({ sections: [] }).meta('description')).toBe(
        'Derby Day: Five Things We Learned, by Sam Rivera, on Touchline.',
      );
    });
  });
});

describe('headTags for the other pages', () => {
  it.each([
    ['home', '/', 'Touchline', `${SITE}/`],
    ['blog', '/blog', 'Blog · Touchline', `${SITE}/blog`],
    ['blog', '/blog?cursor=17&utm_source=x', 'Blog · Touchline', `${SITE}/blog?cursor=17`],
    ['blog', '/blog?cursor=abc', 'Blog · Touchline', `${SITE}/blog`],
    ['sample', '/sample/', 'How to Create a Video Channel in 5 Steps · Touchline', `${SITE}/sample`],
  ] as const)('%s (%s): title, description, canonical, website card, JSON-LD', (kind, path, title, canonical) => {
    const head = render({ kind, path });
    expect(head.doc.title).toBe(title);
    expect(head.meta('description')?.length).toBeGreaterThan(40);
    expect(head.link('canonical')?.getAttribute('href')).toBe(canonical);
    expect(head.meta('og:url')).toBe(canonical);
    expect(head.meta('og:type')).toBe('website');
    expect(head.meta('og:image')).toBe(`${SITE}/og-image.png`);
    expect(head.meta('twitter:card')).toBe('summary_large_image');
    expect(head.meta('robots')).toBeNull();
    expect(ofType(head.graph, 'WebSite')).toHaveLength(1);
    expect(head.doc.head.querySelector('link[type="application/atom+xml"]')?.getAttribute('href')).toBe(
      `${SITE}/feed.xml`,
    );
  });

  it.each([
    ['private', '/admin', 'Create New Blog Post · Touchline'],
    ['private', '/auth', 'Sign In · Touchline'],
    ['notFound', '/nowhere', 'Page not found · Touchline'],
  ] as const)('%s %s: noindex, no canonical, still the feed link', (kind, path, title) => {
    const head = render({ kind, path });
    expect(head.doc.title).toBe(title);
    expect(head.meta('robots')).toBe('noindex');
    expect(head.link('canonical')).toBeNull();
    expect(head.meta('og:url')).toBeNull();
    expect(head.doc.head.querySelector('link[type="application/atom+xml"]')?.getAttribute('href')).toBe(
      `${SITE}/feed.xml`,
    );
  });

  it('escapes PUBLIC_URL itself in attributes', () => {
    const head = render({ kind: 'home', path: '/' }, 'http://[::1]:3000');
    expect(head.link('canonical')?.getAttribute('href')).toBe('http://[::1]:3000/');
  });
});

describe('the head in the shell (withHead)', () => {
  it("replaces the shell's title and description and adds the tags before </head>", () => {
    const shell =
      '<!doctype html><html><head><meta charset="UTF-8" /><meta name="description" content="Default." /><title>Touchline</title><script>x</script></head><body></body></html>';
    const html = withHead(shell, headTags({ kind: 'blog', path: '/blog' }, SITE));
    const doc = new DOMParser().parseFromString(html, 'text/html');
    expect(doc.querySelectorAll('title')).toHaveLength(1);
    expect(doc.title).toBe('Blog · Touchline');
    expect(doc.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(html.indexOf('<meta charset="UTF-8" />')).toBe(html.indexOf('<head>') + '<head>'.length);
  });
});

describe('parsePrice', () => {
  it.each([
    ['$34.50', { price: '34.50', priceCurrency: 'USD' }],
    ['$34', { price: '34.00', priceCurrency: 'USD' }],
    ['$1,299.99', { price: '1299.99', priceCurrency: 'USD' }],
    ['US$ 5.5', { price: '5.50', priceCurrency: 'USD' }],
    ['£12.00', { price: '12.00', priceCurrency: 'GBP' }],
    ['€9,99', { price: '9.99', priceCurrency: 'EUR' }],
    ['34,50 €', { price: '34.50', priceCurrency: 'EUR' }],
    ['€1.299,00', { price: '1299.00', priceCurrency: 'EUR' }],
    ['EUR 12', { price: '12.00', priceCurrency: 'EUR' }],
    [' 20 usd ', { price: '20.00', priceCurrency: 'USD' }],
  ])('%s', (text, expected) => {
    expect(parsePrice(text)).toEqual(expected);
  });

  it.each(['', 'free', '34.50', '¥100', '$10-$20', 'from $5', '$1.299', '$', '-$5', '$5 each', '$$5', '$12.345'])(
    'refuses %j',
    (text) => {
      expect(parsePrice(text)).toBeUndefined();
    },
  );
});

describe('parseDisplayDate', () => {
  it.each([
    ['March 14, 2024', '2024-03-14'],
    ['Mar 14 2024', '2024-03-14'],
    ['Sept. 3, 2023', '2023-09-03'],
    ['14 March 2024', '2024-03-14'],
    ['1st June 2024', '2024-06-01'],
    ['2024-02-29', '2024-02-29'],
  ])('%s → %s', (text, iso) => {
    expect(parseDisplayDate(text)).toBe(iso);
  });

  it.each(['', 'yesterday', 'February 30, 2024', '2023-02-29', 'Ma 14, 2024', '14/03/2024', 'March 14'])(
    'refuses %j',
    (text) => {
      expect(parseDisplayDate(text)).toBeUndefined();
    },
  );
});
