// The mail the e2e server sends (SMTP_URL points at the port playwright.config.ts picked): a real SMTP server from
// tests/server/helpers/smtp.ts on that port, one per worker process. Only one process can listen on the port, so a
// spec that reads mail runs its tests serially and waits (up to a minute) for another spec's server to close.
import { expect } from '@playwright/test';
import { startTestSmtp } from '../../server/helpers/smtp';
import type { ReceivedMail, TestSmtp } from '../../server/helpers/smtp';

export type { ReceivedMail };

/** Starts the SMTP server on the e2e server's mail port, retrying while another spec's server holds it. */
export async function openMailbox(): Promise<TestSmtp> {
  const port = Number(process.env.TOUCHLINE_E2E_SMTP_PORT);
  for (let tries = 0; ; tries += 1) {
    try {
      return await startTestSmtp(port);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || tries >= 120) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/** The first message to `to` that `matches`, once it has arrived (the outbox sends after the answer). */
export async function mailTo(
  smtp: TestSmtp,
  to: string,
  matches: (mail: ReceivedMail) => boolean = () => true,
): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(() => (found = smtp.messages.find((mail) => mail.to.includes(to) && matches(mail))), { timeout: 20_000 })
    .toBeTruthy();
  return found!;
}

/** The path and query of the first link in a mail's text that goes to `path` (the mail's links are absolute). */
export function linkIn(mail: ReceivedMail, path: string): string {
  const url = new RegExp(`https?://\\S+${path.replace(/[?]/g, '\\?')}\\S*`).exec(mail.text)?.[0];
  expect(url, `a link to ${path} in "${mail.subject}"`).toBeTruthy();
  const { pathname, search } = new URL(url!);
  return pathname + search;
}
