// The desk's admin side: the review queue and its decisions, the inbox, the edit page's notes, the admin navigation's
// counts, what /admin/posts offers each role, a contributor's Submit for review, and the sign-in card's Forgot
// password?, each with its loading, empty and failed states, against msw answers shaped as the API's.
import '../preloadPages';
import '../../../../../src/client/features/admin/pages/ReviewPage';
import '../../../../../src/client/features/admin/pages/InboxPage';
import '../../../../../src/client/features/admin/components/AdminNav';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse, delay } from 'msw';
import { renderApp } from '../../../helpers/renderWithProviders';
import { API, OWNER, server } from '../../../helpers/mswServer';
import { adminApi, editablePost, summary } from '../adminFixtures';
import { withEditorLifecycle } from '../editorLifecycle';
import type { StaffUser } from '../../../../../src/contract/types';
import type { ReviewInfo, ReviewQueueEntry, StaffNotification } from '../../../../../src/contract/desk';
import {
  NOTE_NEEDED_TEXT,
  NOT_ALLOWED_TEXT,
  QUEUE_EMPTY_TEXT,
} from '../../../../../src/client/features/admin/pages/ReviewPage';
import { INBOX_EMPTY_TEXT } from '../../../../../src/client/features/admin/pages/InboxPage';
import { NOTE_LENGTH_TEXT } from '../../../../../src/client/features/admin/components/NotesPanel';
import { rowPermissions } from '../../../../../src/client/features/admin/components/postPermissions';
import { ASK_AN_OWNER, RESET_LINK_SENT } from '../../../../../src/client/features/auth/AuthPage';

const alerts = withEditorLifecycle();

const CONTRIBUTOR: StaffUser = { id: 9, email: 'cara@example.com', name: 'Cara Contributor', role: 'contributor' };
const signedInAs = (user: StaffUser) => server.use(http.get(`${API}/session`, () => HttpResponse.json({ user })));

const info = (submittedAt: string, name: string, submittedRevisionId: number | null = null): ReviewInfo => ({
  submittedAt,
  submittedBy: { id: 9, name },
  changedSince: submittedRevisionId !== null,
  submittedRevisionId,
});

/**
 * A queue of two as GET /api/reviews answers it, the oldest submission first: "Transfer news", then "Cup final"
 * (changed since it was submitted).
 */
function reviewApi({ queue = 200 }: { queue?: number } = {}) {
  let inReview: ReviewQueueEntry[] = [
    {
      post: editablePost({ id: 6, title: 'Transfer news', status: 'review' }),
      review: info('2026-11-24T09:00:00.000Z', 'Sam'),
    },
    {
      post: editablePost({ id: 5, title: 'Cup final', status: 'review' }),
      review: info('2026-11-25T10:00:00.000Z', 'Cara', 11),
    },
  ];
  const decisions: { id: string; body: unknown }[] = [];
  server.use(
    http.get(`${API}/reviews`, () => {
      if (queue !== 200) return HttpResponse.json({ error: 'The database is not answering' }, { status: queue });
      return HttpResponse.json(inReview);
    }),
    http.get(`${API}/blogs/5/revisions/11`, () => HttpResponse.json(editablePost({ id: 5, title: 'Cup final' }))),
    http.get(`${API}/blogs/5`, () =>
      HttpResponse.json(editablePost({ id: 5, title: 'Cup final tonight', status: 'review' }), {
        headers: { ETag: '"r2"' },
      }),
    ),
    http.post(`${API}/blogs/:id/review`, async ({ request, params }) => {
      decisions.push({ id: String(params.id), body: await request.json() });
      inReview = inReview.filter((entry) => String(entry.post.id) !== params.id);
      return HttpResponse.json(editablePost({ id: Number(params.id) }));
    }),
  );
  return decisions;
}

