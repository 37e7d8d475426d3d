// The admin navigation: the unread count on every admin page, and Review for those who decide on it.
import '../preloadPages';
import '../../../../../src/client/features/admin/components/AdminNav';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../../helpers/renderWithProviders';
import { API, OWNER, server } from '../../../helpers/mswServer';
import { notification } from '../adminFixtures';
import { withEditorLifecycle } from '../editorLifecycle';

withEditorLifecycle();

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
