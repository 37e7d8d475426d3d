// The text and URL rules of a submission through the real API: every text field refuses control characters, unpaired
// surrogates and U+FFFE/U+FFFF with a 400 naming it and stores nothing; every URL field refuses what the WHATWG
// parser cannot read or an empty host, and stores (and answers) the parser's percent-encoded serialization.
import type { BlogSubmission } from '../../../src/contract/schemas';
import type { BlogPost } from '../../../src/contract/types';
import { countPosts } from '../../../src/server/repositories/postsRepository';
import { validSubmission } from '../fixtures/submissions';
import { TOKEN, useTestApp } from '../helpers/testApp';

const t = useTestApp({ sharedApp: true });

const post = (body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/blogs',
    payload: body as object,
    headers: { authorization: `Bearer ${TOKEN}` },
  });

/** A full submission with `value` at one field: every text and URL field of a post has its path here. */
function withValue(path: string, value: string): BlogSubmission {
  const body = validSubmission({ tags: ['Derby'], imageAlt: 'Fans' }) as BlogSubmission & Record<string, unknown>;
  const [first, ...rest] = path.split('.');
  const keys = [first!, ...rest].flatMap((key) => key.split(/\[(\d+)\]/).filter((part) => part !== ''));
  let target = body as unknown as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) target = target[key] as Record<string, unknown>;
  target[keys[keys.length - 1]!] = value;
  return body;
}

const TEXT_FIELDS = [
  'header.title',
  'header.icon',
  'header.imageAlt',
  'header.publishDate',
  'header.readTime',
  'header.tags[0]',
  'header.sections[0].icon',
  'header.sections[0].title',
  'header.sections[0].paragraph',
  'header.sections[0].list[1]',
  'header.sections[1].title',
  'header.sections[1].columns[0].heading',
  'header.sections[1].columns[1].list[0]',
  'products[0].title',
  'products[0].description',
  'products[0].price',
  'footer.authorName',
  'footer.authorTitle',
];

const URL_FIELDS = ['header.image', 'products[0].imageUrl', 'products[0].amazonUrl', 'footer.imageUrl'];

const FORBIDDEN: [string, string][] = [
  ['NUL', '\u0000'],
  ['backspace', '\u0008'],
  ['escape', '\u001B'],
  ['DEL', '\u007F'],
  ['a C1 control', '\u0085'],
  ['U+FFFE', '\uFFFE'],
  ['U+FFFF', '\uFFFF'],
  ['an unpaired high surrogate', '\uD800'],
  ['an unpaired low surrogate', '\uDC00'],
];

async function expectRefused(body: unknown, path: string): Promise<void> {
  const res = await post(body);
  expect(res.statusCode).toBe(400);
  const answer = res.json<{ error: string; details: { path: string; message: string }[] }>();
  expect(answer.error).toBe('Invalid request body');
  expect(answer.details.map((detail) => detail.path)).toContain(path);
  expect(await countPosts(t.db)).toBe(0);
}

describe('text fields', () => {
  it('the fixture with every field filled in is stored (so each refusal below is the character alone)', async () => {
    const res = await post(withValue('header.title', 'Derby Day'));
    expect(res.statusCode).toBe(201);
  });

  it.each(TEXT_FIELDS)('%s refuses every control character, unpaired surrogate and U+FFFE/U+FFFF', async (path) => {
    for (const [, char] of FORBIDDEN) {
      await expectRefused(withValue(path, `Derby${char}Day`), path);
    }
  });

  it('the message says what is refused', async () => {
    const res = await post(withValue('header.title', 'Derby\u0008Day'));
    expect(res.json<{ details: { message: string }[] }>().details).toContainEqual({
      path: 'header.title',
      message: 'must not contain control characters or unpaired surrogates',
    });
  });

  it('tab, newline and carriage return are text, kept as sent', async () => {
    const paragraph = 'First line\n\tindented\r\nthird';
    const res = await post(withValue('header.sections[0].paragraph', paragraph));
    expect(res.statusCode).toBe(201);
    expect(res.json<BlogPost>().sections[0]).toHaveProperty('paragraph', paragraph);
  });
});

describe('URL fields', () => {
  const refused: [string, string][] = [
    ['an empty host', 'https:///x'],
    ['an empty host spelled with a backslash', 'https://\\\\x'],
    ['text that does not parse', 'http://[nope'],
    ['a host with a space', 'https://a b.example/'],
    ['a host no name can be', 'https://a{b.example/'],
    ['a scheme without //', 'https:evil.example/x'],
    ['javascript:', 'javascript:alert(1)'],
  ];

  it.each(URL_FIELDS)('%s refuses each URL the parser cannot read or that has no host', async (path) => {
    for (const [, url] of refused) await expectRefused(withValue(path, url), path);
  });

  const serialized: [string, string, string][] = [
    ['an angle bracket', 'https://shop.example/x<y>', 'https://shop.example/x%3Cy%3E'],
    ['a space', 'https://shop.example/match ball', 'https://shop.example/match%20ball'],
    ['a double quote', 'https://shop.example/a"b', 'https://shop.example/a%22b'],
    ['a backslash in the path', 'https://shop.example/a\\b', 'https://shop.example/a/b'],
    ['a backslash in the query', 'https://shop.example/?q=a\\b', 'https://shop.example/?q=a%5Cb'],
    ['a % that starts no byte', 'https://shop.example/%zz', 'https://shop.example/%25zz'],
    ['a root-relative path with a space and a quote', '/uploads/a b"c.png', '/uploads/a%20b%22c.png'],
  ];

  it.each(URL_FIELDS)('%s stores and answers the serialization of each raw URL', async (path) => {
    for (const [, url, stored] of serialized) {
      const res = await post(withValue(path, url));
      expect(res.statusCode).toBe(201);
      const created = res.json<BlogPost>();
      const read = (
        await t.app.inject({
          method: 'GET',
          url: `/api/blogs/${created.id}`,
          headers: { authorization: `Bearer ${TOKEN}` },
        })
      ).json<BlogPost>();
      const shown = {
        'header.image': read.imageUrl,
        'products[0].imageUrl': read.products[0]!.imageUrl,
        'products[0].amazonUrl': read.products[0]!.amazonUrl,
        'footer.imageUrl': read.authorImage,
      }[path];
      expect(shown).toBe(stored);
    }
  });

  it('the row holds the serialization, so every page, feed and JSON-LD block reads it', async () => {
    const res = await post(withValue('products[0].amazonUrl', 'https://shop.example/ball?q=<a b>"\\%zz'));
    const created = res.json<BlogPost>();
    const stored = 'https://shop.example/ball?q=%3Ca%20b%3E%22%5C%25zz';
    expect(created.products[0]!.amazonUrl).toBe(stored);
    const row = await t.db.kysely
      .selectFrom('products')
      .select('amazon_url')
      .where('position', '=', 0)
      .executeTakeFirst();
    expect(row?.amazon_url).toBe(stored);
  });
});
