// Inline marks from the API to the reader, through the real app and the SSR entry's source on each database: a post
// in 'marks' renders bold, italic and links as elements (and embeds their trees for hydration); hostile text renders
// as text, with no event handler and no script URL anywhere in the page; every plain-text place (meta and Open Graph
// descriptions, JSON-LD, the feed's summaries, search snippets) has the marks removed; and a post sent without
// textFormat renders exactly as typed, as every post stored before marks did.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RenderPage } from '../../../src/contract/rendering';
import type { BlogSubmission } from '../../../src/contract/schemas';
import type { BlogPost, RevisionSummary, SearchAnswer } from '../../../src/contract/types';
import { validSubmission } from '../fixtures/submissions';
import { TOKEN, useTestApp } from '../helpers/testApp';

// The SSR entry's source, required rather than imported: it is typechecked with the client's settings, not these.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { render } = require('../../../src/client/entry-server') as { render: RenderPage };

const INDEX = `<!doctype html><html lang="en"><head><meta name="description" content="generic"><title>Touchline</title></head><body><div id="root"></div></body></html>`;
const clientDir = mkdtempSync(join(tmpdir(), 'touchline-marks-'));
writeFileSync(join(clientDir, 'index.html'), INDEX);
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));
const t = useTestApp({ clientDir, renderPage: render, sharedApp: true });

const auth = { authorization: `Bearer ${TOKEN}` };

/** Hostile text a writer (or a stolen key) could send: each must render as text, never as markup or a script URL. */
const XSS = [
  '[click](javascript:alert(1))',
  '[click](JaVaScRiPt:alert(1))',
  '[click](&#106;avascript:alert(1))',
  '[click](&#x6A;avascript:alert(1))',
  '[click](&#0000106;avascript:alert(1))',
  '[click](javascript&colon;alert(1))',
  '[click](<java\tscript:alert(1)>)',
  '[click](<java\nscript:alert(1)>)',
  '[click]( javascript:alert(1))',
  '[click](\\javascript:alert(1))',
  '[click](%6Aavascript:alert(1))',
  '[click](vbscript:msgbox(1))',
  '[click](VBScript:msgbox(1))',
  '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[click](data:image/png;base64,iVBORw0KGgo=)',
  '[click](DATA:text/html,<script>alert(1)</script>)',
  '[click](file:///etc/passwd)',
  '[click](//evil.example)',
  '[click](/\\evil.example)',
  '[click](https:evil.example)',
  '[click](tel:+100)',
  '[[nested](https://a.example)](javascript:alert(1))',
  '[x [y](javascript:alert(1)) z](https://a.example)',
  '[**bold link**](javascript:alert(1))',
  '![img](javascript:alert(1))',
  '![x](https://evil.example/x.png" onerror="alert(1))',
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)>',
  '<script>alert(1)</script>',
  '<a href="javascript:alert(1)">raw</a>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<div onmouseover="alert(1)">hover</div>',
  '"><img src=x onerror=alert(1)>',
  "'><svg/onload=alert(1)>",
  '[x](https://example.com/" onclick="alert(1))',
  '[x](https://example.com/"onmouseover="alert(1)")',
  'https://example.com/"onmouseover="alert(1)',
  '**unbalanced *marks _everywhere',
  '***triple** *nested _mix*_',
  '\\*escaped\\* \\[not](a link)',
  '</script><script>alert(1)</script>',
  '\u2028<img src=x onerror=alert(1)>\u2029',
  '&lt;img src=x onerror=alert(1)&gt;',
  '[x](mailto:javascript:alert(1))',
  '# heading | table | --- `code` <b>bold</b>',
];

/** A post written with marks: every payload a list item, a few in a paragraph and a product description too. */
function hostileSubmission(): BlogSubmission {
  const base = validSubmission({ textFormat: 'marks' });
  return {
    ...base,
    header: {
      ...base.header,
      sections: [
        {
          type: 'single-paragraph',
          icon: 'Camera',
          title: 'Hostile',
          // The link payloads: each must leave only its text behind in the plain-text places.
          paragraph: XSS.slice(0, 7).join(' '),
          list: XSS,
        },
      ],
    },
    products: [{ ...base.products![0]!, description: XSS.slice(10, 17).join(' ') }],
  };
}

