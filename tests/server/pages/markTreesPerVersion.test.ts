// A post's texts are parsed for their marks once per version, through the real app and the SSR entry's source on each
// database: saving it, rendering its page, rendering it again after a write elsewhere dropped the page cache, and
// building the feed parse each text once; an edit parses only the text that changed.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import MarkdownIt from 'markdown-it';
import type { RenderPage } from '../../../src/contract/rendering';
import type { BlogPost } from '../../../src/contract/types';
import { validSubmission } from '../fixtures/submissions';
import { TOKEN, useTestApp } from '../helpers/testApp';

// The SSR entry's source, required rather than imported: it is typechecked with the client's settings, not these.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { render } = require('../../../src/client/entry-server') as { render: RenderPage };

const INDEX = `<!doctype html><html lang="en"><head><title>Touchline</title></head><body><div id="root"></div></body></html>`;
const clientDir = mkdtempSync(join(tmpdir(), 'touchline-trees-'));
writeFileSync(join(clientDir, 'index.html'), INDEX);
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));
const t = useTestApp({ clientDir, renderPage: render, sharedApp: true });

const auth = { authorization: `Bearer ${TOKEN}` };

function submission(paragraph: string, title: string) {
  const body = validSubmission({ title, textFormat: 'marks' });
  const sections = (body.header.sections ?? []).map((section, i) => (i === 0 ? { ...section, paragraph } : section));
  return { ...body, header: { ...body.header, sections } };
}

it('parses each text of a post once per version, however often its page and feed are rendered', async () => {
  const parses = jest.spyOn(MarkdownIt.prototype, 'parseInline');
  const parsesOf = (text: string) => parses.mock.calls.filter(([source]) => source === text).length;
  try {
    const first = `**Derby** day, [the table](https://example.com/t) and _more_ (${Date.now()}).`;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/blogs',
      headers: auth,
      payload: submission(first, 'Derby Day'),
    });
    expect(created.statusCode).toBe(201);
    const post = created.json<BlogPost>();
    const page = async () => {
      const res = await t.app.inject({ method: 'GET', url: `/page/${post.id}` });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<strong>Derby</strong>');
    };
    await page();
    // A write elsewhere drops every cached page and feed: they are built again, the tree is not.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/blogs',
      headers: auth,
      payload: submission('Another story.', 'Quiet week'),
    });
    expect(other.statusCode).toBe(201);
    await page();
    expect((await t.app.inject({ method: 'GET', url: '/feed.xml' })).statusCode).toBe(200);
    expect(parsesOf(first)).toBe(1);

    // A new version: its new text is parsed once, and the texts it kept are not parsed again.
    const second = `**Derby** day, the second version (${Date.now()}).`;
    const kept = 'Both managers rotated.';
    const keptBefore = parsesOf(kept);
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/blogs/${post.id}`,
      headers: auth,
      payload: submission(second, 'Derby Day'),
    });
    expect(edited.statusCode).toBe(200);
    await page();
    await page();
    expect(parsesOf(second)).toBe(1);
    expect(parsesOf(kept)).toBe(keptBefore);
  } finally {
    parses.mockRestore();
  }
});
