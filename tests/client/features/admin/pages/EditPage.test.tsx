import '../preloadPages';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderApp } from '../../../helpers/renderWithProviders';
import { TOKEN, adminApi, editablePost } from '../adminFixtures';
import { makeStore } from '../../../../../src/client/app/store';
import { accessTokenChanged, sampleDraft } from '../../../../../src/client/features/admin/draft/editorSlice';
import { DRAFT_STORAGE_KEY } from '../../../../../src/client/features/admin/draft/draftStorage';

import { CONFLICT_TEXT } from '../../../../../src/client/features/admin/api/useSavePost';
import { withEditorLifecycle } from '../editorLifecycle';

const SUCCESS = 'Blog form submitted successfully!';
const FAILURE = 'Failed to submit blog form. Please try again.';

const alerts = withEditorLifecycle();

/** A store whose tab already holds the token (typed on /admin/posts or /admin). */
function storeWithToken() {
  const store = makeStore();
  store.dispatch(accessTokenChanged(TOKEN));
  return store;
}

const openEdit = (store = storeWithToken()) => renderApp('/admin/edit/7', { store });

test('opens the post filled in, fetched with the token (drafts open too)', async () => {
  const tags = [
    { name: 'Football', slug: 'football' },
    { name: 'Fútbol Sala', slug: 'futbol-sala' },
  ];
  const { seen } = adminApi({ post: { ...editablePost({ status: 'draft' }), tags } });
  openEdit();
  expect(await screen.findByRole('heading', { level: 1, name: 'Edit Blog Post' })).toBeInTheDocument();
  expect(await screen.findByLabelText('Title')).toHaveValue('How the Press Won the Derby');
  expect(screen.getByLabelText('Section 1, Title')).toHaveValue('The High Line');
  expect(screen.getByLabelText('Status')).toHaveValue('draft');
  expect(screen.getByLabelText('Author Name')).toHaveValue('Maya Okafor');
  expect(screen.getByLabelText('Tags')).toHaveValue('Football, Fútbol Sala');
  expect(seen[0]).toMatchObject({ method: 'GET', auth: `Bearer ${TOKEN}` });
});

test('a signed-in admin opens the post with no token typed: the session cookie reads it', async () => {
  const { seen } = adminApi();
  renderApp('/admin/edit/7');
  expect(await screen.findByLabelText('Title')).toHaveValue('How the Press Won the Derby');
  expect(seen[0].auth).toBeNull();
});

test('Submit saves with PUT and If-Match, shows the spec alert and keeps editing the saved version', async () => {
  const { seen } = adminApi();
  const { user } = openEdit();
  const title = await screen.findByLabelText('Title');
  await user.clear(title);
  await user.type(title, 'Derby Day, Revised');
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  await waitFor(() => expect(alerts()).toHaveBeenCalledWith(SUCCESS));
  const put = seen.find((request) => request.method === 'PUT');
  expect(put).toMatchObject({ ifMatch: '"v1"', auth: `Bearer ${TOKEN}` });
  expect(new URL(put!.url).pathname).toBe('/api/blogs/7');
  expect(put!.body).toMatchObject({
    header: { title: 'Derby Day, Revised', sections: [{ title: 'The High Line' }, { title: 'Two Midfields' }] },
    footer: { authorName: 'Maya Okafor', imageUrl: '/uploads/author.png' },
    status: 'published',
    publishAt: null,
  });
  expect(screen.getByText(/Saved “Derby Day, Revised”\./)).toBeInTheDocument();
  // A second save matches the version the first one made.
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  await waitFor(() => expect(seen.filter((request) => request.method === 'PUT')).toHaveLength(2));
  expect(seen.filter((request) => request.method === 'PUT')[1].ifMatch).toBe('"v2"');
});

test('each visit to Preview and Edit asks the server again, so neither shows a version from before a save', async () => {
  const { seen } = adminApi({ post: editablePost({ status: 'draft' }) });
  const { user } = openEdit();
  const gets = () => seen.filter((request) => request.method === 'GET').length;
  // Edit, save, Preview, back to Edit, twice: the second round trip switches pages that have loaded once already.
  for (const revised of ['Derby Day, Revised', 'Derby Day, Final']) {
    const title = await screen.findByLabelText('Title');
    await user.clear(title);
    await user.type(title, revised);
    alerts().mockClear();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(alerts()).toHaveBeenCalledWith(SUCCESS));
    const before = gets();
    await user.click(screen.getByRole('link', { name: 'Preview the post' }));
    expect(await screen.findByRole('heading', { level: 1, name: revised })).toBeInTheDocument();
    expect(gets()).toBe(before + 1);
    await user.click(screen.getByRole('link', { name: 'Edit' }));
    await waitFor(() => expect(gets()).toBe(before + 2));
    expect(await screen.findByLabelText('Title')).toHaveValue(revised);
  }
});

