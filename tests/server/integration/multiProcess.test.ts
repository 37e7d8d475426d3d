// Two real server processes on one database, as behind a load balancer: a change made through one shows through the
// other within 2 s, although each answers reads from its own in-process cache.
import type { BlogPost, BlogSummary } from '../../../src/contract/types';
import { validSubmission } from '../fixtures/submissions';
import { within2s, withTwoServers } from '../helpers/serverProcess';

jest.setTimeout(90_000);

const TOKEN = 'two-process-test-token-0123456789abcdef';
const auth = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };

it('shows an update and a delete made through one process in the other within 2 s', async () => {
  await withTwoServers({ ADMIN_TOKEN: TOKEN }, async (writer, reader) => {
    const created = await fetch(`${writer}/api/blogs`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify(validSubmission({ title: 'Before' })),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as BlogPost;
    const title = async () => {
      const res = await fetch(`${reader}/api/blogs/${id}`);
      return res.status === 200 ? ((await res.json()) as BlogPost).title : res.status;
    };
    const listed = async () => {
      const list = (await (await fetch(`${reader}/api/blogs?limit=100`)).json()) as BlogSummary[];
      return list.find((post) => post.id === id)?.title;
    };
    // The reader holds both answers in its caches now (a post is cached from its first read on).
    await within2s(async () => (await title()) === 'Before' && (await listed()) === 'Before');

    const etag = (await fetch(`${writer}/api/blogs/${id}`)).headers.get('etag') ?? '';
    const updated = await fetch(`${writer}/api/blogs/${id}`, {
      method: 'PUT',
      headers: { ...auth, 'if-match': etag },
      body: JSON.stringify(validSubmission({ title: 'After' })),
    });
    expect(updated.status).toBe(200);
    await within2s(async () => (await title()) === 'After' && (await listed()) === 'After');

    const deleted = await fetch(`${writer}/api/blogs/${id}`, { method: 'DELETE', headers: auth });
    expect(deleted.status).toBe(204);
    await within2s(async () => (await title()) === 404 && (await listed()) === undefined);
  });
});
