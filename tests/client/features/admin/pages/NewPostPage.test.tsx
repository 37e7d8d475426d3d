import { File as NodeFile } from 'node:buffer';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { NewPostPage } from '../../../../../src/client/features/admin/pages/NewPostPage';
import { sampleDraft, selectEditor } from '../../../../../src/client/features/admin/draft/editorSlice';
import type { BlogSubmission } from '../../../../../src/contract/schemas';
import { samplePost } from '../../../fixtures/posts';
import { API, server } from '../../../helpers/mswServer';
import { renderApp, renderWithProviders } from '../../../helpers/renderWithProviders';
import { withEditorLifecycle } from '../editorLifecycle';

const SUCCESS = 'Blog form submitted successfully!';
const FAILURE = 'Failed to submit blog form. Please try again.';

const alerts = withEditorLifecycle();

const renderEditor = () => renderWithProviders(<NewPostPage />, { route: '/admin' });

/** Node's File (jsdom's is not accepted by the fetch/FormData that msw intercepts under jest). */
const pngFile = (name = 'author.png') =>
  new NodeFile([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], name, {
    type: 'image/png',
  }) as unknown as File;

type Captured = { blogs: BlogSubmission[]; uploads: { auth: string | null; file: File | null }[] };

/** msw answers for publishing: uploads give /uploads/<n>.png, the post is created with id 42. */
function captureApi(blogStatus = 201, uploadStatus = 201): Captured {
  const captured: Captured = { blogs: [], uploads: [] };
  server.use(
    http.post(`${API}/uploads`, async ({ request }) => {
      const form = await request.formData();
      const file = form.get('file');
      captured.uploads.push({
        auth: request.headers.get('Authorization'),
        file: file instanceof Blob ? (file as File) : null,
      });
      return uploadStatus === 201
        ? HttpResponse.json({ url: `/uploads/${captured.uploads.length}.png` }, { status: 201 })
        : HttpResponse.json({ error: 'Invalid or missing access token' }, { status: uploadStatus });
    }),
    http.post(`${API}/blogs`, async ({ request }) => {
      const body = (await request.json()) as BlogSubmission;
      captured.blogs.push(body);
      return blogStatus === 201
        ? HttpResponse.json({ ...samplePost, id: 42, title: body.header.title }, { status: 201 })
        : HttpResponse.json({ error: 'nope' }, { status: blogStatus });
    }),
  );
  return captured;
}

test('shows the page heading and the sample draft, the header title first among the Title fields', () => {
  renderEditor();
  expect(screen.getByRole('heading', { level: 1, name: 'Create New Blog Post' })).toBeInTheDocument();
  const titles = screen.getAllByLabelText(/title$/i);
  expect(titles[0]).toBe(screen.getByLabelText('Title'));
  expect(screen.getByLabelText('Title')).toHaveValue(sampleDraft().header.title);
  expect(screen.getByLabelText('Icon')).toHaveValue('Trophy');
  expect(screen.getByLabelText('Publish Date')).toHaveValue('March 14, 2024');
  expect(screen.getByLabelText('Read Time')).toHaveValue('10 min read');
  expect(screen.getAllByRole('group', { name: /^Section \d/ })).toHaveLength(2);
  expect(screen.getAllByRole('group', { name: /^Product \d/ })).toHaveLength(3);
});

test('header fields edit the draft', async () => {
  const { user, store } = renderEditor();
  await user.clear(screen.getByLabelText('Title'));
  await user.type(screen.getByLabelText('Title'), 'Derby Day');
  await user.selectOptions(screen.getByLabelText('Icon'), 'Bell');
  await user.type(screen.getByLabelText('Image URL'), '/uploads/hero.png');
  await user.clear(screen.getByLabelText('Read Time'));
  await user.type(screen.getByLabelText('Read Time'), '4 min read');
  expect(selectEditor(store.getState()).header).toMatchObject({
    title: 'Derby Day',
    icon: 'Bell',
    image: '/uploads/hero.png',
    readTime: '4 min read',
  });
});