test('a 412 says the post changed elsewhere, overwrites nothing, and Reload brings the current version', async () => {
  const api = adminApi({ put: 412 });
  const { user } = openEdit();
  const title = await screen.findByLabelText('Title');
  await user.clear(title);
  await user.type(title, 'My stale edit');
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  await waitFor(() => expect(alerts()).toHaveBeenCalledWith(FAILURE));
  expect(screen.getByRole('alert')).toHaveTextContent(CONFLICT_TEXT);
  expect(screen.getByLabelText('Title')).toHaveValue('My stale edit');

  api.state.post = editablePost({ title: 'Changed elsewhere' });
  api.state.etag = '"v9"';
  await user.click(screen.getByRole('button', { name: 'Reload the post' }));
  await waitFor(() => expect(screen.getByLabelText('Title')).toHaveValue('Changed elsewhere'));
  expect(screen.queryByText(CONFLICT_TEXT)).not.toBeInTheDocument();
});

test('a wrong token says the access token was not accepted', async () => {
  adminApi();
  const store = makeStore();
  store.dispatch(accessTokenChanged('wrong-token'));
  renderApp('/admin/edit/7', { store });
  expect(await screen.findByRole('alert')).toHaveTextContent('The access token was not accepted (401).');
});

test('an unknown post says it was not found', async () => {
  adminApi();
  renderApp('/admin/edit/99', { store: storeWithToken() });
  expect(await screen.findByRole('alert')).toHaveTextContent('Blog not found.');
});

test('the edited post has its own draft: the new post at /admin is untouched, and both survive a reload', async () => {
  adminApi();
  const store = storeWithToken();
  const { user, router } = renderApp('/admin', { store });
  const newTitle = await screen.findByLabelText('Title');
  await user.clear(newTitle);
  await user.type(newTitle, 'My new post');
  await router.navigate('/admin/edit/7');
  await screen.findByRole('heading', { level: 1, name: 'Edit Blog Post' });
  await waitFor(() => expect(screen.getByLabelText('Title')).toHaveValue('How the Press Won the Derby'));
  const editTitle = screen.getByLabelText('Title');
  await user.clear(editTitle);
  await user.type(editTitle, 'Edited headline');
  fireEvent(window, new Event('pagehide'));
  await router.navigate('/admin');
  await screen.findByRole('heading', { level: 1, name: 'Create New Blog Post' });
  expect(screen.getByLabelText('Title')).toHaveValue('My new post');
  expect(store.getState().editor?.header.title).toBe('My new post');

  // Both drafts are in storage, apart, without the token.
  const saved = JSON.parse(localStorage.getItem(DRAFT_STORAGE_KEY) ?? 'null') as {
    draft: { header: { title: string } };
  };
  expect(saved.draft.header.title).toBe('My new post');
  const edit = JSON.parse(localStorage.getItem('touchline:edit:7') ?? 'null') as {
    etag: string;
    draft: { header: { title: string } };
  };
  expect(edit).toMatchObject({ etag: '"v1"', draft: { header: { title: 'Edited headline' } } });
  expect(JSON.stringify({ ...localStorage })).not.toContain(TOKEN);
});

test('after a reload the edited draft comes back with the version it started from', async () => {
  const { seen } = adminApi();
  localStorage.setItem(
    'touchline:edit:7',
    JSON.stringify({
      version: 1,
      etag: '"v1"',
      draft: { ...sampleDraft(), header: { ...sampleDraft().header, title: 'Kept edit' } },
    }),
  );
  const { user } = openEdit();
  expect(await screen.findByLabelText('Title')).toHaveValue('Kept edit');
  // Unsaved changes are never replaced by a fetch on arrival.
  expect(seen.filter((request) => request.method === 'GET')).toHaveLength(0);
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  await waitFor(() => expect(seen.some((request) => request.method === 'PUT')).toBe(true));
  expect(seen.find((request) => request.method === 'PUT')!.ifMatch).toBe('"v1"');
});