test('the review queue: oldest submission first, the changes since, and each decision sent as the API takes it', async () => {
  const decisions = reviewApi();
  const { user } = renderApp('/admin/review');
  const list = await screen.findByRole('list', { name: 'Posts in review' });
  expect(await screen.findByRole('link', { name: 'Review (2)' })).toBeInTheDocument();
  const rows = within(list).getAllByRole('heading', { level: 2 });
  expect(rows.map((heading) => heading.textContent)).toEqual(['Transfer news', 'Cup final']);
  expect(screen.getByText(/^Submitted by Sam on /)).toBeInTheDocument();

  // The word diff between the submitted version and the post now.
  const cup = within(list).getAllByRole('listitem')[1]!;
  expect(await within(cup).findByText('tonight', { selector: 'ins' })).toBeInTheDocument();
  expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Not changed since it was submitted.');
  expect(within(cup).getByRole('link', { name: 'Open “Cup final”' })).toHaveAttribute('href', '/admin/edit/5');

  // Request changes asks for the note in the row, and refuses an empty one.
  await user.click(within(cup).getByRole('button', { name: 'Request changes to “Cup final”' }));
  const note = within(cup).getByLabelText('Note to the writer');
  expect(note).toHaveFocus();
  await user.click(within(cup).getByRole('button', { name: 'Send request' }));
  expect(within(cup).getByRole('alert')).toHaveTextContent(NOTE_NEEDED_TEXT);
  expect(decisions).toEqual([]);
  await user.type(note, 'Cut the second paragraph');
  await user.click(within(cup).getByRole('button', { name: 'Send request' }));
  expect(await screen.findByText('Asked for changes to “Cup final”.')).toBeInTheDocument();
  expect(decisions).toEqual([{ id: '5', body: { decision: 'changes', note: 'Cut the second paragraph' } }]);
  await waitFor(() => expect(screen.queryByRole('heading', { name: 'Cup final' })).not.toBeInTheDocument());
  expect(await screen.findByRole('link', { name: 'Review (1)' })).toBeInTheDocument();

  // Schedule needs a time; Publish sends an approval alone.
  await user.click(screen.getByRole('button', { name: 'Schedule “Transfer news”' }));
  await user.click(screen.getByRole('button', { name: 'Schedule post' }));
  expect(screen.getByRole('alert')).toHaveTextContent('Choose the date and time to publish at.');
  await user.click(screen.getByRole('button', { name: 'Publish “Transfer news”' }));
  expect(await screen.findByText('Published “Transfer news”.')).toBeInTheDocument();
  expect(decisions[1]).toEqual({ id: '6', body: { decision: 'approve' } });
  expect(await screen.findByText(QUEUE_EMPTY_TEXT)).toBeInTheDocument();
});

test('the review queue says when it is loading, empty or failed, and is for editors and owners only', async () => {
  server.use(
    http.get(`${API}/reviews`, async () => {
      await delay(50);
      return HttpResponse.json([]);
    }),
  );
  const first = renderApp('/admin/review');
  expect(await screen.findByText('Loading the review queue...')).toBeInTheDocument();
  expect(await screen.findByText(QUEUE_EMPTY_TEXT)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Review (0)' })).toBeInTheDocument();
  first.unmount();

  reviewApi({ queue: 500 });
  const second = renderApp('/admin/review');
  expect(await screen.findByRole('alert')).toHaveTextContent('The database is not answering.');
  second.unmount();

  signedInAs(CONTRIBUTOR);
  renderApp('/admin/review');
  expect(await screen.findByRole('alert')).toHaveTextContent(NOT_ALLOWED_TEXT);
  expect(await screen.findByRole('link', { name: /^Inbox/ })).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: /^Review/ })).not.toBeInTheDocument();
});

const notification = (id: number, text: string, read: boolean): StaffNotification => ({
  id,
  kind: read ? 'changes' : 'published',
  postId: 5,
  postTitle: 'Cup final',
  actor: { name: 'Eddie Editor' },
  text,
  createdAt: '2026-11-25T10:00:00.000Z',
  read,
});

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