test('section title, paragraph and column headings are marked required, and so is the post title', () => {
  renderEditor();
  expect(screen.getByLabelText('Section 1, Title')).toBeRequired();
  expect(screen.getByLabelText('Section 1, Paragraph')).toBeRequired();
  expect(screen.getByLabelText('Section 2, Column 1 Heading')).toBeRequired();
  expect(screen.getByLabelText('Section 2, Column 2 Heading')).toBeRequired();
  // The one field the server requires (the form still submits without it: noValidate, the server checks).
  expect(screen.getByLabelText('Title')).toBeRequired();
});

test('adding a single-paragraph section appends an empty Camera section and focuses its title', async () => {
  const { user } = renderEditor();
  await user.click(screen.getByRole('button', { name: 'Add single-paragraph section' }));
  const section = screen.getByRole('group', { name: /^Section 3/ });
  expect(within(section).getByLabelText('Section 3, Icon')).toHaveValue('Camera');
  expect(within(section).getByLabelText('Section 3, Title')).toHaveValue('');
  expect(within(section).getByLabelText('Section 3, Title')).toHaveFocus();
  expect(within(section).getByLabelText('Section 3, Paragraph')).toHaveValue('');
  expect(within(section).queryByLabelText(/Item/)).not.toBeInTheDocument();
  expect(within(section).getByRole('button', { name: 'Add item to section 3' })).toBeInTheDocument();
});

