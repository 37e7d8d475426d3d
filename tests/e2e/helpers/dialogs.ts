// Dialogs the app opens (the spec's alerts after Submit). The listener only records the dialog: an expect thrown
// inside a Playwright event listener fails nothing and leaves the test waiting, so the checks run in the test.
import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';

/** Accepts the next dialog and returns its text; fails the test when that dialog is not an alert. */
export async function nextAlert(page: Page): Promise<string> {
  const { type, message } = await new Promise<{ type: string; message: string }>((resolve) =>
    page.once('dialog', (dialog) => {
      resolve({ type: dialog.type(), message: dialog.message() });
      void dialog.accept();
    }),
  );
  expect(type, `expected an alert, got a ${type}: “${message}”`).toBe('alert');
  return message;
}
