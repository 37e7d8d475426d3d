// /admin/members: the counts by status, the list with its search and paging, Remove asked in the row, the export link
// and the CSV import's report.
import '../preloadPages';
import '../../../../../src/client/features/admin/pages/MembersPage';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Member, MemberList } from '../../../../../src/contract/members';
import { renderApp } from '../../../helpers/renderWithProviders';
import { API, OWNER, server } from '../../../helpers/mswServer';
import { MEMBERS_FORBIDDEN_TEXT } from '../../../../../src/client/features/admin/pages/MembersPage';

const member = (id: number, extra: Partial<Member> = {}): Member => ({
  id,
  email: `reader${id}@example.com`,
  name: `Reader ${id}`,
  status: 'active',
  all: false,
  tags: ['football'],
  createdAt: '2026-11-20T10:00:00.000Z',
  ...extra,
});
const COUNTS = { pending: 1, active: 2, unsubscribed: 0, bounced: 0 };

test('the counts by status, the members of one search, the next page and back', async () => {
  const queries: string[] = [];
  server.use(
    http.get(`${API}/members`, ({ request }) => {
      const query = new URL(request.url).searchParams;
      queries.push(query.toString());
      const page: MemberList = query.get('cursor')
        ? { items: [member(1)], counts: COUNTS, nextCursor: null }
        : {
            items: [member(3, { all: true, tags: [] }), member(2, { status: 'pending' })],
            counts: COUNTS,
            nextCursor: '2',
          };
      return HttpResponse.json(page);
    }),
  );
  const { user } = renderApp('/admin/members');
  const table = await screen.findByRole('table', { name: 'Members' });
  expect(within(table).getByRole('rowheader', { name: 'reader3@example.com' })).toBeInTheDocument();
  expect(within(table).getByText('All stories')).toBeInTheDocument();
  expect(within(table).getByText('Pending')).toBeInTheDocument();
  expect(within(table).getAllByText('Active')).toHaveLength(1);
  expect(screen.getByText('Active', { selector: 'dt' }).nextElementSibling).toHaveTextContent('2');
  expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/api/members/export');

  await user.click(screen.getByRole('button', { name: 'Next page' }));
  expect(await screen.findByRole('rowheader', { name: 'reader1@example.com' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Previous page' }));
  expect(await screen.findByRole('rowheader', { name: 'reader3@example.com' })).toBeInTheDocument();

  await user.type(screen.getByRole('searchbox', { name: 'Email' }), 'reader2');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'pending');
  await user.type(screen.getByRole('textbox', { name: 'Tag' }), 'football');
  await user.click(screen.getByRole('button', { name: 'Find members' }));
  await waitFor(() => expect(queries).toContain('q=reader2&status=pending&tag=football'));
});

test('Remove asks in the row first, then removes the member', async () => {
  let items = [member(1), member(2)];
  const removed: string[] = [];
  server.use(
    http.get(`${API}/members`, () => HttpResponse.json({ items, counts: COUNTS, nextCursor: null })),
    http.delete(`${API}/members/:id`, ({ params }) => {
      removed.push(String(params.id));
      items = items.filter((item) => String(item.id) !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  const { user } = renderApp('/admin/members');
  await user.click(await screen.findByRole('button', { name: 'Remove reader2@example.com' }));
  expect(removed).toEqual([]);
  const question = screen.getByRole('group', { name: 'Remove reader2@example.com?' });
  await user.click(within(question).getByRole('button', { name: 'Remove member' }));
  expect(await screen.findByText('Removed reader2@example.com.')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'reader2@example.com' })).not.toBeInTheDocument());
  expect(removed).toEqual(['2']);
});

test('a CSV import sends the file as text/csv and lists the rows it skipped by line', async () => {
  const sent: string[] = [];
  server.use(
    http.get(`${API}/members`, () => HttpResponse.json({ items: [], counts: COUNTS, nextCursor: null })),
    http.post(`${API}/members/import`, async ({ request }) => {
      sent.push(`${request.headers.get('content-type')}|${await request.text()}`);
      return HttpResponse.json({ imported: 1, skipped: [{ line: 3, error: 'email: must be an email address' }] });
    }),
  );
  const { user } = renderApp('/admin/members');
  const csv = 'email,name\nnew@example.com,New\nnot-an-email,Bad\n';
  await user.upload(await screen.findByLabelText('CSV file'), new File([csv], 'members.csv', { type: 'text/csv' }));
  expect(await screen.findByText('Imported 1 member; skipped 1 row.')).toBeInTheDocument();
  expect(within(screen.getByRole('list', { name: 'Skipped rows' })).getByRole('listitem')).toHaveTextContent(
    'Line 3: email: must be an email address',
  );
  expect(sent).toEqual([`text/csv|${csv}`]);
});

test('an author is told that only owners and editors manage members', async () => {
  server.use(http.get(`${API}/session`, () => HttpResponse.json({ user: { ...OWNER, role: 'author' } })));
  renderApp('/admin/members');
  expect(await screen.findByText(MEMBERS_FORBIDDEN_TEXT)).toBeInTheDocument();
});
