// Signing in for specs that work in the admin (issue 21): through the API, so the session cookie lands in the
// browser context and every page of it is signed in. The sign-in card itself is tested in auth.spec.ts.
import { expect } from '@playwright/test';
import type { BrowserContext } from '@playwright/test';
import { OWNER_EMAIL, OWNER_PASSWORD } from './constants';

export async function signIn(context: BrowserContext, email = OWNER_EMAIL, password = OWNER_PASSWORD): Promise<void> {
  const response = await context.request.post('/api/session', { data: { email, password } });
  expect(response.status(), `signing in as ${email}`).toBe(200);
}
