// The edit page's editorial notes: newest last, resolving one, adding one, and refusing an empty one.
import '../preloadPages';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { renderApp } from '../../../helpers/renderWithProviders';
import { API, server } from '../../../helpers/mswServer';
import { adminApi, editablePost } from '../adminFixtures';
import { withEditorLifecycle } from '../editorLifecycle';
import { NOTE_LENGTH_TEXT } from '../../../../../src/client/features/admin/components/noteRule';

withEditorLifecycle();

test('the edit page shows the notes newest last, resolves one and adds one, refusing an empty note', async () => {
  adminApi({ post: editablePost() });
  const added: unknown[] = [];
  const patched: unknown[] = [];
  let notes = [
    {
      id: 2,
      body: 'Check the score',
      author: { name: 'Eddie' },
      createdAt: '2026-11-25T11:00:00.000Z',
      resolved: false,
    },
    { id: 1, body: 'Nice intro', author: { name: 'Olive' }, createdAt: '2026-11-25T09:00:00.000Z', resolved: true },
  ];
  server.use(
    http.get(`${API}/blogs/7/notes`, () => HttpResponse.json(notes)),
    http.post(`${API}/blogs/7/notes`, async ({ request }) => {
      const { body } = (await request.json()) as { body: string };
      added.push(body);
      if (body === 'server says no') return HttpResponse.json({ error: 'Body is invalid' }, { status: 400 });
      const note = { id: 3, body, author: { name: 'Olive' }, createdAt: '2026-11-25T12:00:00.000Z', resolved: false };
      notes = [...notes, note];
      return HttpResponse.json(note, { status: 201 });
    }),
    http.patch(`${API}/blogs/7/notes/:noteId`, async ({ request, params }) => {
      patched.push({ noteId: params.noteId, body: await request.json() });
      notes = notes.map((note) => (String(note.id) === params.noteId ? { ...note, resolved: true } : note));
      return HttpResponse.json(notes.find((note) => String(note.id) === params.noteId));
    }),
  );
  const { user } = renderApp('/admin/edit/7');
  const list = await screen.findByRole('list', { name: 'Notes, newest last' });
  const bodies = () =>
    within(list)
      .getAllByRole('listitem')
      .map((item) => item.querySelector('p')?.textContent);
  expect(bodies()).toEqual(['Nice intro', 'Check the score']);
  expect(within(list).getAllByRole('button', { name: /^Resolve/ })).toHaveLength(1);
  await user.click(within(list).getByRole('button', { name: 'Resolve the note of Eddie' }));
  await waitFor(() => expect(within(list).queryByRole('button', { name: /^Resolve/ })).not.toBeInTheDocument());
  expect(patched).toEqual([{ noteId: '2', body: { resolved: true } }]);

  const field = screen.getByLabelText('New note');
  await user.click(screen.getByRole('button', { name: 'Add note' }));
  expect(screen.getByText(NOTE_LENGTH_TEXT)).toBeInTheDocument();
  expect(field).toHaveFocus();
  await user.type(field, 'server says no');
  await user.click(screen.getByRole('button', { name: 'Add note' }));
  expect(await screen.findByText('The note was not added. Body is invalid.')).toBeInTheDocument();
  await user.clear(field);
  await user.type(field, 'Add the second goal');
  await user.click(screen.getByRole('button', { name: 'Add note' }));
  await waitFor(() => expect(bodies()).toEqual(['Nice intro', 'Check the score', 'Add the second goal']));
  expect(field).toHaveValue('');
  expect(added).toEqual(['server says no', 'Add the second goal']);
});
