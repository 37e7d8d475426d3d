// /admin/review: the queue as GET /api/reviews answers it, the changes since each submission, the decisions, and the
// loading, empty, failed and not-allowed states.
import '../preloadPages';
import '../../../../../src/client/features/admin/pages/ReviewPage';
import '../../../../../src/client/features/admin/components/AdminNav';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse, delay } from 'msw';
import { renderApp } from '../../../helpers/renderWithProviders';
import { API, server } from '../../../helpers/mswServer';
import { CONTRIBUTOR, editablePost, signedInAs } from '../adminFixtures';
import { withEditorLifecycle } from '../editorLifecycle';
import type { ReviewInfo, ReviewQueueEntry } from '../../../../../src/contract/desk';
import { NOT_ALLOWED_TEXT, QUEUE_EMPTY_TEXT } from '../../../../../src/client/features/admin/pages/ReviewPage';
import { NOTE_LENGTH_TEXT } from '../../../../../src/client/features/admin/components/noteRule';

withEditorLifecycle();

const info = (submittedAt: string, name: string, submittedRevisionId: number | null = null): ReviewInfo => ({
  submittedAt,
  submittedBy: { id: 9, name },
  changedSince: submittedRevisionId !== null,
  submittedRevisionId,
  sinceChanges: null,
});

/**
 * A queue of two as GET /api/reviews answers it, the oldest submission first: "Transfer news", then "Cup final"
 * (changed since it was submitted).
 */
function reviewApi({ queue = 200 }: { queue?: number } = {}) {
  let inReview: ReviewQueueEntry[] = [
    {
      post: { ...editablePost({ id: 6, title: 'Transfer news', status: 'review' }), createdBy: null, updatedBy: null },
      review: info('2026-11-24T09:00:00.000Z', 'Sam'),
    },
    {
      post: {
        ...editablePost({ id: 5, title: 'Cup final', status: 'review' }),
        createdBy: { id: 4, name: 'Cara' },
        updatedBy: null,
      },
      // A submission with no one recorded (the admin token's): the row names the post's writer instead.
      review: { ...info('2026-11-25T10:00:00.000Z', 'Cara', 11), submittedBy: null },
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
  expect(screen.getByText(/^Submitted by Cara on /)).toBeInTheDocument();

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
  expect(within(cup).getByRole('alert')).toHaveTextContent(NOTE_LENGTH_TEXT);
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

test('a post submitted again after a request for changes shows what changed since the request', async () => {
  const sentBack = { at: '2026-11-25T11:00:00.000Z', by: 'Ed' };
  server.use(
    http.get(`${API}/reviews`, () =>
      HttpResponse.json([
        {
          post: {
            ...editablePost({ id: 7, title: 'Derby report', status: 'review' }),
            createdBy: null,
            updatedBy: null,
          },
          // Submitted again as it was sent back: the submission itself is the post, and so is the version sent back.
          review: {
            ...info('2026-11-25T12:00:00.000Z', 'Sam'),
            sinceChanges: { ...sentBack, changedSince: false, revisionId: null },
          },
        },
        {
          post: {
            ...editablePost({ id: 8, title: 'Derby ratings', status: 'review' }),
            createdBy: null,
            updatedBy: null,
          },
          review: {
            ...info('2026-11-25T12:30:00.000Z', 'Sam'),
            sinceChanges: { ...sentBack, changedSince: true, revisionId: 21 },
          },
        },
      ]),
    ),
    http.get(`${API}/blogs/8/revisions/21`, () => HttpResponse.json(editablePost({ id: 8, title: 'Derby ratings' }))),
    http.get(`${API}/blogs/8`, () =>
      HttpResponse.json(editablePost({ id: 8, title: 'Derby ratings out of ten', status: 'review' }), {
        headers: { ETag: '"r3"' },
      }),
    ),
  );
  renderApp('/admin/review');
  const list = await screen.findByRole('list', { name: 'Posts in review' });
  const [unchanged, changed] = within(list).getAllByRole('listitem');
  expect(unchanged).toHaveTextContent('Not changed since changes were requested.');
  expect(
    await within(changed!).findByRole('heading', { name: 'Changed since changes were requested' }),
  ).toBeInTheDocument();
  expect(await within(changed!).findByText('out of ten', { selector: 'ins', exact: false })).toBeInTheDocument();
  expect(screen.queryByText(/since it was submitted/)).not.toBeInTheDocument();
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
