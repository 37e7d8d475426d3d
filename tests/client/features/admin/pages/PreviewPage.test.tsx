import '../preloadPages';
import { screen } from '@testing-library/react';
import { renderApp } from '../../../helpers/renderWithProviders';
import { TOKEN, adminApi, editablePost } from '../adminFixtures';
import { makeStore } from '../../../../../src/client/app/store';
import { accessTokenChanged } from '../../../../../src/client/features/admin/draft/editorSlice';

test('the admin holding the token previews a draft as readers will see it', async () => {
  const { seen } = adminApi({ post: editablePost({ status: 'draft' }) });
  const store = makeStore();
  store.dispatch(accessTokenChanged(TOKEN));
  renderApp('/admin/preview/7', { store });
  expect(await screen.findByRole('heading', { level: 1, name: 'How the Press Won the Derby' })).toBeInTheDocument();
  expect(screen.getByRole('note')).toHaveTextContent('Preview: Draft. Readers cannot see this post yet.');
  expect(seen[0].auth).toBe(`Bearer ${TOKEN}`);
});

test('without a token or a session the server may read it with, a draft is the not-found page', async () => {
  const { seen } = adminApi({ post: editablePost({ status: 'draft' }), signedIn: false });
  renderApp('/admin/preview/7');
  expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  expect(screen.queryByText('How the Press Won the Derby')).not.toBeInTheDocument();
  expect(seen[0].auth).toBeNull();
});
