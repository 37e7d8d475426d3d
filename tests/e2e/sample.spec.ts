// /sample: the static article on creating a video channel in five steps.
import { expect, test } from '@playwright/test';
import { appStarted, watchAppStart } from './helpers/app';

test('the sample article shows five steps, equipment cards and an author footer @phone', async ({ page }) => {
  await page.goto('/sample');
  await expect(page.getByRole('heading', { level: 1, name: 'How to Create a Video Channel in 5 Steps' })).toBeVisible();
  await expect(page).toHaveTitle('How to Create a Video Channel in 5 Steps · Touchline');
  await expect(page.getByText('Published: March 14, 2024')).toBeVisible();
  await expect(page.getByText('10 min read')).toBeVisible();

  const steps = page.getByRole('heading', { level: 2, name: /^Step \d:/ });
  await expect(steps).toHaveCount(5);
  for (let n = 1; n <= 5; n++) await expect(steps.nth(n - 1)).toHaveText(new RegExp(`^Step ${n}:`));

  await expect(page.getByRole('heading', { name: 'Recommended Equipment' })).toBeVisible();
  const cards = page.getByRole('link', { name: 'View on Amazon' });
  expect(await cards.count()).toBeGreaterThan(0);
  for (const link of await cards.all()) {
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('href', /^https:\/\/(www\.)?amazon\./);
  }

  const footer = page.getByRole('contentinfo').or(page.locator('footer')).last();
  await expect(footer.getByRole('img')).toBeVisible();
});

test('Subscribe and Share do nothing', async ({ page }) => {
  // In the app (before it, they are plain buttons too: before-app.spec.ts).
  await watchAppStart(page);
  await page.goto('/sample');
  await appStarted(page);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const requests: string[] = [];
  // Lazy images may load as the page scrolls to a button; a navigation, fetch or XHR would be an action.
  page.on('request', (request) => {
    if (['document', 'fetch', 'xhr'].includes(request.resourceType())) requests.push(request.url());
  });
  const popups: unknown[] = [];
  page.on('popup', (popup) => popups.push(popup));

  for (const name of ['Subscribe', 'Share']) {
    await page.getByRole('button', { name, exact: true }).click();
    await expect(page).toHaveURL('/sample');
  }
  // Nothing may happen, so there is no event to wait for; wait instead until the page has run both clicks' handlers,
  // their effects and a frame after them. Any dialog, navigation, request or popup they started is reported by then.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
  expect({ dialogs, requests, popups }).toEqual({ dialogs: [], requests: [], popups: [] });
});
