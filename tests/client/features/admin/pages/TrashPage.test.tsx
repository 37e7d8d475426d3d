// /admin/trash: the trashed posts with their deletion time; Restore, and Delete forever only after confirming.
import '../preloadPages';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../../helpers/renderWithProviders';
import { API, server } from '../../../helpers/mswServer';
import { TOKEN, summary } from '../adminFixtures';
import { cancelPendingDraftSaves } from '../../../../../src/client/features/admin/draft/draftPersister';

afterEach(() => cancelPendingDraftSaves());

function trashApi() {
  let trash = [
    { ...summary(9, 'Mistaken report'), deletedAt: '2026-11-24T08:00:00.000Z' },
    { ...summary(8, 'Old preview'), deletedAt: '2026-11-20T08:00:00.000Z' },
  ];
  const writes: { method: string; path: string }[] = [];
  server.use(
    http.get(`${API}/blogs`, ({ request }) => {
      if (new URL(request.url).searchParams.get('status') !== 'trash') return HttpResponse.json([]);
      if (request.headers.get('authorization') !== `Bearer ${TOKEN}`)
        return HttpResponse.json({ error: 'Invalid access token' }, { status: 401 });
      return HttpResponse.json(trash);
    }),
    http.post(`${API}/blogs/:id/restore`, ({ request, params }) => {
      writes.push({ method: 'POST', path: new URL(request.url).pathname });
      trash = trash.filter((post) => String(post.id) !== params.id);
      return HttpResponse.json(summary(Number(params.id), 'restored'));
    }),
    http.delete(`${API}/blogs/:id`, ({ request, params }) => {
      writes.push({ method: 'DELETE', path: new URL(request.url).pathname + new URL(request.url).search });
      trash = trash.filter((post) => String(post.id) !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return writes;
}

test('lists the trash, restores a post, and deletes one forever only after confirming', async () => {
  const writes = trashApi();
  const { user } = renderApp('/admin/trash');
  await screen.findByRole('heading', { level: 1, name: 'Trash' });
  await user.type(screen.getByLabelText('Access Token'), TOKEN);
  await user.click(screen.getByRole('button', { name: 'Show trash' }));
  const table = await screen.findByRole('table');
  expect(
    within(table)
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent),
  ).toEqual(['Mistaken report', 'Old preview']);

  await user.click(within(table).getByRole('button', { name: 'Restore “Mistaken report”' }));
  expect(await screen.findByText('Restored “Mistaken report”.')).toBeInTheDocument();
  expect(writes).toEqual([{ method: 'POST', path: '/api/blogs/9/restore' }]);
  expect(
    within(table)
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent),
  ).toEqual(['Old preview']);

  await user.click(within(table).getByRole('button', { name: 'Delete forever “Old preview”' }));
  const question = screen.getByRole('group', { name: 'Delete “Old preview” forever?' });
  await user.click(within(question).getByRole('button', { name: 'Cancel' }));
  expect(writes).toHaveLength(1);
  await user.click(within(table).getByRole('button', { name: 'Delete forever “Old preview”' }));
  await user.click(screen.getByRole('button', { name: 'Delete forever' }));
  expect(await screen.findByText('Deleted “Old preview” forever.')).toBeInTheDocument();
  expect(writes[1]).toEqual({ method: 'DELETE', path: '/api/blogs/8?permanent=true' });
  expect(await screen.findByText('The trash is empty.')).toBeInTheDocument();
});