test('the edit page shows the notes newest last, resolves one and adds one, refusing an empty note', async () => {
  adminApi({ post: editablePost() });
  const added: unknown[] = [];
  const patched: unknown[] = [];
  let notes = [
    {
      id: 2,
      body: 'Check the score',
      author: { name: 'Eddie' },
      createdAt: '2026-11-25T11:00:00.000Z',
      resolved: false,
    },
    { id: 1, body: 'Nice intro', author: { name: 'Olive' }, createdAt: '2026-11-25T09:00:00.000Z', resolved: true },
  ];
  server.use(
    http.get(`${API}/blogs/7/notes`, () => HttpResponse.json(notes)),
    http.post(`${API}/blogs/7/notes`, async ({ request }) => {
      const { body } = (await request.json()) as { body: string };
      added.push(body);
      if (body === 'server says no') return HttpResponse.json({ error: 'Body is invalid' }, { status: 400 });
      const note = { id: 3, body, author: { name: 'Olive' }, createdAt: '2026-11-25T12:00:00.000Z', resolved: false };
      notes = [...notes, note];
      return HttpResponse.json(note, { status: 201 });
    }),
    http.patch(`${API}/blogs/7/notes/:noteId`, async ({ request, params }) => {
      patched.push({ noteId: params.noteId, body: await request.json() });
      notes = notes.map((note) => (String(note.id) === params.noteId ? { ...note, resolved: true } : note));
      return HttpResponse.json(notes.find((note) => String(note.id) === params.noteId));
    }),
  );
  const { user } = renderApp('/admin/edit/7');
  const list = await screen.findByRole('list', { name: 'Notes, newest last' });
  const bodies = () =>
    within(list)
      .getAllByRole('listitem')
      .map((item) => item.querySelector('p')?.textContent);
  expect(bodies()).toEqual(['Nice intro', 'Check the score']);
  expect(within(list).getAllByRole('button', { name: /^Resolve/ })).toHaveLength(1);
  await user.click(within(list).getByRole('button', { name: 'Resolve the note of Eddie' }));
  await waitFor(() => expect(within(list).queryByRole('button', { name: /^Resolve/ })).not.toBeInTheDocument());
  expect(patched).toEqual([{ noteId: '2', body: { resolved: true } }]);

  const field = screen.getByLabelText('New note');
  await user.click(screen.getByRole('button', { name: 'Add note' }));
  expect(screen.getByText(NOTE_LENGTH_TEXT)).toBeInTheDocument();
  expect(field).toHaveFocus();
  await user.type(field, 'server says no');
  await user.click(screen.getByRole('button', { name: 'Add note' }));
  expect(await screen.findByText('The note was not added. Body is invalid.')).toBeInTheDocument();
  await user.clear(field);
  await user.type(field, 'Add the second goal');
  await user.click(screen.getByRole('button', { name: 'Add note' }));
  await waitFor(() => expect(bodies()).toEqual(['Nice intro', 'Check the score', 'Add the second goal']));
  expect(field).toHaveValue('');
  expect(added).toEqual(['server says no', 'Add the second goal']);
});

test('rowPermissions: editors and owners everything; others their own posts; contributors only while open', () => {
  const mine = { id: 9, name: 'Cara' };
  const theirs = { id: 4, name: 'Sam' };
  const contributor = { id: 9, role: 'contributor' as const };
  const author = { id: 9, role: 'author' as const };
  const none = { edit: false, delete: false };
  const all = { edit: true, delete: true };
  expect(rowPermissions(contributor, { status: 'draft', createdBy: mine })).toEqual(all);
  expect(rowPermissions(contributor, { status: 'review', createdBy: mine })).toEqual(all);
  expect(rowPermissions(contributor, { status: 'published', createdBy: mine })).toEqual(none);
  expect(rowPermissions(contributor, { status: 'scheduled', createdBy: mine })).toEqual(none);
  expect(rowPermissions(contributor, { status: 'draft', createdBy: theirs })).toEqual(none);
  expect(rowPermissions(author, { status: 'published', createdBy: mine })).toEqual(all);
  expect(rowPermissions(author, { status: 'draft', createdBy: theirs })).toEqual(none);
  expect(rowPermissions({ id: 2, role: 'editor' }, { status: 'published', createdBy: theirs })).toEqual(all);
  expect(rowPermissions(null, { status: 'published', createdBy: theirs })).toEqual(all);
});

