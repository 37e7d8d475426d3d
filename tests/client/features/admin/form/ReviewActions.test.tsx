// A contributor's editor: the statuses it offers, and Submit for review.
import '../preloadPages';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../../helpers/renderWithProviders';
import { API, server } from '../../../helpers/mswServer';
import { CONTRIBUTOR, editablePost, signedInAs } from '../adminFixtures';
import { withEditorLifecycle } from '../editorLifecycle';

const alerts = withEditorLifecycle();

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
