// /admin/inbox: the notifications with the unread count, marking them read, and the empty inbox.
import '../preloadPages';
import '../../../../../src/client/features/admin/pages/InboxPage';
import '../../../../../src/client/features/admin/components/AdminNav';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../../helpers/renderWithProviders';
import { API, server } from '../../../helpers/mswServer';
import { adminApi, editablePost, notification } from '../adminFixtures';
import { withEditorLifecycle } from '../editorLifecycle';
import { INBOX_EMPTY_TEXT } from '../../../../../src/client/features/admin/pages/InboxPage';

withEditorLifecycle();

test('the inbox lists the notifications with the unread count, links each to its post and marks them read', async () => {
  let items = [
    notification(2, 'Published by Eddie Editor', false),
    notification(1, 'Changes requested by Eddie Editor: cut the intro', true),
  ];
  const marked: unknown[] = [];
  server.use(
    http.get(`${API}/notifications`, () =>
      HttpResponse.json({ items, unread: items.filter((item) => !item.read).length }),
    ),
    http.post(`${API}/notifications/read`, async ({ request }) => {
      const body = (await request.json()) as { ids?: number[] };
      marked.push(body);
      items = items.map((item) => (!body.ids || body.ids.includes(item.id) ? { ...item, read: true } : item));
      return new HttpResponse(null, { status: 204 });
    }),
  );
  const { user } = renderApp('/admin/inbox');
  const list = await screen.findByRole('list', { name: 'Notifications' });
  expect(screen.getByRole('link', { name: 'Inbox (1)' })).toBeInTheDocument();
  const [unread, read] = within(list).getAllByRole('link');
  expect(unread).toHaveTextContent('Unread: Published by Eddie Editor');
  expect(unread).toHaveAttribute('href', '/admin/edit/5');
  expect(read).toHaveTextContent(/^Changes requested by Eddie Editor: cut the intro$/);
  expect(within(list).getAllByText(/“Cup final”/)).toHaveLength(2);

  await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
  expect(await screen.findByText('Every notification is marked as read.')).toBeInTheDocument();
  expect(marked).toEqual([{}]);
  expect(await screen.findByRole('link', { name: 'Inbox (0)' })).toBeInTheDocument();
});

test('the inbox says when it is empty, and opening an unread notification marks it read', async () => {
  const marked: unknown[] = [];
  server.use(http.get(`${API}/notifications`, () => HttpResponse.json({ items: [], unread: 0 })));
  const first = renderApp('/admin/inbox');
  expect(await screen.findByText(INBOX_EMPTY_TEXT)).toBeInTheDocument();
  first.unmount();

  adminApi({ post: editablePost({ id: 5 }) });
  server.use(
    http.get(`${API}/notifications`, () =>
      HttpResponse.json({ items: [notification(3, 'Approved by Eddie Editor', false)], unread: 1 }),
    ),
    http.post(`${API}/notifications/read`, async ({ request }) => {
      marked.push(await request.json());
      return new HttpResponse(null, { status: 204 });
    }),
  );
  const { user } = renderApp('/admin/inbox');
  await user.click(await screen.findByRole('link', { name: 'Unread: Approved by Eddie Editor' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Edit Blog Post' })).toBeInTheDocument();
  await waitFor(() => expect(marked).toEqual([{ ids: [3] }]));
});
