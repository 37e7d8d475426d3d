import '../preloadPages';
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../../helpers/renderWithProviders';
import { CONTRIBUTOR, TOKEN, adminApi, signedInAs, summary } from '../adminFixtures';
import { statusText } from '../../../../../src/client/features/admin/pages/PostsPage';
import { cancelPendingDraftSaves } from '../../../../../src/client/features/admin/draft/draftPersister';
import { DRAFT_STORAGE_KEY } from '../../../../../src/client/features/admin/draft/draftStorage';

afterEach(() => cancelPendingDraftSaves());

async function openWithToken(token = TOKEN) {
  const app = renderApp('/admin/posts');
  await screen.findByRole('heading', { level: 1, name: 'Posts' });
  await app.user.type(screen.getByLabelText('Access Token'), token);
  await app.user.click(screen.getByRole('button', { name: 'Show posts' }));
  return app;
}

test('a signed-in admin sees every post with no token typed: the session cookie reads them', async () => {
  const { seen } = adminApi({ pages: [[summary(4, 'Half-written Draft', { status: 'draft' })]] });
  renderApp('/admin/posts');
  const table = await screen.findByRole('table');
  expect(within(table).getByRole('rowheader', { name: 'Half-written Draft' })).toBeInTheDocument();
  expect(seen).toHaveLength(1);
  expect(seen[0].auth).toBeNull();
});

test('without a session or a token the list is refused and says so', async () => {
  adminApi({ signedIn: false });
  renderApp('/admin/posts');
  expect(await screen.findByRole('alert')).toHaveTextContent('The access token was not accepted (401).');
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
});

test('a wrong token (401) says so', async () => {
  adminApi();
  await openWithToken('wrong-token');
  expect(await screen.findByRole('alert')).toHaveTextContent('The access token was not accepted (401).');
  expect(screen.queryByRole('table')).not.toBeInTheDocument();
});

test('lists every post with its status, Edit and View links, and loads the next page', async () => {
  const scheduledAt = '2030-05-04T09:30:00+00:00';
  const { seen } = adminApi({
    pages: [
      [
        {
          ...summary(5, 'Cup Final Preview', { status: 'scheduled', publishAt: scheduledAt }),
          createdBy: { id: 3, name: 'Au Thor' },
          updatedBy: { id: 2, name: 'Ed Itor' },
        },
        summary(4, 'Half-written Draft', { status: 'draft' }),
      ],
      [summary(3, 'Derby Day')],
    ],
  });
  const { user } = await openWithToken();
  const table = await screen.findByRole('table');
  // The first read is the session's (the page opens with the list); Show posts then asks with the typed token.
  expect(seen[1]).toMatchObject({ auth: `Bearer ${TOKEN}` });
  expect(new URL(seen[1].url).searchParams.get('status')).toBe('all');
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent),
  ).toEqual(['Title', 'Status', 'Created by', 'Updated by', 'Actions']);

  const rows = () => within(table).getAllByRole('row').slice(1);
  expect(rows().map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
    'Cup Final Preview',
    'Half-written Draft',
  ]);
  const scheduled = rows()[0];
  const expectedTime = new Date(scheduledAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  expect(scheduled).toHaveTextContent(`Scheduled for ${expectedTime}`);
  expect(within(scheduled).getByRole('link', { name: /^Edit/ })).toHaveAttribute('href', '/admin/edit/5');
  expect(within(scheduled).getByRole('link', { name: /^View/ })).toHaveAttribute('href', '/admin/preview/5');
  expect(within(scheduled).getAllByRole('cell')[1]).toHaveTextContent(/^Au Thor$/);
  expect(within(scheduled).getAllByRole('cell')[2]).toHaveTextContent(/^Ed Itor$/);
  expect(rows()[1]).toHaveTextContent('Draft');

  await user.click(screen.getByRole('button', { name: 'Load more' }));
  await waitFor(() => expect(rows()).toHaveLength(3));
  const published = rows()[2];
  expect(published).toHaveTextContent('Derby Day');
  expect(published).toHaveTextContent('Published');
  expect(within(published).getByRole('link', { name: /^View/ })).toHaveAttribute('href', '/page/3');
  expect(new URL(seen[2].url).searchParams.get('cursor')).toBe('1');
  expect(seen[2].auth).toBe(`Bearer ${TOKEN}`);
  expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
});

