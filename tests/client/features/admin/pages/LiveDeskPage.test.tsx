// The writer's desk: Ctrl+Enter (or Cmd+Enter) posts the update, which empties the box and keeps it focused for the
// next one; the unsent update outlives leaving the page; +1 saves the score at once; End coverage asks first; a failure
// reads as a sentence for the writer; the heading says "Live:" once.
import '../../../../../src/client/features/admin/pages/LiveDeskPage';
import '../../../../../src/client/features/admin/session/RequireSession';
import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { deskHeading } from '../../../../../src/client/features/admin/pages/LiveDeskPage';
import type { EntriesAnswer, LiveCoverage, LiveEntry } from '../../../../../src/contract/live';
import { LIVE_DRAFT_PREFIX } from '../../../../../src/client/features/admin/draft/liveDraftStorage';
import { API, server } from '../../../helpers/mswServer';
import { renderApp } from '../../../helpers/renderWithProviders';
import { editablePost } from '../adminFixtures';

const live: LiveCoverage = {
  state: 'live',
  startedAt: '2026-11-26T15:00:00.000Z',
  endedAt: null,
  match: { home: 'Arsenal', away: 'Chelsea', homeScore: '1', awayScore: '0', clock: "12'" },
};

/** The desk's server: post 7, live, no entries yet; records what the desk sends. */
function deskApi() {
  const sent: { method: string; url: string; body: unknown }[] = [];
  let next = 1;
  server.use(
    http.get(`${API}/blogs/7`, () => HttpResponse.json(editablePost({ id: 7, title: 'Derby day', live }))),
    http.get(`${API}/blogs/7/entries`, () =>
      HttpResponse.json({ entries: [], pinned: null, hasOlder: false, live, lastEventId: 0 } satisfies EntriesAnswer),
    ),
    http.post(`${API}/blogs/7/entries`, async ({ request }) => {
      const body = (await request.json()) as { body: string; key?: boolean; pinned?: boolean };
      sent.push({ method: 'POST', url: request.url, body });
      const entry: LiveEntry = {
        id: next++,
        body: body.body,
        key: body.key ?? false,
        pinned: body.pinned ?? false,
        createdAt: '2026-11-26T15:12:00.000Z',
        updatedAt: '2026-11-26T15:12:00.000Z',
        author: { name: 'Olive Owner' },
      };
      return HttpResponse.json(entry, { status: 201 });
    }),
    http.put(`${API}/blogs/7/live`, async ({ request }) => {
      const body = (await request.json()) as { state: 'live'; match: LiveCoverage['match'] };
      sent.push({ method: 'PUT', url: request.url, body });
      return HttpResponse.json({ ...live, match: body.match });
    }),
  );
  return sent;
}

afterEach(() => localStorage.clear());

test('Ctrl+Enter posts the update; the box empties and keeps focus; Cmd+Enter posts the next', async () => {
  const sent = deskApi();
  const { user } = renderApp('/admin/live/7');
  const update = await screen.findByRole('textbox', { name: 'Update' });
  await user.type(update, 'GOAL! Saka');
  await user.click(screen.getByRole('checkbox', { name: 'Key event' }));
  await user.click(update);
  await user.keyboard('{Control>}{Enter}{/Control}');
  await waitFor(() => expect(sent).toHaveLength(1));
  expect(sent[0].body).toEqual({ body: 'GOAL! Saka', key: true, pinned: false });
  await waitFor(() => expect(update).toHaveValue(''));
  expect(update).toHaveFocus();
  expect(await screen.findByText('GOAL! Saka')).toBeInTheDocument();

  await user.keyboard('Corner');
  await user.keyboard('{Meta>}{Enter}{/Meta}');
  await waitFor(() => expect(sent).toHaveLength(2));
  expect(sent[1].body).toMatchObject({ body: 'Corner' });
  // A plain Enter is a new line, not a post.
  await user.keyboard('Line one{Enter}line two');
  expect(sent).toHaveLength(2);
  expect(update).toHaveValue('Line one\nline two');
});

test('the unsent update survives leaving the desk and coming back', async () => {
  deskApi();
  const first = renderApp('/admin/live/7');
  await first.user.type(await screen.findByRole('textbox', { name: 'Update' }), 'Half-written');
  await first.user.click(screen.getByRole('checkbox', { name: 'Pin' }));
  first.unmount();
  expect(JSON.parse(localStorage.getItem(`${LIVE_DRAFT_PREFIX}7`) ?? 'null')).toMatchObject({ body: 'Half-written' });

  renderApp('/admin/live/7');
  expect(await screen.findByRole('textbox', { name: 'Update' })).toHaveValue('Half-written');
  expect(screen.getByRole('checkbox', { name: 'Pin' })).toBeChecked();
});

test('+1 saves the raised score at once', async () => {
  const sent = deskApi();
  const { user } = renderApp('/admin/live/7');
  await waitFor(() => expect(screen.getByRole('textbox', { name: 'Home score' })).toHaveValue('1'));
  await user.click(screen.getByRole('button', { name: 'Home score +1' }));
  await waitFor(() => expect(sent).toHaveLength(1));
  expect(sent[0]).toMatchObject({ method: 'PUT', body: { state: 'live', match: { homeScore: '2', awayScore: '0' } } });
  expect(await screen.findByText('Arsenal 2–0 Chelsea')).toBeInTheDocument();
});

test('End coverage asks first in its row and ends nothing on Cancel; Start asks nothing', async () => {
  const sent = deskApi();
  const { user } = renderApp('/admin/live/7');
  await user.click(await screen.findByRole('button', { name: 'End coverage' }));
  const question = screen.getByRole('group', { name: 'End coverage?' });
  expect(screen.getByRole('button', { name: 'End coverage now' })).toHaveFocus();
  await user.click(within(question).getByRole('button', { name: 'Cancel' }));
  expect(sent).toHaveLength(0);
  await user.click(screen.getByRole('button', { name: 'End coverage' }));
  await user.click(screen.getByRole('button', { name: 'End coverage now' }));
  await waitFor(() => expect(sent).toHaveLength(1));
  expect(sent[0]).toMatchObject({ method: 'PUT', body: { state: 'ended' } });
});

test('an update before Start is answered in a plain sentence, not in the API’s terms', async () => {
  deskApi();
  server.use(
    http.post(`${API}/blogs/7/entries`, () =>
      HttpResponse.json(
        { error: 'This post is not live: start coverage (PUT /api/blogs/:id/live with state "live") before posting.' },
        { status: 409 },
      ),
    ),
  );
  const { user } = renderApp('/admin/live/7');
  await user.type(await screen.findByRole('textbox', { name: 'Update' }), 'Teams are out');
  await user.click(screen.getByRole('button', { name: 'Post update' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(
    /^The update was not posted\. Start coverage first to post updates\.$/,
  );
});

test('the heading says "Live:" once, whether or not the title does', () => {
  expect(deskHeading('Live: Hillcrest v Rovers')).toBe('Live: Hillcrest v Rovers');
  expect(deskHeading('Hillcrest v Rovers')).toBe('Live: Hillcrest v Rovers');
  expect(deskHeading('Liverpool v Everton')).toBe('Live: Liverpool v Everton');
  expect(deskHeading(undefined)).toBe('Live coverage');
});