async function publish(submission: BlogSubmission): Promise<BlogPost> {
  const res = await t.app.inject({ method: 'POST', url: '/api/blogs', headers: auth, payload: submission });
  expect(res.statusCode).toBe(201);
  return res.json<BlogPost>();
}

const page = async (id: number) => (await t.app.inject({ method: 'GET', url: `/page/${id}` })).body;

/** Every start tag of the page outside scripts, with its attributes as the browser reads them. */
function tags(html: string): { name: string; attrs: Map<string, string> }[] {
  const body = html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '');
  return [...body.matchAll(/<([a-zA-Z][\w-]*)((?:\s+[^\s=>/]+(?:="[^"]*")?)*)\s*\/?>/g)].map((match) => ({
    name: match[1]!.toLowerCase(),
    attrs: new Map(
      [...(match[2] ?? '').matchAll(/\s+([^\s=>/]+)(?:="([^"]*)")?/g)].map((a) => [
        a[1]!.toLowerCase(),
        (a[2] ?? '').replace(/&amp;/g, '&').replace(/&quot;/g, '"'),
      ]),
    ),
  }));
}

const unescapeXml = (xml: string) =>
  xml
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
const metaContent = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html)?.[1];
const jsonLd = (html: string) => {
  const block = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)?.[1] ?? '{}';
  return (JSON.parse(block) as { '@graph': Record<string, unknown>[] })['@graph'];
};
const serverState = (html: string) =>
  JSON.parse(/<script type="application\/json" id="server-state">([^<]*)<\/script>/.exec(html)?.[1] ?? '{}') as {
    marks?: Record<string, unknown>;
  };

