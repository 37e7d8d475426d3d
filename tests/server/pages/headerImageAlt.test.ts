// The header photo's alt text from the editor to the reader, through the real app and the SSR entry's source on each
// database: the page's header <img>, og:image:alt, twitter:image:alt and the JSON-LD ImageObject's caption; a post
// without one keeps alt="" and no alt tags. Edits and revisions carry it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RenderPage } from '../../../src/contract/rendering';
import { LIMITS } from '../../../src/contract/limits';
import type { BlogPost, RevisionSummary } from '../../../src/contract/types';
import { validSubmission } from '../fixtures/submissions';
import { TOKEN, useTestApp } from '../helpers/testApp';

// The SSR entry's source, required rather than imported: it is typechecked with the client's settings, not these.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { render } = require('../../../src/client/entry-server') as { render: RenderPage };

const INDEX = `<!doctype html><html lang="en"><head><meta name="description" content="generic"><title>Touchline</title></head><body><div id="root"></div></body></html>`;
const clientDir = mkdtempSync(join(tmpdir(), 'touchline-alt-'));
writeFileSync(join(clientDir, 'index.html'), INDEX);
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));
const t = useTestApp({ clientDir, renderPage: render, sharedApp: true });

const ALT = 'Fans hold up scarves under the floodlights & sing';
const auth = { authorization: `Bearer ${TOKEN}` };

async function publish(imageAlt?: string): Promise<BlogPost> {
  const header = imageAlt === undefined ? {} : { imageAlt };
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/blogs',
    headers: auth,
    payload: validSubmission(header),
  });
  expect(res.statusCode).toBe(201);
  return res.json<BlogPost>();
}

const page = async (id: number) => (await t.app.inject({ method: 'GET', url: `/page/${id}` })).body;
const heroImg = (html: string) => /<img class="hero"[^>]*>/.exec(html)?.[0] ?? '';
const ldImage = (html: string) => {
  const block = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)?.[1] ?? '{}';
  const graph = (JSON.parse(block) as { '@graph': Record<string, unknown>[] })['@graph'];
  return graph.find((node) => node['@type'] === 'BlogPosting')?.image;
};

it('describes the header photo in the page, Open Graph, the Twitter card and JSON-LD', async () => {
  const post = await publish(ALT);
  expect(post.imageAlt).toBe(ALT);
  const html = await page(post.id);
  expect(heroImg(html)).toContain('alt="Fans hold up scarves under the floodlights &amp; sing"');
  expect(html).toContain(
    '<meta property="og:image:alt" content="Fans hold up scarves under the floodlights &amp; sing">',
  );
  expect(html).toContain(
    '<meta name="twitter:image:alt" content="Fans hold up scarves under the floodlights &amp; sing">',
  );
  expect(ldImage(html)).toEqual({ '@type': 'ImageObject', url: 'https://images.example.com/derby.jpg', caption: ALT });
});

it('keeps a photo without alt text decorative: alt="" and no alt tags', async () => {
  const post = await publish();
  expect(post.imageAlt).toBe('');
  const html = await page(post.id);
  expect(heroImg(html)).toContain('alt=""');
  expect(html).not.toContain('image:alt');
  expect(ldImage(html)).toEqual({ '@type': 'ImageObject', url: 'https://images.example.com/derby.jpg' });
});

it('refuses alt text over the limit, stores what an edit sends, and keeps the version replaced', async () => {
  const long = await t.app.inject({
    method: 'POST',
    url: '/api/blogs',
    headers: auth,
    payload: validSubmission({ imageAlt: 'x'.repeat(LIMITS.imageAltMax + 1) }),
  });
  expect(long.statusCode).toBe(400);
  expect(long.json<{ details: { path: string }[] }>().details.map((d) => d.path)).toContain('header.imageAlt');

  const post = await publish(ALT);
  const edit = await t.app.inject({
    method: 'PUT',
    url: `/api/blogs/${post.id}`,
    headers: auth,
    payload: validSubmission({ imageAlt: 'The away end' }),
  });
  expect(edit.json<BlogPost>().imageAlt).toBe('The away end');
  expect(heroImg(await page(post.id))).toContain('alt="The away end"');
  const [revision] = (
    await t.app.inject({ method: 'GET', url: `/api/blogs/${post.id}/revisions`, headers: auth })
  ).json<RevisionSummary[]>();
  const replaced = await t.app.inject({
    method: 'GET',
    url: `/api/blogs/${post.id}/revisions/${revision!.id}`,
    headers: auth,
  });
  expect(replaced.json<BlogPost>().imageAlt).toBe(ALT);
});
