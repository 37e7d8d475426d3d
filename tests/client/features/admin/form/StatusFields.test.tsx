// The Status control of the editor. "Publish at" is the admin's wall-clock time, sent with the offset in force at
// that date. jest's zone cannot change per file, so an admin in Paris is played by their offsets (+01:00 in winter,
// +02:00 from April to October, near enough for these dates).
import { File as NodeFile } from 'node:buffer';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { NewPostPage } from '../../../../../src/client/features/admin/pages/NewPostPage';
import { isoToLocalInput, localInputToIso } from '../../../../../src/client/features/admin/draft/localTime';
import {
  clearPendingImages,
  getPendingImages,
  setPendingImage,
} from '../../../../../src/client/features/admin/images/pendingImages';
import { samplePost } from '../../../fixtures/posts';
import { API, server } from '../../../helpers/mswServer';
import { renderWithProviders } from '../../../helpers/renderWithProviders';
import { withEditorLifecycle } from '../editorLifecycle';

const alerts = withEditorLifecycle();
afterEach(() => {
  clearPendingImages('edit:7:');
  jest.restoreAllMocks();
});

/** Plays an admin in Paris: Date's offsets are Paris's (the wall-clock getters are what the admin typed). */
function inParis() {
  return jest.spyOn(Date.prototype, 'getTimezoneOffset').mockImplementation(function (this: Date) {
    const month = this.getMonth();
    return month >= 3 && month <= 9 ? -120 : -60;
  });
}

function capturePosts() {
  const bodies: Record<string, unknown>[] = [];
  server.use(
    http.post(`${API}/blogs`, async ({ request }) => {
      bodies.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json({ ...samplePost, id: 42 }, { status: 201 });
    }),
  );
  return bodies;
}

test('local times become ISO 8601 with the offset of that date, and back', () => {
  // In the machine's own zone: what the admin typed comes back unchanged, and names the same instant.
  const iso = localInputToIso('2026-11-28T09:30');
  expect(iso).toMatch(/^2026-11-28T09:30:00[+-]\d{2}:\d{2}$/);
  expect(new Date(iso!).getTime()).toBe(new Date(2026, 10, 28, 9, 30).getTime());
  expect(isoToLocalInput(iso)).toBe('2026-11-28T09:30');
  expect(localInputToIso('')).toBeNull();
  expect(localInputToIso('2026-02-31T10:00')).toBeNull();
  expect(localInputToIso('tomorrow')).toBeNull();
  expect(isoToLocalInput('not a date')).toBe('');

  const paris = inParis();
  expect(localInputToIso('2026-11-28T09:30')).toBe('2026-11-28T09:30:00+01:00');
  expect(localInputToIso('2026-07-04T18:05')).toBe('2026-07-04T18:05:00+02:00');
  paris.mockRestore();
});

test('new posts default to Published and send the seed body (no status fields)', async () => {
  const bodies = capturePosts();
  const { user } = renderWithProviders(<NewPostPage />, { route: '/admin' });
  expect(screen.getByLabelText('Status')).toHaveValue('published');
  expect(screen.queryByLabelText(/Publish at/)).not.toBeInTheDocument();
  await user.type(screen.getByLabelText('Access Token'), 'tok');
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  await waitFor(() => expect(alerts()).toHaveBeenCalledWith('Blog form submitted successfully!'));
  expect(bodies[0]).not.toHaveProperty('status');
  expect(bodies[0]).not.toHaveProperty('publishAt');
});

test('Scheduled reveals "Publish at" and sends the local time with its offset', async () => {
  const paris = inParis();
  const bodies = capturePosts();
  const { user } = renderWithProviders(<NewPostPage />, { route: '/admin' });
  await user.selectOptions(screen.getByLabelText('Status'), 'Scheduled');
  const when = screen.getByLabelText(/Publish at/);
  expect(when).toHaveAttribute('type', 'datetime-local');
  expect(screen.getByText('Your local time (UTC+01:00).')).toBeInTheDocument();
  fireEvent.change(when, { target: { value: '2026-11-28T09:30' } });
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  await waitFor(() => expect(alerts()).toHaveBeenCalledWith('Blog form submitted successfully!'));
  expect(bodies[0]).toMatchObject({ status: 'published', publishAt: '2026-11-28T09:30:00+01:00' });
  expect(screen.getByText(/Scheduled “How the Press Won the Derby” for/)).toBeInTheDocument();
  paris.mockRestore();
});

test('Scheduled without a time is refused before anything is sent (it would publish at once)', async () => {
  const bodies = capturePosts();
  const { user } = renderWithProviders(<NewPostPage />, { route: '/admin' });
  await user.selectOptions(screen.getByLabelText('Status'), 'Scheduled');
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  await waitFor(() => expect(alerts()).toHaveBeenCalledWith('Failed to submit blog form. Please try again.'));
  expect(screen.getByText(/Choose the date and time to publish at/)).toBeInTheDocument();
  expect(bodies).toHaveLength(0);
});

test('Draft sends status draft', async () => {
  const bodies = capturePosts();
  const { user } = renderWithProviders(<NewPostPage />, { route: '/admin' });
  await user.selectOptions(screen.getByLabelText('Status'), 'Draft');
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  await waitFor(() => expect(bodies).toHaveLength(1));
  expect(bodies[0]).toMatchObject({ status: 'draft', publishAt: null });
  expect(await screen.findByRole('link', { name: 'Preview the post' })).toHaveAttribute('href', '/admin/preview/42');
});

test('pending images are kept per draft: the edited post never touches the new post’s', () => {
  const file = (name: string) => new NodeFile([new Uint8Array([1])], name, { type: 'image/png' }) as unknown as File;
  setPendingImage('headerImage', file('new.png'));
  setPendingImage('headerImage', file('edit.png'), 'edit:7:');
  expect(getPendingImages().headerImage?.file.name).toBe('new.png');
  expect(getPendingImages('edit:7:').headerImage?.file.name).toBe('edit.png');
  clearPendingImages('edit:7:');
  jest.restoreAllMocks();
  expect(getPendingImages().headerImage?.file.name).toBe('new.png');
  expect(getPendingImages('edit:7:')).toEqual({});
});

test("a contributor's Status control offers Draft only, and a restored Published draft becomes a draft", () => {
  renderWithProviders(<NewPostPage />, {
    route: '/admin',
    preloadedState: {
      auth: { user: { id: 9, email: 'c@example.com', name: 'Con', role: 'contributor' }, status: 'known' },
    },
  });
  const status = screen.getByLabelText('Status');
  expect(status).toHaveDisplayValue('Draft');
  expect(screen.getAllByRole('option', { name: /Draft|Published|Scheduled/ }).map((o) => o.textContent)).toEqual([
    'Draft',
  ]);
});

test("an author's Status control offers all three", () => {
  renderWithProviders(<NewPostPage />, {
    route: '/admin',
    preloadedState: {
      auth: { user: { id: 8, email: 'a@example.com', name: 'Au', role: 'author' }, status: 'known' },
    },
  });
  expect(screen.getAllByRole('option', { name: /Draft|Published|Scheduled/ }).map((o) => o.textContent)).toEqual([
    'Published',
    'Draft',
    'Scheduled',
  ]);
});
