// Writing a whole story in the editor: Bold, Italic and Link (buttons and keys, refused links), the read time the words
// suggest, Blank post, the image check on choosing, and the Preview tab.
import { File as NodeFile } from 'node:buffer';
import { act, screen, within } from '@testing-library/react';
import { NewPostPage } from '../../../../../src/client/features/admin/pages/NewPostPage';
import { LINK_REFUSED } from '../../../../../src/client/features/admin/form/FormattingControls';
import { sampleDraft, selectEditor } from '../../../../../src/client/features/admin/draft/editorSlice';
import { renderWithProviders } from '../../../helpers/renderWithProviders';
import { withEditorLifecycle } from '../editorLifecycle';

withEditorLifecycle();

const renderEditor = () => renderWithProviders(<NewPostPage />, { route: '/admin' });

/** Puts the caret or selection in a field as the writer would (a click would move it). */
function select(field: HTMLElement, start: number, end = start) {
  const input = field as HTMLTextAreaElement;
  act(() => {
    input.focus();
    input.setSelectionRange(start, end);
  });
}

/** The Formatting toolbar of the field labelled `name` (the toolbar controls it). */
function toolbarOf(name: string) {
  const field = screen.getByLabelText(name);
  const toolbar = screen
    .getAllByRole('group', { name: 'Formatting' })
    .find((group) => group.getAttribute('aria-controls') === field.id);
  if (!toolbar) throw new Error(`no Formatting toolbar controls ${name}`);
  return toolbar;
}

async function typeParagraph(user: ReturnType<typeof renderEditor>['user'], text: string) {
  const paragraph = screen.getByLabelText('Section 1, Paragraph');
  await user.clear(paragraph);
  // Pasted: typing hundreds of words key by key would take the test's whole time.
  await user.paste(text);
  return paragraph as HTMLTextAreaElement;
}

test('Bold and Italic are real buttons that wrap the selection, keep it selected and the focus in the field, and undo', async () => {
  const { user } = renderEditor();
  const paragraph = await typeParagraph(user, 'A clean first touch');
  const tools = toolbarOf('Section 1, Paragraph');
  for (const name of ['Bold', 'Italic', 'Link']) {
    expect(within(tools).getByRole('button', { name })).toHaveAttribute('type', 'button');
  }

  select(paragraph, 2, 7);
  await user.click(within(tools).getByRole('button', { name: 'Bold' }));
  expect(paragraph).toHaveValue('A **clean** first touch');
  expect(paragraph).toHaveFocus();
  expect([paragraph.selectionStart, paragraph.selectionEnd]).toEqual([4, 9]);
  // Pressed again on the same words: bold comes off.
  await user.click(within(tools).getByRole('button', { name: 'Bold' }));
  expect(paragraph).toHaveValue('A clean first touch');
  expect([paragraph.selectionStart, paragraph.selectionEnd]).toEqual([2, 7]);

  // The spaces around a selected word stay outside the marks, or the words would not be emphasised.
  select(paragraph, 7, 14);
  await user.click(within(tools).getByRole('button', { name: 'Italic' }));
  expect(paragraph).toHaveValue('A clean *first* touch');
});

test('Ctrl+B, Ctrl+I and Cmd+B do the same inside a list item or a product description', async () => {
  const { user, store } = renderEditor();
  const item = screen.getByLabelText('Section 1, Item 1') as HTMLInputElement;
  expect(item).toHaveValue('Wall passes with both feet');
  select(item, 0, 4);
  await user.keyboard('{Control>}b{/Control}');
  expect(item).toHaveValue('**Wall** passes with both feet');
  expect(item).toHaveFocus();
  select(item, 21, 30);
  await user.keyboard('{Control>}i{/Control}');
  expect(item).toHaveValue('**Wall** passes with *both feet*');

  const description = screen.getByLabelText('Product 1, Description') as HTMLTextAreaElement;
  select(description, 0, 6);
  await user.keyboard('{Meta>}b{/Meta}');
  expect(description).toHaveValue(`**Bright**${sampleDraft().products[0].description.slice(6)}`);
  const section = selectEditor(store.getState()).header.sections[0];
  expect(section.type === 'single-paragraph' && section.list[0].text).toBe('**Wall** passes with *both feet*');
  // Titles stay plain: no formatting there.
  expect(() => toolbarOf('Section 1, Title')).toThrow('no Formatting toolbar');
});

