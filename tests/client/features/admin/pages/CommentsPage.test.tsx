// /admin/comments: the pending and reported lists with their posts, authors, reports and text (as text), Approve,
// Reject and Ban member (asked in the row), bulk select, paging, "Comments (N)" in the navigation, and the settings
// form (owners save it, editors read it).
import '../preloadPages';
import '../../../../../src/client/features/admin/pages/CommentsPage';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { CommentSettings, ModeratedComment, ModerationList } from '../../../../../src/contract/comments';
import { renderApp } from '../../../helpers/renderWithProviders';
import { API, OWNER, server } from '../../../helpers/mswServer';
import { COMMENTS_FORBIDDEN_TEXT } from '../../../../../src/client/features/admin/pages/CommentsPage';
import { SETTINGS_OWNERS_ONLY_TEXT } from '../../../../../src/client/features/admin/comments/CommentSettingsForm';

const comment = (id: number, extra: Partial<ModeratedComment> = {}): ModeratedComment => ({
  id,
  postId: 7,
  postTitle: `Derby day ${id}`,
  body: `Comment ${id}`,
  author: { id: 100 + id, name: `Reader ${id}`, email: `reader${id}@example.com` },
  createdAt: '2026-11-20T10:00:00.000Z',
  status: 'pending',
  reports: [],
  ...extra,
});

const SETTINGS: CommentSettings = { moderation: 'first', heldWords: ['offside'], closeAfterDays: 30 };

