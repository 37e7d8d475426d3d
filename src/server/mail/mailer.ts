/**
 * What a change that mails someone needs: whether mail is on (SMTP_URL and MAIL_FROM), the origin its links are made
 * from, and how to tell the outbox a message is waiting (called after the change commits).
 */
export type Mailer = { enabled: boolean; publicUrl: string; wake: () => void };

/** A site without a mail server: notifications stay in the app, and nobody is mailed a reset link. */
export const MAIL_OFF: Mailer = { enabled: false, publicUrl: '', wake: () => undefined };
