// Writing a story in the editor: Bold, Italic and Link by button and by key (a refused link first), the Preview tab
// before saving, publishing, the reader's formatted page, "Blank post", a Submit that leaves the form blank, and axe
// on the editor's new controls in both themes.
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { getPost, listPosts } from './helpers/api';
import { appStarted, watchAppStart } from './helpers/app';
import { axeViolations } from './helpers/axe';
import { nextAlert } from './helpers/dialogs';
import { signIn } from './helpers/session';
import { holdAdminCredentials } from './helpers/admin';

test.beforeEach(({ context }) => signIn(context));

/** The Formatting toolbar of the field with this label (the toolbar controls the field). */
async function toolbarOf(page: Page, label: string) {
  const id = await page.getByRole('textbox', { name: label, exact: true }).getAttribute('id');
  return page.locator(`[role="group"][aria-controls="${id}"]`);
}

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test('the writer formats with buttons and keys, previews the whole draft, publishes, and the form is left blank', async ({
  page,
  request,
}) => {
  test.slow();
  const title = unique('Derby Day');
  await watchAppStart(page);
  await page.goto('/admin');
  await appStarted(page);

  // Blank post: the sample's sections, products and list items are gone.
  await page.getByRole('button', { name: 'Blank post', exact: true }).click();
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('');
  await expect(page.getByRole('group', { name: /^(Section|Product) \d/ })).toHaveCount(0);

  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByRole('button', { name: 'Add single-paragraph section', exact: true }).click();
  await page.getByLabel('Section 1, Title').fill('The result');
  const paragraph = page.getByLabel('Section 1, Paragraph');
  await paragraph.fill('A late winner and the table');
  const tools = await toolbarOf(page, 'Section 1, Paragraph');

  // Bold by its button on "late winner" (characters 2 to 13).
  await paragraph.evaluate((field: HTMLTextAreaElement) => field.setSelectionRange(2, 13));
  await tools.getByRole('button', { name: 'Bold', exact: true }).click();
  await expect(paragraph).toHaveValue('A **late winner** and the table');
  await expect(paragraph).toBeFocused();
  // Italic by key on "A".
  await paragraph.evaluate((field: HTMLTextAreaElement) => field.setSelectionRange(0, 1));
  await page.keyboard.press('Control+i');
  await expect(paragraph).toHaveValue('*A* **late winner** and the table');
  // Link by key on "table": a javascript: address is refused, an https one taken.
  const end = (await paragraph.inputValue()).length;
  await paragraph.evaluate((field: HTMLTextAreaElement, at) => field.setSelectionRange(at - 5, at), end);
  await page.keyboard.press('Control+k');
  const address = page.getByLabel('Link address');
  await expect(address).toBeFocused();
  await address.fill('javascript:alert(1)');
  await address.press('Enter');
  await expect(page.getByRole('alert')).toContainText('This address cannot be a link.');
  await address.fill('https://league.example/table');
  await address.press('Enter');
  await expect(paragraph).toHaveValue('*A* **late winner** and the [table](https://league.example/table)');
  // Italic and Link by their buttons in a list item; Bold by key.
  await page.getByRole('button', { name: 'Add item to section 1', exact: true }).click();
  const item = page.getByLabel('Section 1, Item 1');
  await item.fill('Goal in the 90th minute');
  await item.evaluate((field: HTMLInputElement) => field.setSelectionRange(0, 4));
  await page.keyboard.press('Control+b');
  await (await toolbarOf(page, 'Section 1, Item 1')).getByRole('button', { name: 'Link', exact: true }).click();
  await page.getByLabel('Link address').fill('/blog');
  await page.getByRole('button', { name: 'Add link', exact: true }).click();
  await expect(item).toHaveValue('**[Goal](/blog)** in the 90th minute');

  // The read time its words suggest, taken on request.
  await page.getByRole('button', { name: 'Use 1 min read', exact: true }).click();
  await expect(page.getByLabel('Read Time')).toHaveValue('1 min read');

  // Preview before saving: the whole draft as the post page renders it.
  await page.getByRole('tab', { name: 'Preview', exact: true }).click();
  const preview = page.getByRole('tabpanel', { name: 'Preview' });
  await expect(preview.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(preview.getByRole('heading', { level: 2, name: 'The result' })).toBeVisible();
  await expect(preview.getByText('1 min read')).toBeVisible();
  await expect(page.getByLabel('Section 1, Paragraph')).toBeHidden();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('tab', { name: 'Preview', exact: true }).press('ArrowLeft');
  await expect(page.getByRole('tab', { name: 'Edit', exact: true })).toBeFocused();
  await expect(paragraph).toBeVisible();

  await holdAdminCredentials(page);
  const alert = nextAlert(page);
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  expect(await alert).toBe('Blog form submitted successfully!');
  // The form is blank for the next story: nothing of this one or of the sample is left.
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('');
  await expect(page.getByRole('group', { name: /^(Section|Product) \d/ })).toHaveCount(0);

  const stored = (await listPosts(request)).find((post) => post.title === title);
  expect(stored, 'the post is listed').toBeTruthy();
  const post = await getPost(request, stored!.id);
  expect(post.sections[0]).toMatchObject({
    paragraph: '*A* **late winner** and the [table](https://league.example/table)',
    list: [{ item: '**[Goal](/blog)** in the 90th minute' }],
  });

  // The reader sees the formatting (rendered by the marks renderer).
  await page.goto(`/page/${post.id}`);
  const article = page.locator('article').first();
  await expect(article.locator('em', { hasText: 'A' }).first()).toBeVisible();
  await expect(article.locator('strong', { hasText: 'late winner' })).toBeVisible();
  await expect(article.getByRole('link', { name: 'table', exact: true })).toHaveAttribute(
    'href',
    'https://league.example/table',
  );
  await expect(article.getByRole('link', { name: 'Goal', exact: true })).toHaveAttribute('href', '/blog');
});

for (const theme of ['dark', 'light'] as const) {
  test(`the editor's formatting controls and link prompt have no WCAG A/AA violations in the ${theme} theme`, async ({
    page,
  }) => {
    await page.addInitScript((mode) => localStorage.setItem('theme', mode), theme);
    await watchAppStart(page);
    await page.goto('/admin');
    await appStarted(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    await page.getByLabel('Section 1, Paragraph').focus();
    await page.keyboard.press('Control+k');
    await page.getByLabel('Link address').fill('javascript:x');
    await page.getByLabel('Link address').press('Enter');
    await expect(page.getByRole('alert')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('Link address').press('Escape');
    await expect(page.getByLabel('Link address')).toHaveCount(0);
    await expect(page.getByLabel('Section 1, Paragraph')).toBeFocused();
  });
}
