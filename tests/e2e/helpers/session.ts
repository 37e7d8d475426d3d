// Signs a browser context in through the real API (POST /api/session), so a spec can open /admin directly: admin
// pages answer 303 to /auth without a session. The sign-in card itself is tested in auth.spec.ts.
import { expect } from '@playwright/test';
import type { BrowserContext } from '@playwright/test';
import { OWNER_EMAIL, OWNER_PASSWORD } from './constants';

/**
 * Signs `context` in as the given account (the e2e owner by default): the session cookie lands in the context's
 * cookie jar, which its pages share. The request goes out with the site's Origin, as the sign-in card's would.
 */
export async function signInContext(
  context: BrowserContext,
  baseURL: string,
  { email = OWNER_EMAIL, password = OWNER_PASSWORD }: { email?: string; password?: string } = {},
): Promise<void> {
  const response = await context.request.post(`${baseURL}/api/session`, {
    data: { email, password },
    headers: { origin: new URL(baseURL).origin },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** signInContext against the suite's own server (playwright.config.ts hands its address down). */
export function signIn(context: BrowserContext, email = OWNER_EMAIL, password = OWNER_PASSWORD): Promise<void> {
  return signInContext(context, `http://127.0.0.1:${process.env.TOUCHLINE_E2E_PORT}`, { email, password });
}
