// What a person is told when their own sign-in settings change (a passkey, the authenticator app, recovery codes, a
// recovery code used, every factor reset on the server): an item in their app inbox, and a mail when mail is
// configured, both written in the change's own transaction so a change is never made untold.
import type { Transaction } from 'kysely';
import type { Database } from '../db/database';
import { queueMail } from '../mail/mailRepository';
import { signInSettingsMessage } from '../mail/messages';
import type { Account } from '../repositories/accountsRepository';
import { insertNotifications } from '../repositories/notificationsRepository';

/** The sentences, one per change, as the inbox and the mail show them. */
export const accountNotice = {
  passkeyAdded: (name: string) => `A passkey named "${name}" was added to your account.`,
  passkeyRemoved: (name: string) => `A passkey named "${name}" was removed from your account.`,
  totpOn: 'Your authenticator app was turned on.',
  totpOff: 'Your authenticator app was turned off.',
  newRecoveryCodes: 'New recovery codes were made; the old ones no longer work.',
  recoveryCodeUsed: (remaining: number) =>
    `A recovery code was used to sign in. ${remaining === 1 ? '1 remains' : `${remaining} remain`}.`,
  reset:
    'Your passkeys, authenticator app and recovery codes were removed on the server (npm run staff -- reset-2fa), ' +
    'and every session of your account ended.',
};

/** Whether to mail the change too, and the origin the mail's link is built from. */
export type NoticeMail = { enabled: boolean; publicUrl: string };

/** Tells the account of a change, in the transaction that makes it. `actorName`: who made it. */
export async function tellAccount(
  trx: Transaction<Database>,
  account: Account,
  { actorName, text }: { actorName: string; text: string },
  now: Date,
  mail: NoticeMail,
): Promise<void> {
  await insertNotifications(trx, [account.id], { kind: 'account', postId: null, actorName, text }, now);
  if (mail.enabled) await queueMail(trx, [signInSettingsMessage(account.email, text, mail.publicUrl)], now);
}
