// The editor's photo, quote and video sections: Add section offers them, each card has its fields (the photo with
// the header's upload field and required alt text), a video URL the server would refuse is named at once, and Submit
// sends them in the submit shape, the chosen photo uploaded first.
import { File as NodeFile } from 'node:buffer';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { NewPostPage } from '../../../../../src/client/features/admin/pages/NewPostPage';
import type { BlogSubmission } from '../../../../../src/contract/schemas';
import { samplePost } from '../../../fixtures/posts';
import { API, server } from '../../../helpers/mswServer';
import { renderWithProviders } from '../../../helpers/renderWithProviders';
import { withEditorLifecycle } from '../editorLifecycle';

const alerts = withEditorLifecycle();

/** Puts text into a field in one paste: typing it key by key re-renders the whole editor for every key. */
async function fill(
  user: { click: (e: Element) => Promise<void>; paste: (t: string) => Promise<void> },
  field: Element,
  text: string,
) {
  await user.click(field);
  await user.paste(text);
}

const pngFile = (name: string) =>
  new NodeFile([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], name, {
    type: 'image/png',
  }) as unknown as File;

test('Add section offers a photo, a quote and a video, and Submit sends them with the photo uploaded', async () => {
  const blogs: BlogSubmission[] = [];
  server.use(
    http.post(`${API}/uploads`, () => HttpResponse.json({ url: '/uploads/stand.png' }, { status: 201 })),
    http.post(`${API}/blogs`, async ({ request }) => {
      blogs.push((await request.json()) as BlogSubmission);
      return HttpResponse.json({ ...samplePost, id: 42 }, { status: 201 });
    }),
  );
  const { user } = renderWithProviders(<NewPostPage />, { route: '/admin' });
  // The sample's two sections stay as they are; the new cards are sections 3 to 5.
  await user.click(screen.getByRole('button', { name: 'Add image section' }));
  await user.click(screen.getByRole('button', { name: 'Add quote section' }));
  await user.click(screen.getByRole('button', { name: 'Add video section' }));
  expect(screen.getByRole('group', { name: /^Section 3\s*Photo/ })).toBeInTheDocument();

  await user.upload(screen.getByLabelText('Upload Section 3 Image'), pngFile('stand.png'));
  expect(screen.getByText('stand.png is ready; it uploads when you submit.')).toBeInTheDocument();
  const alt = screen.getByLabelText(/^Section 3, Image description \(alt text\)/);
  expect(alt).toBeRequired();
  await fill(user, alt, 'The north stand at full time');
  await fill(user, screen.getByLabelText('Section 3, Caption'), 'Flares');
  await fill(user, screen.getByLabelText(/^Section 4, Quote/), 'We never stopped believing.');
  await fill(user, screen.getByLabelText('Section 4, Said by'), 'Maya Ortiz');

  const url = screen.getByLabelText(/^Section 5, YouTube URL/);
  await fill(user, url, 'https://vimeo.com/76979871');
  expect(screen.getByText('The URL must be a YouTube video URL (youtube.com or youtu.be).')).toBeInTheDocument();
  await user.clear(url);
  await fill(user, url, 'https://youtu.be/dQw4w9WgXcQ?t=90');
  expect(screen.queryByText(/must be a YouTube video URL/)).not.toBeInTheDocument();
  await fill(user, screen.getByLabelText('Section 5, Caption'), 'The winner');

  await user.click(screen.getByRole('button', { name: 'Submit' }));
  await waitFor(() => expect(alerts()).toHaveBeenCalledWith('Blog form submitted successfully!'));
  expect(blogs[0]?.header.sections?.slice(2)).toEqual([
    { type: 'image', image: '/uploads/stand.png', alt: 'The north stand at full time', caption: 'Flares', credit: '' },
    { type: 'quote', text: 'We never stopped believing.', cite: 'Maya Ortiz' },
    { type: 'video', url: 'https://youtu.be/dQw4w9WgXcQ?t=90', caption: 'The winner' },
  ]);
  expect(blogs[0]?.header.sections?.slice(0, 2).map((s) => s.type)).toEqual(['single-paragraph', 'two-column']);
});