test('adding a two-column section gives two empty columns', async () => {
  const { user } = renderEditor();
  await user.click(screen.getByRole('button', { name: 'Add two-column section' }));
  expect(screen.getByLabelText('Section 3, Icon')).toHaveValue('Camera');
  expect(screen.getByLabelText('Section 3, Column 1 Heading')).toHaveValue('');
  expect(screen.getByLabelText('Section 3, Column 2 Heading')).toHaveValue('');
  expect(screen.getByRole('button', { name: 'Add item to section 3, column 1' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Add item to section 3, column 2' })).toBeInTheDocument();
});

test('removing a section renumbers the rest and keeps keyboard focus in the list', async () => {
  const { user } = renderEditor();
  const second = sampleDraft().header.sections[1];
  const secondTitle = second?.type === 'two-column' ? second.title : '';
  await user.click(screen.getByRole('button', { name: 'Remove section 1' }));
  expect(screen.getAllByRole('group', { name: /^Section \d/ })).toHaveLength(1);
  expect(screen.getByLabelText('Section 1, Title')).toHaveValue(secondTitle);
  expect(screen.queryByRole('button', { name: 'Remove section 2' })).not.toBeInTheDocument();
  // Focus moves to the section that took the removed one's place, then to the Add button when none is left.
  expect(screen.getByLabelText('Section 1, Title')).toHaveFocus();
  await user.click(screen.getByRole('button', { name: 'Remove section 1' }));
  expect(screen.getByRole('button', { name: 'Add single-paragraph section' })).toHaveFocus();
});

test('section icon, title, paragraph and column headings edit the draft', async () => {
  const { user, store } = renderEditor();
  await user.selectOptions(screen.getByLabelText('Section 1, Icon'), 'Heart');
  await user.clear(screen.getByLabelText('Section 1, Title'));
  await user.type(screen.getByLabelText('Section 1, Title'), 'Warm-up');
  await user.clear(screen.getByLabelText('Section 1, Paragraph'));
  await user.type(screen.getByLabelText('Section 1, Paragraph'), 'Ten minutes.');
  await user.clear(screen.getByLabelText('Section 2, Column 2 Heading'));
  await user.type(screen.getByLabelText('Section 2, Column 2 Heading'), 'Pairs');
  const [first, second] = selectEditor(store.getState()).header.sections;
  expect(first).toMatchObject({ icon: 'Heart', title: 'Warm-up', paragraph: 'Ten minutes.' });
  expect(second.type === 'two-column' && second.columns[1].heading).toBe('Pairs');
});

test('list items are added, edited and removed per section', async () => {
  const { user } = renderEditor();
  const sample = sampleDraft().header.sections[0];
  const count = sample.type === 'single-paragraph' ? sample.list.length : 0;
  await user.click(screen.getByRole('button', { name: 'Add item to section 1' }));
  const added = screen.getByLabelText(`Section 1, Item ${count + 1}`);
  expect(added).toHaveValue('');
  expect(added).toHaveFocus();
  await user.type(added, 'Keep your head up');

  const removeFirst = screen.getByRole('button', { name: 'Remove item 1 from section 1' });
  expect(within(removeFirst).getByText('Remove item 1')).toBeVisible();
  await user.click(removeFirst);
  expect(screen.getByLabelText(`Section 1, Item ${count}`)).toHaveValue('Keep your head up');
  expect(screen.queryByLabelText(`Section 1, Item ${count + 1}`)).not.toBeInTheDocument();
  // The item that moved up into the removed one's place has focus; removing the last item focuses the one before.
  expect(screen.getByLabelText('Section 1, Item 1')).toHaveFocus();
  await user.click(screen.getByRole('button', { name: `Remove item ${count} from section 1` }));
  expect(screen.getByLabelText(`Section 1, Item ${count - 1}`)).toHaveFocus();
});

test('list items are added and removed per column', async () => {
  const { user, store } = renderEditor();
  const addButton = screen.getByRole('button', { name: 'Add item to section 2, column 2' });
  // Sighted users read 'Add item' inside the column; the rest of the name is for screen readers.
  expect(within(addButton).getByText('to section 2, column 2', { exact: false })).toHaveClass('visually-hidden');
  await user.click(addButton);
  await user.type(screen.getByLabelText('Section 2, column 2, Item 3'), 'Wall passes');
  await user.click(screen.getByRole('button', { name: 'Remove item 1 from section 2, column 1' }));

  const section = selectEditor(store.getState()).header.sections[1];
  if (section.type !== 'two-column') throw new Error('expected the sample two-column section');
  expect(section.columns[0].list.map((entry) => entry.text)).toEqual(['Cone gate touches']);
  expect(section.columns[1].list.map((entry) => entry.text)).toEqual([
    'One-touch rondos',
    'Pressured receiving',
    'Wall passes',
  ]);
});

test('products are edited, added and removed', async () => {
  const { user, store } = renderEditor();
  await user.clear(screen.getByLabelText('Product 2, Price'));
  await user.type(screen.getByLabelText('Product 2, Price'), '$29.99');
  await user.click(screen.getByRole('button', { name: 'Add product' }));
  const newTitle = screen.getByLabelText('Product 4, Title');
  expect(newTitle).toHaveFocus();
  await user.type(newTitle, 'Guards');
  await user.type(screen.getByLabelText('Product 4, Description'), 'Light');
  await user.type(screen.getByLabelText('Product 4, Image URL'), '/uploads/g.png');
  await user.type(screen.getByLabelText('Product 4, Amazon URL'), 'https://a.co/x');
  await user.click(screen.getByRole('button', { name: 'Remove product 1' }));
  expect(screen.getByLabelText('Product 1, Title')).toHaveFocus();

  const products = selectEditor(store.getState()).products;
  expect(products.map((product) => product.title)).toEqual(['Size 5 Match Ball', 'Turf Training Boots', 'Guards']);
  expect(products[0].price).toBe('$29.99');
  expect(products[2]).toMatchObject({
    description: 'Light',
    imageUrl: '/uploads/g.png',
    amazonUrl: 'https://a.co/x',
  });
});

test('Show Preview shows the products as post cards; Edit Products returns to the fields', async () => {
  const { user } = renderEditor();
  await user.click(screen.getByRole('button', { name: 'Show Preview' }));
  expect(screen.queryByLabelText('Product 1, Title')).not.toBeInTheDocument();
  for (const product of sampleDraft().products) {
    expect(screen.getByRole('heading', { name: product.title })).toBeInTheDocument();
    expect(screen.getByText(product.price)).toBeInTheDocument();
  }
  const links = screen.getAllByRole('link', { name: 'View on Amazon' });
  expect(links).toHaveLength(3);
  expect(links[0]).toHaveAttribute('target', '_blank');

  await user.click(screen.getByRole('button', { name: 'Edit Products' }));
  expect(screen.getByLabelText('Product 1, Title')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Show Preview' })).toBeInTheDocument();
});

test('the access token is a password field with show/hide', async () => {
  const { user } = renderEditor();
  const token = screen.getByLabelText('Access Token');
  expect(token).toHaveAttribute('type', 'password');
  await user.click(screen.getByRole('button', { name: 'Show token' }));
  expect(token).toHaveAttribute('type', 'text');
  await user.click(screen.getByRole('button', { name: 'Hide token' }));
  expect(token).toHaveAttribute('type', 'password');
});

test('Submit posts exactly the typed draft, alerts success, links the new post and leaves a blank post', async () => {
  const captured = captureApi();
  const { user, store } = renderEditor();
  await user.clear(screen.getByLabelText('Title'));
  await user.type(screen.getByLabelText('Title'), 'Derby Day');
  await user.selectOptions(screen.getByLabelText('Icon'), 'Star');
  await user.type(screen.getByLabelText('Image URL'), 'https://example.com/derby.jpg');
  await user.click(screen.getByRole('button', { name: 'Remove section 2' }));
  await user.click(screen.getByRole('button', { name: 'Remove section 1' }));
  await user.click(screen.getByRole('button', { name: 'Add two-column section' }));
  await user.type(screen.getByLabelText('Section 1, Title'), 'Lineups');
  await user.type(screen.getByLabelText('Section 1, Paragraph'), 'Both sides.');
  await user.type(screen.getByLabelText('Section 1, Column 1 Heading'), 'Home');
  await user.click(screen.getByRole('button', { name: 'Add item to section 1, column 1' }));
  await user.type(screen.getByLabelText('Section 1, column 1, Item 1'), 'Keeper');
  for (const name of ['Remove product 3', 'Remove product 2']) {
    await user.click(screen.getByRole('button', { name }));
  }
  await user.clear(screen.getByLabelText('Author Name'));
  await user.type(screen.getByLabelText('Author Name'), 'Ana Ruiz');
  await user.type(screen.getByLabelText('Access Token'), 'tok-1');
  await user.click(screen.getByRole('button', { name: 'Submit' }));

  await waitFor(() => expect(alerts()).toHaveBeenCalledWith(SUCCESS));
  expect(alerts()).toHaveBeenCalledTimes(1);
  expect(captured.uploads).toHaveLength(0);
  expect(captured.blogs).toEqual([
    {
      header: {
        icon: 'Star',
        title: 'Derby Day',
        image: 'https://example.com/derby.jpg',
        publishDate: 'March 14, 2024',
        readTime: '10 min read',
        textFormat: 'marks',
        sections: [
          {
            type: 'two-column',
            icon: 'Camera',
            title: 'Lineups',
            paragraph: 'Both sides.',
            columns: [
              { heading: 'Home', list: ['Keeper'] },
              { heading: '', list: [] },
            ],
          },
        ],
      },
      products: [
        {
          title: 'Training Cones (Set of 50)',
          description: 'Bright, stackable cones for dribbling lanes and passing gates.',
          price: '$19.99',
          imageUrl: '/images/seed/cones.svg',
          amazonUrl: 'https://www.amazon.com/s?k=soccer+training+cones',
        },
      ],
      footer: { authorName: 'Ana Ruiz', authorTitle: 'UEFA B Licensed Coach', imageUrl: '' },
      accessToken: 'tok-1',
    },
  ]);
  expect(await screen.findByRole('link', { name: 'View the published post' })).toHaveAttribute('href', '/page/42');
  // The next story starts blank: no sample, and nothing of this one, is left to leak into it.
  expect(screen.getByLabelText('Title')).toHaveValue('');
  expect(screen.queryAllByRole('group', { name: /^(Section|Product) \d/ })).toHaveLength(0);
  expect(screen.getByLabelText('Author Name')).toHaveValue('');
  expect(selectEditor(store.getState()).accessToken).toBe('tok-1');
});

test.each([
  ['a 200 (not 201)', 200],
  ['a 401', 401],
  ['a 400', 400],
  ['a 500', 500],
])('%s answer alerts the failure and keeps the draft', async (_name, status) => {
  const captured = captureApi(status);
  const { user } = renderEditor();
  await user.clear(screen.getByLabelText('Title'));
  await user.type(screen.getByLabelText('Title'), 'Keep me');
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  await waitFor(() => expect(alerts()).toHaveBeenCalledWith(FAILURE));
  expect(captured.blogs).toHaveLength(1);
  expect(screen.getByLabelText('Title')).toHaveValue('Keep me');
  expect(screen.queryByRole('link', { name: 'View the published post' })).not.toBeInTheDocument();
});

test('a network failure alerts the failure', async () => {
  server.use(http.post(`${API}/blogs`, () => HttpResponse.error()));
  const { user } = renderEditor();
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  await waitFor(() => expect(alerts()).toHaveBeenCalledWith(FAILURE));
  expect(screen.getByText('Not published. The server could not be reached.')).toBeInTheDocument();
});

test("after the failure alert, the server's reason shows beside Submit, and goes on the next try", async () => {
  server.use(
    http.post(`${API}/blogs`, () =>
      HttpResponse.json(
        { error: 'Invalid request body', details: [{ path: 'header.title', message: 'is required' }] },
        { status: 400 },
      ),
    ),
  );
  const { user } = renderEditor();
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  await waitFor(() => expect(alerts()).toHaveBeenCalledWith(FAILURE));
  const reason = 'Not published. Invalid request body: header.title is required.';
  expect(within(screen.getByRole('status')).getByText(reason)).toBeInTheDocument();

  server.use(http.post(`${API}/blogs`, () => HttpResponse.json({ error: 'Invalid access token' }, { status: 401 })));
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  expect(await screen.findByText('Not published. Invalid access token.')).toBeInTheDocument();
  expect(screen.queryByText(reason)).not.toBeInTheDocument();
});

test('the author image previews at once, uploads with the token on submit, and the post gets the uploaded URL', async () => {
  const captured = captureApi();
  const { user } = renderEditor();
  const input = screen.getByLabelText('Author Image');
  expect(input).toHaveAttribute('type', 'file');
  expect(input).toHaveAttribute('accept', 'image/*');

  await user.upload(input, pngFile('me.png'));
  expect(screen.getByRole('img', { name: 'Preview of the author image' })).toHaveAttribute(
    'src',
    expect.stringMatching(/^blob:/),
  );
  expect(screen.getByText('me.png is ready; it uploads when you submit.')).toBeInTheDocument();
  // The control itself still names the chosen file (it does not say 'No file chosen' next to it).
  expect((input as HTMLInputElement).files?.[0]?.name).toBe('me.png');
  expect(captured.uploads).toHaveLength(0);

  await user.type(screen.getByLabelText('Access Token'), 'tok-2');
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  await waitFor(() => expect(alerts()).toHaveBeenCalledWith(SUCCESS));

  expect(captured.uploads).toHaveLength(1);
  expect(captured.uploads[0].auth).toBe('Bearer tok-2');
  expect(captured.uploads[0].file?.name).toBe('me.png');
  expect(captured.uploads[0].file?.type).toBe('image/png');
  expect(captured.blogs).toHaveLength(1);
  expect(captured.blogs[0].footer?.imageUrl).toBe('/uploads/1.png');
  expect(JSON.stringify(captured.blogs[0])).not.toContain('blob:');
});

test('a chosen header image is uploaded too and replaces the Image URL', async () => {
  const captured = captureApi(500);
  const { user } = renderEditor();
  await user.upload(screen.getByLabelText('Upload Header Image'), pngFile('hero.png'));
  await user.upload(screen.getByLabelText('Author Image'), pngFile('me.png'));
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  await waitFor(() => expect(alerts()).toHaveBeenCalledWith(FAILURE));

  expect(captured.uploads.map((upload) => upload.file?.name)).toEqual(['hero.png', 'me.png']);
  expect(captured.blogs[0].header.image).toBe('/uploads/1.png');
  expect(captured.blogs[0].footer?.imageUrl).toBe('/uploads/2.png');
  // The uploads are kept in the draft, so the retry does not upload again.
  expect(screen.getByLabelText('Image URL')).toHaveValue('/uploads/1.png');
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  await waitFor(() => expect(captured.blogs).toHaveLength(2));
  expect(captured.uploads).toHaveLength(2);
});

test('a failed upload alerts the failure and does not create the post', async () => {
  const captured = captureApi(201, 401);
  const { user } = renderEditor();
  await user.upload(screen.getByLabelText('Author Image'), pngFile());
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  await waitFor(() => expect(alerts()).toHaveBeenCalledWith(FAILURE));
  expect(captured.uploads).toHaveLength(1);
  expect(captured.blogs).toHaveLength(0);
  expect(screen.getByRole('img', { name: 'Preview of the author image' })).toBeInTheDocument();
});

test('a file that is not an image is refused', async () => {
  const { user } = renderWithProviders(<NewPostPage />, { route: '/admin' });
  const text = new NodeFile(['hello'], 'notes.txt', { type: 'text/plain' }) as unknown as File;
  // Bypass the accept filter like a drag-and-drop would.
  const input = screen.getByLabelText('Author Image');
  input.removeAttribute('accept');
  await user.upload(input, text);
  expect(screen.getByRole('alert')).toHaveTextContent(
    'Unsupported image type: upload a PNG, JPEG, WebP, GIF or AVIF image',
  );
  expect(screen.queryByRole('img', { name: 'Preview of the author image' })).not.toBeInTheDocument();
});

test('removing a chosen author image drops the preview', async () => {
  const { user } = renderEditor();
  await user.upload(screen.getByLabelText('Author Image'), pngFile());
  await user.click(screen.getByRole('button', { name: 'Remove author image' }));
  expect(screen.queryByRole('img', { name: 'Preview of the author image' })).not.toBeInTheDocument();
});

test('Discard draft asks first and leaves a blank post only when confirmed', async () => {
  const confirmSpy = jest.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
  const { user } = renderEditor();
  await user.clear(screen.getByLabelText('Title'));
  await user.type(screen.getByLabelText('Title'), 'Half-written');
  await user.click(screen.getByRole('button', { name: 'Add product' }));

  await user.click(screen.getByRole('button', { name: 'Discard draft' }));
  expect(confirmSpy).toHaveBeenCalledTimes(1);
  expect(screen.getByLabelText('Title')).toHaveValue('Half-written');

  await user.click(screen.getByRole('button', { name: 'Discard draft' }));
  expect(screen.getByLabelText('Title')).toHaveValue('');
  expect(screen.queryAllByRole('group', { name: /^(Section|Product) \d/ })).toHaveLength(0);
  confirmSpy.mockRestore();
});

test('the draft survives leaving /admin and coming back', async () => {
  const { user, router } = renderApp('/admin');
  const title = await screen.findByLabelText('Title');
  await user.clear(title);
  await user.type(title, 'Still here');
  await router.navigate('/blog');
  await screen.findByRole('heading', { name: 'Latest Sports Stories' });
  await router.navigate('/admin');
  expect(await screen.findByLabelText('Title')).toHaveValue('Still here');
});

test('the Tags field sends its comma-separated names, first the primary tag, and is kept in the draft', async () => {
  const captured = captureApi();
  const { user, store } = renderEditor();
  await user.type(screen.getByLabelText('Tags'), ' Premier League, Football ,, Derby ');
  expect(selectEditor(store.getState()).header.tags).toBe(' Premier League, Football ,, Derby ');
  await user.type(screen.getByLabelText('Access Token'), 'tok-1');
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  await waitFor(() => expect(captured.blogs).toHaveLength(1));
  expect(captured.blogs[0].header.tags).toEqual(['Premier League', 'Football', 'Derby']);
});
