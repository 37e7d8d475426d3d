// The header card's alt text field: under the header image, kept in the draft, sent as header.imageAlt, and a nudge
// under it while a photo is set (an address or a file waiting to upload) without a description.
import { File as NodeFile } from 'node:buffer';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { NewPostPage } from '../../../../../src/client/features/admin/pages/NewPostPage';
import { selectEditor } from '../../../../../src/client/features/admin/draft/editorSlice';
import { IMAGE_ALT_NUDGE } from '../../../../../src/client/features/admin/form/HeaderFields';
import { postToDraft } from '../../../../../src/client/features/admin/api/postDraft';
import type { AdminBlogPost } from '../../../../../src/contract/types';
import type { BlogSubmission } from '../../../../../src/contract/schemas';
import { samplePost } from '../../../fixtures/posts';
import { API, server } from '../../../helpers/mswServer';
import { renderWithProviders } from '../../../helpers/renderWithProviders';
import { withEditorLifecycle } from '../editorLifecycle';

const ALT_LABEL = 'Image description (alt text)';

withEditorLifecycle();

const renderEditor = () => renderWithProviders(<NewPostPage />, { route: '/admin' });
const altField = () => screen.getByLabelText(ALT_LABEL);

test('the alt text field sits under the header image upload, and edits the draft', async () => {
  const { user, store } = renderEditor();
  const upload = screen.getByLabelText('Upload Header Image');
  expect(upload.compareDocumentPosition(altField()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  expect(altField()).toHaveAttribute('maxlength', '300');
  await user.type(altField(), 'Fans under the floodlights');
  expect(selectEditor(store.getState()).header.imageAlt).toBe('Fans under the floodlights');
});

test('nudges for a description while the photo has an address and no alt text, and stops once there is one', async () => {
  const { user } = renderEditor();
  expect(altField()).not.toHaveAccessibleDescription(IMAGE_ALT_NUDGE);
  expect(screen.queryByText(IMAGE_ALT_NUDGE)).not.toBeInTheDocument();
  await user.type(screen.getByLabelText('Image URL'), 'https://example.com/derby.jpg');
  expect(altField()).toHaveAccessibleDescription(IMAGE_ALT_NUDGE);
  await user.type(altField(), 'The away end');
  expect(screen.queryByText(IMAGE_ALT_NUDGE)).not.toBeInTheDocument();
  // Spaces alone describe nothing.
  await user.clear(altField());
  await user.type(altField(), '   ');
  expect(screen.getByText(IMAGE_ALT_NUDGE)).toBeInTheDocument();
});

test('nudges as soon as a photo file is chosen, before it is uploaded', async () => {
  const { user } = renderEditor();
  const png = new NodeFile([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'hero.png', {
    type: 'image/png',
  }) as unknown as File;
  await user.upload(screen.getByLabelText('Upload Header Image'), png);
  expect(await screen.findByText(IMAGE_ALT_NUDGE)).toBeInTheDocument();
});

test('is sent as header.imageAlt, and an edited post fills it in', async () => {
  const sent: BlogSubmission[] = [];
  server.use(
    http.post(`${API}/blogs`, async ({ request }) => {
      sent.push((await request.json()) as BlogSubmission);
      return HttpResponse.json({ ...samplePost, id: 42 }, { status: 201 });
    }),
  );
  const { user } = renderEditor();
  await user.type(altField(), 'The away end');
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  await waitFor(() => expect(sent).toHaveLength(1));
  expect(sent[0]!.header.imageAlt).toBe('The away end');

  const post = { ...samplePost, imageAlt: 'Kick-off' } as unknown as AdminBlogPost;
  expect(postToDraft(post).header.imageAlt).toBe('Kick-off');
  expect(postToDraft({ ...post, imageAlt: undefined }).header.imageAlt).toBe('');
});
