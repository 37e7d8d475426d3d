// A signed-in member in a browser context, the way a reader becomes one: subscribe, then the mailed confirmation link
// (read from the test's SMTP server), whose confirmation sets the member cookie in the context's jar.
import { expect } from '@playwright/test';
import type { BrowserContext } from '@playwright/test';
import type { TestSmtp } from '../../server/helpers/smtp';
import { linkIn, mailTo } from './mailbox';

const origin = () => `http://127.0.0.1:${process.env.TOUCHLINE_E2E_PORT}`;

/** Makes `email` an active member and signs `context` in as them through the mailed link's token. */
export async function memberContext(
  context: BrowserContext,
  smtp: TestSmtp,
  { email, name }: { email: string; name: string },
): Promise<void> {
  const headers = { origin: origin() };
  const subscribed = await context.request.post(`${origin()}/api/members/subscribe`, {
    data: { email, name, all: true },
    headers,
  });
  expect(subscribed.status(), await subscribed.text()).toBe(202);
  const mail = await mailTo(smtp, email, (message) => /Confirm your subscription/.test(message.subject));
  const token = new URL(linkIn(mail, '/members/confirm?token='), origin()).searchParams.get('token');
  const confirmed = await context.request.post(`${origin()}/api/members/confirm`, { data: { token }, headers });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
}