test('Link asks for the address in the page, refuses one that would not render, and links the selection', async () => {
  const { user } = renderEditor();
  const paragraph = await typeParagraph(user, 'Read the club statement today');
  select(paragraph, 9, 23);
  await user.click(within(toolbarOf('Section 1, Paragraph')).getByRole('button', { name: 'Link' }));
  const address = screen.getByLabelText('Link address');
  expect(address).toHaveFocus();

  for (const refused of ['javascript:alert(1)', '//evil.example/x', 'data:text/html,hi', 'www.example.com']) {
    await user.clear(address);
    await user.type(address, `${refused}{Enter}`);
    expect(screen.getByRole('alert')).toHaveTextContent(LINK_REFUSED);
    expect(address).toHaveAttribute('aria-invalid', 'true');
    expect(paragraph).toHaveValue('Read the club statement today');
  }

  await user.clear(address);
  await user.type(address, 'https://club.example/news?id=1{Enter}');
  expect(screen.queryByLabelText('Link address')).not.toBeInTheDocument();
  expect(paragraph).toHaveValue('Read the [club statement](https://club.example/news?id=1) today');
  expect(paragraph).toHaveFocus();
});

test('Ctrl+K opens the link prompt; Escape cancels it and gives the field its selection back', async () => {
  const { user } = renderEditor();
  const paragraph = await typeParagraph(user, 'See the table');
  select(paragraph, 8, 13);
  await user.keyboard('{Control>}k{/Control}');
  await user.type(screen.getByLabelText('Link address'), '/tag/premier-league');
  await user.keyboard('{Escape}');
  expect(screen.queryByLabelText('Link address')).not.toBeInTheDocument();
  expect(paragraph).toHaveValue('See the table');
  expect(paragraph).toHaveFocus();
  expect([paragraph.selectionStart, paragraph.selectionEnd]).toEqual([8, 13]);

  // With nothing selected, the address is the link's text; a site path is a link too.
  select(paragraph, 13);
  await user.keyboard('{Control>}k{/Control}');
  await user.type(screen.getByLabelText('Link address'), ' /tag/premier-league');
  await user.click(screen.getByRole('button', { name: 'Add link' }));
  expect(paragraph).toHaveValue('See the table[/tag/premier-league](/tag/premier-league)');
});

test('Read Time suggests the time the words take and never overwrites what the writer typed', async () => {
  const { user } = renderEditor();
  const readTime = screen.getByLabelText('Read Time');
  // The sample says 10 min read; its words take 1 minute.
  expect(readTime).toHaveValue('10 min read');
  await typeParagraph(user, `${'word '.repeat(500)}`);
  // 500 words + the sample's other words: 3 minutes at 230 a minute, rounded up.
  const use = screen.getByRole('button', { name: 'Use 3 min read' });
  expect(readTime).toHaveValue('10 min read');
  await user.click(use);
  expect(readTime).toHaveValue('3 min read');
  expect(screen.queryByRole('button', { name: /^Use \d+ min read$/ })).not.toBeInTheDocument();

  // Marks are not words: bold text counts once, a link's address not at all.
  await typeParagraph(user, '**Pressing** [traps](https://a.example/very/long/address/words/here)');
  await user.clear(readTime);
  await user.type(readTime, '2 min read');
  await user.click(screen.getByRole('button', { name: 'Use 1 min read' }));
  expect(readTime).toHaveValue('1 min read');
});

test('Blank post empties every field at once from the sample, and asks first when it would lose writing', async () => {
  const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
  const { user, store } = renderEditor();
  await user.click(screen.getByRole('button', { name: 'Blank post' }));
  expect(confirm).not.toHaveBeenCalled();
  expect(screen.getByLabelText('Title')).toHaveValue('');
  for (const label of ['Read Time', 'Tags', 'Image URL', 'Author Name', 'Author Title']) {
    expect(screen.getByLabelText(label)).toHaveValue('');
  }
  // A blank post is dated today, in the form the site shows dates ("March 14, 2024"), and the date stays editable.
  const today = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' }).format(new Date());
  expect(screen.getByLabelText('Publish Date')).toHaveValue(today);
  expect(screen.getByLabelText('Publish Date')).not.toHaveAttribute('readonly');
  expect(screen.queryAllByRole('group', { name: /^(Section|Product) \d/ })).toHaveLength(0);
  expect(screen.getByText('No sections yet. Add one below.')).toBeInTheDocument();
  expect(screen.getByText('No products yet.')).toBeInTheDocument();
  expect(selectEditor(store.getState()).header.textFormat).toBe('marks');

  await user.type(screen.getByLabelText('Title'), 'My story');
  await user.click(screen.getByRole('button', { name: 'Blank post' }));
  expect(confirm).toHaveBeenCalledTimes(1);
  expect(screen.getByLabelText('Title')).toHaveValue('My story');
  confirm.mockReturnValue(true);
  await user.click(screen.getByRole('button', { name: 'Blank post' }));
  expect(screen.getByLabelText('Title')).toHaveValue('');
  confirm.mockRestore();
});

