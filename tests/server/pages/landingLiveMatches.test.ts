// The landing page's "Live now" and /matches with a match an editor set live by hand (no live post covers it), through
// the real app and the SSR entry's source on both databases: the markup a reader without JavaScript gets and the state
// the client hydrates from.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RenderPage } from '../../../src/contract/rendering';
import type { Match } from '../../../src/contract/matches';
import type { BlogPost } from '../../../src/contract/types';
import { validSubmission } from '../fixtures/submissions';
import { textOf } from '../helpers/html';
import { TOKEN, useTestApp } from '../helpers/testApp';

// The SSR entry's source, required rather than imported: it is typechecked with the client's settings, not these.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { render } = require('../../../src/client/entry-server') as { render: RenderPage };

const INDEX = `<!doctype html><html lang="en"><head><meta name="description" content="generic"><title>Touchline</title></head><body><div id="root"></div></body></html>`;

const clientDir = mkdtempSync(join(tmpdir(), 'touchline-landing-'));
writeFileSync(join(clientDir, 'index.html'), INDEX);
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

// Matches hold their tags: empty them before the shared helper empties the tags.
beforeEach(async () => {
  await t.testDb.db.kysely.deleteFrom('matches').execute();
});
const t = useTestApp({ clientDir, renderPage: render, now: Date.parse('2026-11-28T15:30:00.000Z'), sharedApp: true });

const bearer = { authorization: `Bearer ${TOKEN}` };
const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
const api = (method: 'POST' | 'PUT', url: string, payload: object) =>
  t.app.inject({ method, url, headers: bearer, payload });

/** The region "Live now" as text, or undefined when the page has none. */
const liveNowOf = (html: string) => {
  const section = /<section aria-labelledby="live-now"[\s\S]*?<\/section>/.exec(html)?.[0];
  return section === undefined ? undefined : textOf(section).trim();
};

beforeEach(async () => {
  await t.db.kysely
    .insertInto('tags')
    .values([
      { slug: 'premier-league', name: 'Premier League', kind: 'competition' },
      { slug: 'arsenal', name: 'Arsenal', kind: 'team', crest: `/uploads/${'a'.repeat(64)}.png` },
      { slug: 'chelsea', name: 'Chelsea', kind: 'team' },
    ])
    .execute();
});

async function handLiveMatch(postId: number | null = null): Promise<Match> {
  const created = await api('POST', '/api/matches', {
    competition: 'premier-league',
    home: 'arsenal',
    away: 'chelsea',
    kickoff: '2026-11-28T15:00:00Z',
    postId,
  });
  expect(created.statusCode).toBe(201);
  const id = created.json<Match>().id;
  const live = await api('PUT', `/api/matches/${id}`, { status: 'live', homeScore: 2, awayScore: 1 });
  expect(live.statusCode).toBe(200);
  return live.json<Match>();
}

it('renders "Live now" with a match set live by hand, no post live: its teams, crest, score and links, hydrated from the same answer', async () => {
  expect(liveNowOf((await page('/')).body)).toBeUndefined();
  const match = await handLiveMatch();
  const res = await page('/');
  expect(res.statusCode).toBe(200);
  expect(liveNowOf(res.body)).toMatch(/^Live now Arsenal v Chelsea Live Arsenal 2–1 Chelsea Premier League table$/);
  const section = /<section aria-labelledby="live-now"[\s\S]*?<\/section>/.exec(res.body)![0];
  expect(section).toContain(`src="/uploads/${'a'.repeat(64)}.png"`);
  expect(section).toMatch(/<a[^>]*href="\/tag\/premier-league"[^>]*>Arsenal v Chelsea<\/a>/);
  // The client starts from what the server rendered, so the first render in the browser matches it.
  const state = /<script type="application\/json" id="server-state">([^<]*)<\/script>/.exec(res.body)![1]!;
  const { queries } = (JSON.parse(state) as { api: { queries: Record<string, { data: { matches?: unknown } }> } }).api;
  expect(queries['getHome(undefined)']?.data.matches).toEqual([
    expect.objectContaining({ id: match.id, homeScore: 2, awayScore: 1, postId: null }),
  ]);
});

it('links the match to its post when the post is public, and renders its new score at once', async () => {
  const post = await api('POST', '/api/blogs', validSubmission({ title: 'Arsenal v Chelsea: the preview' }));
  const match = await handLiveMatch(post.json<BlogPost>().id);
  expect((await page('/')).body).toMatch(new RegExp(`<a[^>]*href="/page/${match.postId}"[^>]*>Arsenal v Chelsea</a>`));
  expect((await api('PUT', `/api/matches/${match.id}`, { homeScore: 3, awayScore: 1 })).statusCode).toBe(200);
  expect(liveNowOf((await page('/')).body)).toContain('Arsenal 3–1 Chelsea');
});

it('shows a match set live by hand on /matches as "Live" with its score', async () => {
  await handLiveMatch();
  const res = await page('/matches');
  expect(res.statusCode).toBe(200);
  expect(textOf(res.body)).toMatch(/Premier League 15:00 Live Arsenal 2–1 Chelsea/);
});