/** The desk's server: the lists (pending ones waiting, reported ones approved with reports) and the decisions. */
function desk(items: ModeratedComment[], { pages = false }: { pages?: boolean } = {}) {
  let rows = items;
  const decided: unknown[] = [];
  const banned: string[] = [];
  const answer = (status: string, cursor: string | null): ModerationList => {
    const list = rows.filter((row) => (status === 'reported' ? row.reports.length > 0 : row.status === 'pending'));
    const page = pages ? (cursor ? list.slice(1) : list.slice(0, 1)) : list;
    return {
      items: page,
      nextCursor: pages && !cursor && list.length > 1 ? String(page[0]!.id) : null,
      pending: rows.filter((row) => row.status === 'pending').length,
      reported: rows.filter((row) => row.reports.length > 0).length,
    };
  };
  const decide = (ids: number[], decision: string) => {
    decided.push({ ids, decision });
    rows =
      decision === 'reject'
        ? rows.filter((row) => !ids.includes(row.id))
        : rows.map((row) => (ids.includes(row.id) ? { ...row, status: 'approved', reports: [] } : row));
    return HttpResponse.json({ ids });
  };
  server.use(
    http.get(`${API}/comments`, ({ request }) => {
      const query = new URL(request.url).searchParams;
      return HttpResponse.json(answer(query.get('status') ?? 'pending', query.get('cursor')));
    }),
    http.post(`${API}/comments/:id/moderate`, async ({ params, request }) => {
      const { decision } = (await request.json()) as { decision: string };
      return decide([Number(params.id)], decision);
    }),
    http.post(`${API}/comments/moderate`, async ({ request }) => {
      const { ids, decision } = (await request.json()) as { ids: number[]; decision: string };
      return decide(ids, decision);
    }),
    http.post(`${API}/members/:id/ban`, ({ params }) => {
      banned.push(String(params.id));
      rows = rows.filter((row) => String(row.author.id) !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
    http.get(`${API}/comments/settings`, () => HttpResponse.json(SETTINGS)),
  );
  return { decided, banned };
}

test('each pending comment with its post, author and text as text; the counts in the navigation and the switch', async () => {
  desk([
    comment(1, { body: '<script>alert(1)</script> see javascript:alert(2)' }),
    comment(2),
    comment(3, { status: 'approved', reports: [{ reason: 'Abusive', createdAt: '2026-11-20T11:00:00.000Z' }] }),
  ]);
  renderApp('/admin/comments');
  const list = await screen.findByRole('list', { name: 'Pending comments' });
  const cards = within(list).getAllByRole('listitem');
  expect(cards).toHaveLength(2);
  expect(within(cards[0]!).getByText('<script>alert(1)</script> see javascript:alert(2)')).toBeInTheDocument();
  expect(cards[0]!.querySelector('script')).toBeNull();
  expect(within(cards[0]!).getByRole('link', { name: 'Derby day 1' })).toHaveAttribute('href', '/page/7');
  expect(cards[0]).toHaveTextContent('Reader 1 (reader1@example.com) on Derby day 1');
  expect(screen.getByRole('link', { name: 'Comments (3)' })).toHaveAttribute('href', '/admin/comments');
  expect(screen.getByRole('button', { name: 'Pending (2)' })).toHaveAttribute('aria-pressed', 'true');
});

test('the reported list shows each report’s reason; Approve keeps the comment and clears it from the list', async () => {
  const { decided } = desk([
    comment(3, {
      status: 'approved',
      reports: [
        { reason: 'Abusive', createdAt: '2026-11-20T11:00:00.000Z' },
        { reason: '', createdAt: '2026-11-20T12:00:00.000Z' },
      ],
    }),
  ]);
  const { user } = renderApp('/admin/comments');
  await user.click(await screen.findByRole('button', { name: 'Reported (1)' }));
  const list = await screen.findByRole('list', { name: 'Reported comments' });
  expect(list).toHaveTextContent('Reported 2 times:');
  expect(within(list).getByText('Abusive')).toBeInTheDocument();
  expect(within(list).getByText('No reason given')).toBeInTheDocument();
  await user.click(within(list).getByRole('button', { name: 'Approve comment by Reader 3 on Derby day 3' }));
  expect(await screen.findByText('Approved 1 comment.')).toHaveFocus();
  expect(await screen.findByText('No reported comments.')).toBeInTheDocument();
  expect(decided).toEqual([{ ids: [3], decision: 'approve' }]);
});

test('Reject removes one comment; Ban member asks in the row first', async () => {
  const { decided, banned } = desk([comment(1), comment(2)]);
  const { user } = renderApp('/admin/comments');
  await user.click(await screen.findByRole('button', { name: 'Reject comment by Reader 1 on Derby day 1' }));
  expect(await screen.findByText('Rejected 1 comment.')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByText('Comment 1')).not.toBeInTheDocument());
  expect(decided).toEqual([{ ids: [1], decision: 'reject' }]);

  await user.click(screen.getByRole('button', { name: 'Ban member reader2@example.com' }));
  expect(banned).toEqual([]);
  const question = screen.getByRole('group', { name: 'Ban reader2@example.com?' });
  expect(within(question).getByRole('button', { name: 'Ban member' })).toHaveFocus();
  await user.keyboard('{Enter}');
  expect(await screen.findByText('Banned reader2@example.com: their comments are hidden.')).toBeInTheDocument();
  expect(banned).toEqual(['102']);
  expect(await screen.findByText('No comments wait for approval.')).toBeInTheDocument();
});

test('bulk select: Select all approves every comment of the page in one request; reject asks first', async () => {
  const { decided } = desk([comment(1), comment(2), comment(3)]);
  const { user } = renderApp('/admin/comments');
  const approve = await screen.findByRole('button', { name: 'Approve selected (0)' });
  expect(approve).toBeDisabled();

  await user.click(screen.getByRole('checkbox', { name: 'Select comment by Reader 1 on Derby day 1' }));
  const all = screen.getByRole('checkbox', { name: 'Select all' });
  expect(all).toHaveProperty('indeterminate', true);
  await user.click(screen.getByRole('checkbox', { name: 'Select comment by Reader 2 on Derby day 2' }));
  await user.click(screen.getByRole('button', { name: 'Reject selected (2)' }));
  expect(decided).toEqual([]);
  const question = screen.getByRole('group', { name: 'Reject 2 comments?' });
  await user.click(within(question).getByRole('button', { name: 'Reject selected' }));
  expect(await screen.findByText('Rejected 2 comments.')).toBeInTheDocument();
  expect(decided).toEqual([{ ids: [1, 2], decision: 'reject' }]);

  await user.click(await screen.findByRole('checkbox', { name: 'Select all' }));
  await user.click(screen.getByRole('button', { name: 'Approve selected (1)' }));
  expect(await screen.findByText('Approved 1 comment.')).toBeInTheDocument();
  expect(decided).toEqual([
    { ids: [1, 2], decision: 'reject' },
    { ids: [3], decision: 'approve' },
  ]);
});

test('the pages follow nextCursor and come back', async () => {
  desk([comment(1), comment(2)], { pages: true });
  const { user } = renderApp('/admin/comments');
  expect(await screen.findByText('Comment 1')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Next page' }));
  expect(await screen.findByText('Comment 2')).toBeInTheDocument();
  expect(screen.queryByText('Comment 1')).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Previous page' }));
  expect(await screen.findByText('Comment 1')).toBeInTheDocument();
});

test('a failed decision says why and leaves the comment', async () => {
  desk([comment(1)]);
  server.use(
    http.post(`${API}/comments/:id/moderate`, () =>
      HttpResponse.json({ error: 'Only editors and owners moderate' }, { status: 403 }),
    ),
  );
  const { user } = renderApp('/admin/comments');
  await user.click(await screen.findByRole('button', { name: 'Approve comment by Reader 1 on Derby day 1' }));
  expect(await screen.findByText('Only editors and owners moderate.')).toBeInTheDocument();
  expect(screen.getByText('Comment 1')).toBeInTheDocument();
});

test('an owner saves the settings: the mode, the held words one a line, the days', async () => {
  desk([]);
  const saved: unknown[] = [];
  server.use(
    http.put(`${API}/comments/settings`, async ({ request }) => {
      const body = (await request.json()) as CommentSettings;
      saved.push(body);
      return HttpResponse.json(body);
    }),
  );
  const { user } = renderApp('/admin/comments');
  const form = await screen.findByRole('form', { name: 'Settings' });
  expect(
    within(form).getByRole('radio', { name: "Hold a member's comments until one of theirs has been approved" }),
  ).toBeChecked();
  expect(within(form).getByRole('textbox', { name: 'Held words' })).toHaveValue('offside');
  await user.click(within(form).getByRole('radio', { name: 'Hold every comment for approval' }));
  await user.type(within(form).getByRole('textbox', { name: 'Held words' }), '\n  var \n\nreferee');
  const days = within(form).getByRole('spinbutton', { name: 'Days until comments close' });
  await user.clear(days);
  await user.type(days, '0');
  await user.click(within(form).getByRole('button', { name: 'Save settings' }));
  expect(await screen.findByText('Comment settings saved.')).toBeInTheDocument();
  expect(saved).toEqual([{ moderation: 'all', heldWords: ['offside', 'var', 'referee'], closeAfterDays: 0 }]);
});

test('a refused save is an alert; a bad number is refused before asking the server', async () => {
  desk([]);
  const saved: unknown[] = [];
  server.use(
    http.put(`${API}/comments/settings`, () => {
      saved.push(1);
      return HttpResponse.json({ error: 'heldWords.0: must be at most 100 characters' }, { status: 400 });
    }),
  );
  const { user } = renderApp('/admin/comments');
  const form = await screen.findByRole('form', { name: 'Settings' });
  const days = within(form).getByRole('spinbutton', { name: 'Days until comments close' });
  await user.clear(days);
  await user.click(within(form).getByRole('button', { name: 'Save settings' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'Not saved. Days until comments close must be a whole number, 0 or more.',
  );
  expect(saved).toEqual([]);
  await user.type(days, '5');
  await user.click(within(form).getByRole('button', { name: 'Save settings' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Not saved. heldWords.0: must be at most 100 characters.');
});

test('an editor moderates and reads the settings without changing them', async () => {
  desk([comment(1)]);
  server.use(http.get(`${API}/session`, () => HttpResponse.json({ user: { ...OWNER, role: 'editor' } })));
  renderApp('/admin/comments');
  expect(await screen.findByText('Comment 1')).toBeInTheDocument();
  const form = await screen.findByRole('form', { name: 'Settings' });
  expect(within(form).getByText(SETTINGS_OWNERS_ONLY_TEXT)).toBeInTheDocument();
  expect(within(form).getByRole('radio', { name: 'Hold every comment for approval' })).toBeDisabled();
  expect(within(form).getByRole('textbox', { name: 'Held words' })).toHaveAttribute('readonly');
  expect(within(form).queryByRole('button', { name: 'Save settings' })).not.toBeInTheDocument();
});

test('an author is told that only owners and editors moderate, and has no Comments link', async () => {
  server.use(http.get(`${API}/session`, () => HttpResponse.json({ user: { ...OWNER, role: 'author' } })));
  renderApp('/admin/comments');
  expect(await screen.findByText(COMMENTS_FORBIDDEN_TEXT)).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: /^Comments/ })).not.toBeInTheDocument();
});
