// "Email this story to subscribers" in the editor (on for a new post, the post's own choice when edited) and the
// "Emailed to N members" line on the edit page and in /admin/posts.
import './preloadPages';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { NewPostPage } from '../../../../src/client/features/admin/pages/NewPostPage';
import type { BlogSubmission } from '../../../../src/contract/schemas';
import { samplePost } from '../../fixtures/posts';
import { API, server } from '../../helpers/mswServer';
import { renderApp, renderWithProviders } from '../../helpers/renderWithProviders';
import { adminApi, editablePost, summary } from './adminFixtures';
import { withEditorLifecycle } from './editorLifecycle';

const alerts = withEditorLifecycle();
const BOX = 'Email this story to subscribers';

test('a new post is mailed unless the box is unticked, and then says so in its submission', async () => {
  const sent: BlogSubmission[] = [];
  server.use(
    http.post(`${API}/blogs`, async ({ request }) => {
      sent.push((await request.json()) as BlogSubmission);
      return HttpResponse.json({ ...samplePost, id: 42 }, { status: 201 });
    }),
  );
  const { user } = renderWithProviders(<NewPostPage />, { route: '/admin' });
  const box = screen.getByRole('checkbox', { name: BOX });
  expect(box).toBeChecked();
  await user.click(box);
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  await waitFor(() => expect(alerts()).toHaveBeenCalledWith('Blog form submitted successfully!'));
  expect(sent).toHaveLength(1);
  expect(sent[0]).toMatchObject({ newsletter: false });
});

test('the edit page keeps the post’s choice, sends it with the save, and shows whom the post was mailed to', async () => {
  const { seen } = adminApi({ post: editablePost({ newsletter: false }) });
  server.use(
    http.get(`${API}/blogs/:id/newsletter`, () => HttpResponse.json({ recipients: 3, sent: 2, failed: 0, pending: 1 })),
  );
  const { user } = renderApp('/admin/edit/7');
  expect(await screen.findByText('Emailed to 3 members')).toBeInTheDocument();
  expect(screen.getByText('(2 sent, 1 pending, 0 failed)')).toBeInTheDocument();
  const box = await screen.findByRole('checkbox', { name: BOX });
  expect(box).not.toBeChecked();
  await user.click(box);
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  await waitFor(() => expect(seen.some((request) => request.method === 'PUT')).toBe(true));
  expect(seen.find((request) => request.method === 'PUT')!.body).toMatchObject({ newsletter: true });
});

test('/admin/posts shows each published post’s "Emailed to" line, and none for a post mailed to nobody', async () => {
  adminApi({ pages: [[summary(3, 'Derby Day'), summary(4, 'Quiet one')]] });
  server.use(
    http.get(`${API}/blogs/:id/newsletter`, ({ params }) =>
      HttpResponse.json(
        params.id === '3'
          ? { recipients: 1, sent: 1, failed: 0, pending: 0 }
          : { recipients: 0, sent: 0, failed: 0, pending: 0 },
      ),
    ),
  );
  renderApp('/admin/posts');
  const row = (await screen.findByRole('rowheader', { name: /Derby Day/ })).closest('tr')!;
  expect(await within(row).findByText('Emailed to 1 member')).toBeInTheDocument();
  const quiet = screen.getByRole('rowheader', { name: /Quiet one/ }).closest('tr')!;
  expect(within(quiet).queryByText(/Emailed to/)).not.toBeInTheDocument();
});