test('Delete asks first: Cancel keeps the post, confirming deletes it and removes its row', async () => {
  const { seen } = adminApi({ pages: [[summary(4, 'Mistake'), summary(3, 'Derby Day')]] });
  const { user } = await openWithToken();
  const table = await screen.findByRole('table');
  await user.click(within(table).getByRole('button', { name: 'Delete “Mistake”' }));
  const question = screen.getByRole('group', { name: 'Delete “Mistake”?' });
  expect(within(question).getByRole('button', { name: 'Delete post' })).toHaveFocus();
  await user.click(within(question).getByRole('button', { name: 'Cancel' }));
  expect(seen.filter((request) => request.method === 'DELETE')).toHaveLength(0);
  expect(within(table).getByText('Mistake')).toBeInTheDocument();

  await user.click(within(table).getByRole('button', { name: 'Delete “Mistake”' }));
  await user.click(screen.getByRole('button', { name: 'Delete post' }));
  expect(await screen.findByText('Moved “Mistake” to the trash.')).toBeInTheDocument();
  expect(within(table).queryByText('Mistake')).not.toBeInTheDocument();
  expect(within(table).getByText('Derby Day')).toBeInTheDocument();
  const deletes = seen.filter((request) => request.method === 'DELETE');
  expect(deletes).toHaveLength(1);
  expect(deletes[0]).toMatchObject({ auth: `Bearer ${TOKEN}` });
  expect(new URL(deletes[0].url).pathname).toBe('/api/blogs/4');
});

test('a refused delete keeps the row and says why', async () => {
  adminApi({ pages: [[summary(4, 'Mistake')]], del: 401 });
  const { user } = await openWithToken();
  await user.click(await screen.findByRole('button', { name: 'Delete “Mistake”' }));
  await user.click(screen.getByRole('button', { name: 'Delete post' }));
  expect(await screen.findByText(/“Mistake” was not deleted\. The access token was not accepted/)).toBeInTheDocument();
  expect(screen.getByRole('rowheader', { name: 'Mistake' })).toBeInTheDocument();
});

test('the token typed in the editor is the one the posts page uses, and it is never stored', async () => {
  const { seen } = adminApi();
  const { user, router } = renderApp('/admin');
  await user.type(await screen.findByLabelText('Access Token'), TOKEN);
  // A draft change too: the draft is then written to storage, and the token must not be written with it.
  await user.type(screen.getByLabelText('Title'), ' (token check)');
  await waitFor(() => expect(localStorage.getItem(DRAFT_STORAGE_KEY)).toContain('(token check)'));
  await router.navigate('/admin/posts');
  // No second typing: the list loads with the editor's token.
  expect(await screen.findByRole('rowheader', { name: 'Derby Day' })).toBeInTheDocument();
  expect(screen.getByLabelText('Access Token')).toHaveValue(TOKEN);
  expect(seen[0].auth).toBe(`Bearer ${TOKEN}`);
  // Leaving the page writes whatever is still waiting for its delay.
  window.dispatchEvent(new Event('pagehide'));
  expect(JSON.stringify({ ...localStorage, ...sessionStorage })).not.toContain(TOKEN);
});

test('the Admin link of the top bar stays highlighted on the posts page', async () => {
  adminApi();
  renderApp('/admin/posts');
  await screen.findByRole('heading', { level: 1, name: 'Posts' });
  const main = screen.getByRole('navigation', { name: 'Main' });
  expect(within(main).getByRole('link', { name: 'Admin' }).className).toMatch(/active/);
});

test('status texts', () => {
  expect(statusText({ status: 'published', publishAt: null })).toBe('Published');
  expect(statusText({ status: 'draft', publishAt: null })).toBe('Draft');
  expect(statusText({ status: 'scheduled', publishAt: null })).toBe('Scheduled');
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
