/**
 * What a change that mails someone needs: whether mail is on (SMTP_URL and MAIL_FROM), the origin its links are made
 * from, how to tell the outbox a message is waiting (called after the change commits), and `track`: work that queues
 * mail after the answer went out, which the outbox waits for before it settles or stops.
 */
export type Mailer = {
  enabled: boolean;
  publicUrl: string;
  /** desk mail about one post to one person leaves at most this often (mail/deskMail.ts) */
  digestMs: number;
  wake: () => void;
  track: (work: Promise<void>) => void;
};

/** A site without a mail server: notifications stay in the app, and nobody is mailed a reset link. */
export const MAIL_OFF: Mailer = {
  enabled: false,
  publicUrl: '',
  digestMs: 0,
  wake: () => undefined,
  track: () => undefined,
};
