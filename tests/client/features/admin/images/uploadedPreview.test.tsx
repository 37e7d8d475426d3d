// The editor's previews of images it has already uploaded use the server's variants, like the published post.
import { File as NodeFile } from 'node:buffer';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { NewPostPage } from '../../../../../src/client/features/admin/pages/NewPostPage';
import type { ImageFacts } from '../../../../../src/contract/images';
import { API, server } from '../../../helpers/mswServer';
import { renderWithProviders } from '../../../helpers/renderWithProviders';
import { withEditorLifecycle } from '../editorLifecycle';

const HASH = 'd'.repeat(64);
const URL = `/uploads/${HASH}.jpg`;
const facts: ImageFacts = {
  width: 3000,
  height: 2000,
  widths: [64, 128, 320, 640],
  formats: ['webp'],
  fallback: 'jpg',
};

const alerts = withEditorLifecycle();

test('after the upload, the author preview shows the uploaded variants at its 8rem box, lazily', async () => {
  server.use(
    http.post(`${API}/uploads`, () => HttpResponse.json({ url: URL, image: facts }, { status: 201 })),
    // The post fails: the uploaded image stays in the draft and its preview is what the admin sees.
    http.post(`${API}/blogs`, () => HttpResponse.json({ error: 'nope' }, { status: 500 })),
  );
  const { user } = renderWithProviders(<NewPostPage />, { route: '/admin' });
  const png = new NodeFile([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });
  await user.upload(screen.getByLabelText('Author Image'), png as unknown as File);
  expect(screen.getByRole('img', { name: 'Preview of the author image' })).not.toHaveAttribute('srcset');

  await user.click(screen.getByRole('button', { name: 'Submit' }));
  await waitFor(() => expect(alerts()).toHaveBeenCalled());
  const preview = screen.getByRole('img', { name: 'Preview of the author image' });
  expect(preview).toHaveAttribute('src', URL);
  expect(preview).toHaveAttribute('srcset', expect.stringContaining(`/uploads/${HASH}-320.jpg 320w`));
  // 3:2 in a 4:3 box with object-fit: cover is shown 1.13 times wider than the box.
  expect(preview).toHaveAttribute('sizes', 'calc(8rem * 1.13)');
  expect(preview).toHaveAttribute('width', '3000');
  expect(preview).toHaveAttribute('height', '2000');
  expect(preview).toHaveAttribute('loading', 'lazy');
  expect(preview.parentElement?.querySelector('source[type="image/webp"]')).toHaveAttribute(
    'srcset',
    expect.stringContaining(`/uploads/${HASH}-640.webp 640w`),
  );
});