test('an image is checked when chosen, with the words the server would answer', async () => {
  const { user } = renderEditor();
  const input = screen.getByLabelText('Upload Header Image');
  // Bypass the accept filter like a drag-and-drop would.
  input.removeAttribute('accept');
  const svg = new NodeFile(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'logo.svg', { type: 'image/svg+xml' });
  await user.upload(input, svg as unknown as File);
  expect(screen.getByRole('alert')).toHaveTextContent(
    'Unsupported image type: upload a PNG, JPEG, WebP, GIF or AVIF image',
  );
  const huge = new NodeFile([new Uint8Array(25 * 1_048_576 + 1)], 'huge.png', { type: 'image/png' });
  await user.upload(input, huge as unknown as File);
  expect(screen.getByRole('alert')).toHaveTextContent('Image is too large (max 25 MB)');
  expect(screen.queryByRole('img', { name: 'Preview of the header image' })).not.toBeInTheDocument();
});

test('the Preview tab shows the whole draft as readers will see it; the arrow keys move between the tabs', async () => {
  const { user } = renderEditor();
  await user.clear(screen.getByLabelText('Title'));
  await user.type(screen.getByLabelText('Title'), 'Derby Day');
  await user.type(screen.getByLabelText('Tags'), 'Derby, Tactics');
  const edit = screen.getByRole('tab', { name: 'Edit' });
  const preview = screen.getByRole('tab', { name: 'Preview' });
  expect(edit).toHaveAttribute('aria-selected', 'true');
  expect(screen.getByRole('tablist', { name: 'Editor view' })).toBeInTheDocument();

  await user.click(preview);
  expect(preview).toHaveAttribute('aria-selected', 'true');
  const panel = screen.getByRole('tabpanel', { name: 'Preview' });
  expect(within(panel).getByRole('heading', { level: 1, name: 'Derby Day' })).toBeInTheDocument();
  // The tags as the post page shows them: links to their pages.
  const tags = within(within(panel).getByRole('list', { name: 'Tags' })).getAllByRole('link');
  expect(tags.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
    ['Derby', '/tag/derby'],
    ['Tactics', '/tag/tactics'],
  ]);
  const sample = sampleDraft();
  for (const section of sample.header.sections) {
    if (section.type !== 'single-paragraph' && section.type !== 'two-column') continue;
    expect(within(panel).getByRole('heading', { level: 2, name: section.title })).toBeInTheDocument();
    expect(within(panel).getByText(section.paragraph)).toBeInTheDocument();
  }
  expect(within(panel).getByText('Wall passes with both feet')).toBeInTheDocument();
  for (const product of sample.products) {
    expect(within(panel).getByRole('heading', { name: product.title })).toBeInTheDocument();
  }
  expect(within(panel).getByText(sample.footer.authorName)).toBeInTheDocument();
  expect(within(panel).getByText(`Published: ${sample.header.publishDate}`)).toBeInTheDocument();
  // The fields are out of sight (and of the accessibility tree), the Publish card is not.
  expect(screen.getByLabelText('Title')).not.toBeVisible();
  expect(screen.queryByRole('textbox', { name: 'Title' })).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Submit' })).toBeInTheDocument();

  await user.keyboard('{ArrowLeft}');
  expect(edit).toHaveFocus();
  expect(edit).toHaveAttribute('aria-selected', 'true');
  expect(screen.getByLabelText('Title')).toHaveValue('Derby Day');
  await user.keyboard('{End}');
  expect(preview).toHaveFocus();
  expect(screen.getByRole('tabpanel', { name: 'Preview' })).toBeInTheDocument();
});
