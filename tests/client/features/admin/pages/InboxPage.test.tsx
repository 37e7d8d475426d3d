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
import type { StaffNotification } from '../../../../../src/contract/desk';

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

/** A notice about the person's own sign-in settings: no post. */
const accountNotice = (id: number, text: string, read: boolean): StaffNotification => ({
  id,
  kind: 'account',
  postId: null,
  postTitle: null,
  actor: { name: 'Owner' },
  text,
  createdAt: '2026-11-25T11:00:00.000Z',
  read,
});

test('a notice about the account has no post: it links to the account page, names no post, and is marked read alike', async () => {
  const marked: unknown[] = [];
  let items = [
    accountNotice(4, 'A passkey named "Work laptop" was added to your account.', false),
    notification(3, 'Published by Eddie Editor', true),
  ];
  server.use(
    http.get(`${API}/notifications`, () =>
      HttpResponse.json({ items, unread: items.filter((item) => !item.read).length }),
    ),
    http.post(`${API}/notifications/read`, async ({ request }) => {
      const body = (await request.json()) as { ids?: number[] };
      marked.push(body);
      items = items.map((item) => (body.ids?.includes(item.id) ? { ...item, read: true } : item));
      return new HttpResponse(null, { status: 204 });
    }),
    http.get(`${API}/account/second-factor`, () =>
      HttpResponse.json({ passkeys: [], totp: false, recoveryCodes: 0, policy: 'none', setupRequired: false }),
    ),
  );
  const { user } = renderApp('/admin/inbox');
  const list = await screen.findByRole('list', { name: 'Notifications' });
  expect(screen.getByRole('link', { name: 'Inbox (1)' })).toBeInTheDocument();
  const [account, post] = within(list).getAllByRole('listitem');
  const link = within(account!).getByRole('link');
  expect(link).toHaveTextContent('Unread: A passkey named "Work laptop" was added to your account.');
  expect(link).toHaveAttribute('href', '/admin/account');
  expect(account).toHaveTextContent(/Your account, /);
  expect(account).not.toHaveTextContent(/“|null|undefined/);
  expect(within(post!).getByRole('link')).toHaveAttribute('href', '/admin/edit/5');

  await user.click(link);
  expect(await screen.findByRole('heading', { level: 1, name: 'Account' })).toBeInTheDocument();
  await waitFor(() => expect(marked).toEqual([{ ids: [4] }]));
  expect(await screen.findByRole('link', { name: 'Inbox (0)' })).toBeInTheDocument();
});

test("the inbox's unread count follows a change made to one's sign-in settings", async () => {
  let unread = 0;
  server.use(
    http.get(`${API}/notifications`, () =>
      HttpResponse.json({
        items: unread === 0 ? [] : [accountNotice(1, 'Your authenticator app was turned off.', false)],
        unread,
      }),
    ),
    http.get(`${API}/account/second-factor`, () =>
      HttpResponse.json({
        passkeys: [],
        totp: unread === 0,
        recoveryCodes: 10,
        policy: 'none',
        setupRequired: false,
      }),
    ),
    http.post(`${API}/account/totp/off`, () => {
      unread = 1;
      return new HttpResponse(null, { status: 204 });
    }),
  );
  const { user } = renderApp('/admin/account');
  const app = await screen.findByRole('region', { name: 'Authenticator app' });
  expect(await screen.findByRole('link', { name: 'Inbox (0)' })).toBeInTheDocument();
  await user.type(within(app).getByLabelText('A current code or your password'), '654321');
  await user.click(within(app).getByRole('button', { name: 'Turn off' }));
  expect(await screen.findByRole('link', { name: 'Inbox (1)' })).toBeInTheDocument();
});