describe('a post written with marks', () => {
  const paragraph =
    '**Derby** day: read the [league table](https://example.com/standings), the _match report_ on [our page](/blog) and https://example.com/stats.';
  // The database is emptied before each test (useTestApp): each publishes its own.
  async function published(): Promise<{ post: BlogPost; html: string }> {
    const base = validSubmission({ textFormat: 'marks' });
    const [, second] = base.header.sections!;
    const post = await publish({
      ...base,
      header: {
        ...base.header,
        title: 'Derby *Day* notes',
        sections: [
          {
            type: 'single-paragraph',
            icon: 'Camera',
            title: 'The build-up',
            paragraph,
            list: ['A *big* win', '\\*not italic\\*'],
          },
          second!,
        ],
      },
      products: [{ ...base.products![0]!, description: 'Size 5, **FIFA** approved' }],
    });
    return { post, html: await page(post.id) };
  }

  it('is stored and answered as marks', async () => {
    const { post } = await published();
    expect(post.textFormat).toBe('marks');
  });

  it('renders bold, italic and links as elements; a link to another site has rel="noopener" and no new tab', async () => {
    const { html } = await published();
    expect(html).toContain(
      '<p class="paragraph"><strong>Derby</strong> day: read the <a href="https://example.com/standings" rel="noopener">league table</a>, the <em>match report</em> on <a href="/blog">our page</a> and <a href="https://example.com/stats" rel="noopener">https://example.com/stats</a>.</p>',
    );
    expect(html).toContain('<li>A <em>big</em> win</li>');
    expect(html).toContain('<li>*not italic*</li>');
    expect(html).toContain('Size 5, <strong>FIFA</strong> approved');
    // Titles stay plain.
    expect(html).toContain('Derby *Day* notes</h1>');
    expect(html).not.toMatch(/target="_blank" rel="noopener">/);
  });

  it('embeds the tree of each formatted text, so the browser hydrates it without a parser', async () => {
    const { html } = await published();
    expect(serverState(html).marks?.[paragraph]).toEqual([
      { b: ['Derby'] },
      ' day: read the ',
      { a: 'https://example.com/standings', c: ['league table'] },
      ', the ',
      { i: ['match report'] },
      ' on ',
      { a: '/blog', c: ['our page'] },
      ' and ',
      { a: 'https://example.com/stats', c: ['https://example.com/stats'] },
      '.',
    ]);
  });

  it('removes the marks from the descriptions, JSON-LD, the feed summary and search snippets', async () => {
    const { post, html } = await published();
    const plain = 'Derby day: read the league table, the match report on our page and https://example.com/stats.';
    for (const key of ['description', 'og:description', 'twitter:description'])
      expect(metaContent(html, key)).toBe(plain);
    const graph = jsonLd(html);
    expect(graph.find((node) => node['@type'] === 'BlogPosting')?.description).toBe(plain);
    expect(graph.find((node) => node['@type'] === 'Product')?.description).toBe('Size 5, FIFA approved');

    const feed = (await t.app.inject({ method: 'GET', url: '/feed.xml' })).body;
    expect(feed).toContain(`<summary type="text">${plain}</summary>`);
    // The feed's content carries the formatting, as HTML escaped for XML, site paths made absolute.
    const content = unescapeXml(/<content type="html">([^<]*)<\/content>/.exec(feed)?.[1] ?? '');
    expect(content).toContain(
      '<p><strong>Derby</strong> day: read the <a href="https://example.com/standings" rel="noopener">league table</a>, the <em>match report</em> on <a href="https://touchline.test/blog">our page</a>',
    );

    const search = await t.app.inject({ method: 'GET', url: '/api/search?q=league+table' });
    const hit = search.json<SearchAnswer>().items.find((item) => item.id === post.id);
    expect(hit?.snippet).toMatch(/league/);
    expect(hit?.snippet).not.toMatch(/\*\*|\]\(|standings|_match/);
    // The URL of a link is not a word of the post.
    const byUrl = await t.app.inject({ method: 'GET', url: '/api/search?q=standings' });
    expect(byUrl.json<SearchAnswer>().items.map((item) => item.id)).not.toContain(post.id);
  });

  it('keeps its format through an edit and in the revision it replaces', async () => {
    const { post } = await published();
    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/blogs/${post.id}`,
      headers: auth,
      payload: validSubmission(),
    });
    expect(edit.json<BlogPost>().textFormat).toBe('plain');
    const [revision] = (
      await t.app.inject({ method: 'GET', url: `/api/blogs/${post.id}/revisions`, headers: auth })
    ).json<RevisionSummary[]>();
    const replaced = await t.app.inject({
      method: 'GET',
      url: `/api/blogs/${post.id}/revisions/${revision!.id}`,
      headers: auth,
    });
    expect(replaced.json<BlogPost>().textFormat).toBe('marks');
    const restored = await t.app.inject({
      method: 'POST',
      url: `/api/blogs/${post.id}/revisions/${revision!.id}/restore`,
      headers: auth,
    });
    expect(restored.statusCode).toBe(200);
    expect(restored.json<BlogPost>().textFormat).toBe('marks');
    expect(await page(post.id)).toContain('<strong>Derby</strong>');
  });
});

describe('hostile text', () => {
  async function published(): Promise<{ post: BlogPost; html: string }> {
    expect(XSS.length).toBeGreaterThanOrEqual(40);
    const post = await publish(hostileSubmission());
    return { post, html: await page(post.id) };
  }

  it('has no event handler attribute and no script, data or vbscript URL anywhere in the page', async () => {
    const { html } = await published();
    const all = tags(html);
    expect(all.length).toBeGreaterThan(50);
    expect(all.filter((tag) => [...tag.attrs.keys()].some((name) => name.startsWith('on')))).toEqual([]);
    const urls = all.flatMap((tag) => ['href', 'src', 'action', 'formaction'].map((name) => tag.attrs.get(name) ?? ''));
    expect(urls.filter((url) => /^\s*(javascript|data|vbscript):/i.test(url.replace(/[\t\n\r]/g, '')))).toEqual([]);
    expect(all.filter((tag) => ['img', 'svg', 'iframe'].includes(tag.name) && tag.attrs.has('onerror'))).toEqual([]);
    // Only the page's own elements: a payload never becomes an iframe, script or a foreign image.
    expect(all.some((tag) => tag.name === 'iframe' || tag.name === 'script')).toBe(false);
    expect(html).not.toMatch(/<script>alert/);
  });

  it('links only to http(s), mailto and site paths, and shows a refused link as its text', async () => {
    const { html } = await published();
    const article = /<article[\s\S]*<\/article>/.exec(html)?.[0] ?? '';
    const links = tags(article)
      .filter((tag) => tag.name === 'a')
      .map((tag) => tag.attrs.get('href') ?? '');
    expect(links.length).toBeGreaterThan(3);
    for (const href of links) expect(href).toMatch(/^(https?:\/\/[^/\\]|mailto:|\/(?![/\\]))/);
    expect(html).toContain('<li>click</li>');
    expect(html).toContain('<li>bold link</li>');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('&lt;svg onload=alert(1)&gt;');
    expect(html).toContain('# heading | table | --- `code` &lt;b&gt;bold&lt;/b&gt;');
    expect(html).toContain('<li>**unbalanced *marks _everywhere</li>');
  });

  it('leaves no mark and no refused URL in the descriptions, JSON-LD, the feed and search snippets', async () => {
    const { post, html } = await published();
    const places = [
      metaContent(html, 'description') ?? '',
      metaContent(html, 'og:description') ?? '',
      metaContent(html, 'twitter:description') ?? '',
      String(jsonLd(html).find((node) => node['@type'] === 'BlogPosting')?.description),
      String(jsonLd(html).find((node) => node['@type'] === 'Product')?.description),
    ];
    const feed = (await t.app.inject({ method: 'GET', url: '/feed.xml' })).body;
    const summary = new RegExp(`<id>[^<]*/page/${post.id}</id>[\\s\\S]*?<summary type="text">([^<]*)</summary>`).exec(
      feed,
    )?.[1];
    places.push(summary ?? '');
    // The feed's HTML content: the payloads stay text there too.
    const content = new RegExp(`<id>[^<]*/page/${post.id}</id>[\\s\\S]*?<content type="html">([^<]*)</content>`).exec(
      feed,
    )?.[1];
    const contentTags = tags(unescapeXml(content ?? ''));
    expect(contentTags.map((tag) => tag.name)).toContain('li');
    expect(contentTags.filter((tag) => [...tag.attrs.keys()].some((name) => name.startsWith('on')))).toEqual([]);
    for (const tag of contentTags) expect(tag.attrs.get('href') ?? 'https://x').toMatch(/^(https?:\/\/[^/\\]|mailto:)/);
    for (const text of places) {
      expect(text).toMatch(/click/);
      expect(text).not.toMatch(/\]\(|javascript|vbscript|data:/i);
    }
    // The snippet quotes the list too, where payloads that are no link (a newline inside <>) stay as typed; no refused
    // URL is quoted, though.
    const search = await t.app.inject({ method: 'GET', url: '/api/search?q=click' });
    const snippet = search.json<SearchAnswer>().items.find((item) => item.id === post.id)?.snippet;
    expect(snippet).toMatch(/click/);
    expect(snippet).not.toMatch(/javascript:|vbscript:|data:|\*\*/i);
  });
});

describe('a post sent without textFormat (as every post stored before marks)', () => {
  const paragraph = 'Five *stars* for the [brackets](x) crowd, see https://example.com/report and **this**.';

  it('is plain, and renders its text exactly as typed: no emphasis, no links', async () => {
    const base = validSubmission();
    const [, second] = base.header.sections!;
    const post = await publish({
      ...base,
      header: {
        ...base.header,
        sections: [
          { type: 'single-paragraph', icon: 'Camera', title: 'The build-up', paragraph, list: ['*stars*'] },
          second!,
        ],
      },
    });
    expect(post.textFormat).toBe('plain');
    const html = await page(post.id);
    expect(html).toContain(
      '<p class="paragraph">Five *stars* for the [brackets](x) crowd, see https://example.com/report and **this**.</p>',
    );
    expect(html).toContain('<li>*stars*</li>');
    expect(html).not.toContain('href="https://example.com/report"');
    expect(html).not.toMatch(/<(em|strong)>/);
    expect(serverState(html).marks).toBeUndefined();
    expect(metaContent(html, 'description')).toBe(paragraph);
  });

  it('refuses a format it does not know, naming the field, and stores nothing', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/blogs' })).body;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/blogs',
      headers: auth,
      payload: { ...validSubmission(), header: { ...validSubmission().header, textFormat: 'html' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ details: { path: string }[] }>().details.map((d) => d.path)).toContain('header.textFormat');
    expect((await t.app.inject({ method: 'GET', url: '/api/blogs' })).body).toBe(before);
  });
});