test("a contributor's /admin/posts offers Edit and Delete only on their own open posts", async () => {
  signedInAs(CONTRIBUTOR);
  const mine = { id: 9, name: 'Cara Contributor' };
  adminApi({
    pages: [
      [
        summary(3, 'My draft', { status: 'draft', createdBy: mine } as never),
        summary(4, 'My submission', { status: 'review', createdBy: mine } as never),
        summary(5, 'My published', { status: 'published', createdBy: mine } as never),
        summary(6, 'Their draft', { status: 'draft', createdBy: { id: 4, name: 'Sam' } } as never),
      ],
    ],
  });
  renderApp('/admin/posts');
  const table = await screen.findByRole('table');
  const row = (title: string) => within(table).getByRole('rowheader', { name: title }).closest('tr')!;
  expect(within(row('My submission')).getByText('In review')).toBeInTheDocument();
  for (const title of ['My draft', 'My submission']) {
    expect(within(row(title)).getByRole('link', { name: `Edit “${title}”` })).toBeInTheDocument();
    expect(within(row(title)).getByRole('button', { name: `Delete “${title}”` })).toBeInTheDocument();
  }
  for (const title of ['My published', 'Their draft']) {
    expect(within(row(title)).queryByRole('link', { name: /^Edit/ })).not.toBeInTheDocument();
    expect(within(row(title)).queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
    expect(within(row(title)).getByRole('link', { name: `History “${title}”` })).toBeInTheDocument();
  }
});

test("a contributor's editor offers Draft and In review, and Submit for review sends status 'review'", async () => {
  signedInAs(CONTRIBUTOR);
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.post(`${API}/blogs`, async ({ request }) => {
      bodies.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json(editablePost({ id: 42, status: 'review' }), { status: 201 });
    }),
  );
  const { user } = renderApp('/admin');
  const status = await screen.findByLabelText('Status');
  expect(
    within(status)
      .getAllByRole('option')
      .map((option) => option.textContent),
  ).toEqual(['Draft', 'In review']);
  await user.click(screen.getByRole('button', { name: 'Submit for review' }));
  await waitFor(() => expect(alerts()).toHaveBeenCalledWith('Blog form submitted successfully!'));
  expect(bodies[0]).toMatchObject({ status: 'review', publishAt: null });
  expect(screen.getByText(/^Submitted “.*” for review\./)).toBeInTheDocument();
});

test('Forgot password? mails a link where mail is configured and says the same for any email; else ask an owner', async () => {
  const asked: unknown[] = [];
  server.use(
    http.get(`${API}/session`, () => HttpResponse.json({ error: 'Not signed in' }, { status: 401 })),
    http.get(`${API}/password-reset-requests`, () => HttpResponse.json({ mail: true })),
    http.post(`${API}/password-reset-requests`, async ({ request }) => {
      asked.push(await request.json());
      return HttpResponse.json({ message: 'queued' }, { status: 202 });
    }),
  );
  const first = renderApp('/auth');
  const { user } = first;
  await user.click(await screen.findByRole('button', { name: 'Forgot password?' }));
  expect(screen.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeInTheDocument();
  expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  await user.type(screen.getByLabelText('Email'), 'nobody@example.com');
  await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
  expect(await screen.findByText(RESET_LINK_SENT)).toBeInTheDocument();
  expect(asked).toEqual([{ email: 'nobody@example.com' }]);
  await user.click(screen.getByRole('button', { name: 'Already have an account? Sign in' }));
  expect(screen.getByRole('heading', { level: 1, name: 'Sign In' })).toBeInTheDocument();
  first.unmount();

  server.use(http.get(`${API}/password-reset-requests`, () => HttpResponse.json({ mail: false })));
  renderApp('/auth');
  expect(await screen.findByText(ASK_AN_OWNER)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Forgot password?' })).not.toBeInTheDocument();
});

test('the admin navigation shows the unread count on every admin page, Review for the owner', async () => {
  server.use(
    http.get(`${API}/notifications`, () =>
      HttpResponse.json({ items: [notification(1, 'Submitted for review by Cara', false)], unread: 1 }),
    ),
  );
  expect(OWNER.role).toBe('owner');
  renderApp('/admin/account');
  const nav = await screen.findByRole('navigation', { name: 'Admin' });
  expect(await within(nav).findByRole('link', { name: 'Inbox (1)' })).toHaveAttribute('href', '/admin/inbox');
  expect(await within(nav).findByRole('link', { name: /^Review/ })).toHaveAttribute('href', '/admin/review');
  expect(within(nav).getByRole('link', { name: 'Account' })).toHaveAttribute('aria-current', 'page');
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
