// /admin/history/:id: the revisions, a chosen one's word diff against the current post, and a confirmed restore.
import '../preloadPages';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../../helpers/renderWithProviders';
import { API, server } from '../../../helpers/mswServer';
import { TOKEN, adminApi, editablePost } from '../adminFixtures';
import { cancelPendingDraftSaves } from '../../../../../src/client/features/admin/draft/draftPersister';

afterEach(() => cancelPendingDraftSaves());

const current = editablePost({ id: 7, title: 'Derby Day: five things we learned' });
const older = editablePost({ id: 7, title: 'Derby Day: three things we saw', readTime: '4 min read' });

test('shows the revisions, the chosen one as <del>/<ins>, and restores it only after confirming', async () => {
  const seen: { method: string; url: string; ifMatch: string | null }[] = [];
  server.use(
    http.all(`${API}/blogs/7*`, ({ request }) => {
      seen.push({ method: request.method, url: request.url, ifMatch: request.headers.get('if-match') });
      if (request.headers.get('authorization') !== `Bearer ${TOKEN}`)
        return HttpResponse.json({ error: 'Invalid access token' }, { status: 401 });
      const path = new URL(request.url).pathname;
      if (path.endsWith('/revisions'))
        return HttpResponse.json([
          { id: 3, savedAt: '2026-11-25T09:00:00.000Z', savedBy: 'Admin token', title: older.title },
        ]);
      if (path.endsWith('/revisions/3')) return HttpResponse.json(older);
      if (path.endsWith('/revisions/3/restore')) return HttpResponse.json(older, { headers: { etag: '"v2"' } });
      return HttpResponse.json(current, { headers: { etag: '"v1"' } });
    }),
  );
  const { user } = renderApp('/admin/history/7');
  await screen.findByRole('heading', { level: 1, name: 'History' });
  await user.type(screen.getByLabelText('Access Token'), TOKEN);
  await user.click(screen.getByRole('button', { name: 'Show history' }));
  const revisions = await screen.findByRole('list', { name: 'Revisions' });
  await user.click(within(revisions).getByRole('button', { name: /Admin token: “Derby Day: three things we saw”/ }));

  const heading = await screen.findByRole('heading', { level: 2, name: /compared with the current post/ });
  const section = heading.closest('section')!;
  await within(section).findByText('Title');
  expect([...section.querySelectorAll('del')].map((e) => e.textContent?.trim())).toEqual(['three', 'saw', '4']);
  expect([...section.querySelectorAll('ins')].map((e) => e.textContent?.trim())).toEqual(['five', 'learned', '10']);

  await user.click(screen.getByRole('button', { name: 'Restore this version' }));
  const question = screen.getByRole('group', { name: 'Restore this version?' });
  await user.click(within(question).getByRole('button', { name: 'Cancel' }));
  expect(seen.filter((r) => r.method === 'POST')).toHaveLength(0);

  await user.click(screen.getByRole('button', { name: 'Restore this version' }));
  await user.click(screen.getByRole('button', { name: 'Restore' }));
  expect(await screen.findByText(/^Restored the version of /)).toBeInTheDocument();
  const posts = seen.filter((r) => r.method === 'POST');
  expect(posts).toHaveLength(1);
  expect(new URL(posts[0]!.url).pathname).toBe('/api/blogs/7/revisions/3/restore');
  expect(posts[0]!.ifMatch).toBe('"v1"');
});

test('the history shows the review steps among the versions, newest first', async () => {
  adminApi({ post: editablePost() });
  server.use(
    http.get(`${API}/blogs/7/revisions`, () =>
      HttpResponse.json([{ id: 4, savedAt: '2026-11-25T10:00:00.000Z', savedBy: 'Cara', title: 'Derby' }]),
    ),
    http.get(`${API}/blogs/7/review-steps`, () =>
      HttpResponse.json([
        { id: 2, kind: 'changes', by: 'Eddie', at: '2026-11-25T11:00:00.000Z', note: 'Cut the intro' },
        { id: 1, kind: 'submitted', by: 'Cara', at: '2026-11-25T09:00:00.000Z', note: null },
      ]),
    ),
  );
  renderApp('/admin/history/7');
  const list = await screen.findByRole('list', { name: 'Revisions' });
  const lines = within(list)
    .getAllByRole('listitem')
    .map((item) => item.textContent?.replace(/^.*?(: |by )/, ''));
  expect(lines).toEqual(['Changes requested by Eddie: Cut the intro', 'Cara: “Derby”', 'Submitted for review by Cara']);
});
