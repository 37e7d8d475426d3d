// Live coverage behind a load balancer: a score change and an entry written through one process show in the other's
// cached answers (the post, the list, the entries) within 2 s, on the database the suite runs on.
import type { EntriesAnswer } from '../../../src/contract/live';
import type { BlogPost, BlogSummary } from '../../../src/contract/types';
import { validSubmission } from '../fixtures/submissions';
import { within2s, withTwoServers } from '../helpers/serverProcess';

jest.setTimeout(90_000);

const TOKEN = 'two-process-live-token-0123456789abcdef';
const auth = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };
const MATCH = { home: 'Arsenal', away: 'Chelsea', homeScore: '0', awayScore: '0', clock: "1'" };

it("shows a score change and an entry made through one process in the other's caches within 2 s", async () => {
  await withTwoServers({ ADMIN_TOKEN: TOKEN }, async (writer, reader) => {
    const write = (method: string, path: string, body: unknown) =>
      fetch(`${writer}${path}`, { method, headers: auth, body: JSON.stringify(body) });
    const created = await write('POST', '/api/blogs', validSubmission({ title: 'Arsenal v Chelsea' }));
    const { id } = (await created.json()) as BlogPost;
    expect((await write('PUT', `/api/blogs/${id}/live`, { state: 'live', match: MATCH })).status).toBe(200);

    const read = async <T>(path: string) => (await (await fetch(`${reader}${path}`)).json()) as T;
    const seen = async () => {
      const [post, list, answer] = await Promise.all([
        read<BlogPost>(`/api/blogs/${id}`),
        read<BlogSummary[]>('/api/blogs'),
        read<EntriesAnswer>(`/api/blogs/${id}/entries`),
      ]);
      return {
        score: post.live?.match?.homeScore,
        listed: list.find((summary) => summary.id === id)?.live?.match?.homeScore,
        entries: answer.entries.map((entry) => entry.body),
      };
    };
    // The reader holds all three answers in its caches now.
    await within2s(async () => (await seen()).score === '0');
    expect(await seen()).toEqual({ score: '0', listed: '0', entries: [] });

    expect(
      (await write('PUT', `/api/blogs/${id}/live`, { state: 'live', match: { ...MATCH, homeScore: '1' } })).status,
    ).toBe(200);
    expect((await write('POST', `/api/blogs/${id}/entries`, { body: 'GOAL! Saka.', key: true })).status).toBe(201);
    await within2s(async () => {
      const now = await seen();
      return now.score === '1' && now.listed === '1' && now.entries.join() === 'GOAL! Saka.';
    });
  });
});
