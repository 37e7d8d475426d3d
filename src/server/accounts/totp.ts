// The authenticator app (RFC 6238 through otpauth): 6-digit codes every 30 seconds, ±1 step of clock drift, each
// step's code taken once. The secret is stored sealed (accounts/secretBox.ts), never in the clear.
import { Secret, TOTP } from 'otpauth';
import { SITE_NAME } from '../../contract/site';
import { TOTP_DIGITS } from '../../contract/secondFactor';
import type { CodeNeeded } from '../../contract/secondFactor';
import type { SecretBox } from './secretBox';
import { newSecret, sha256Hex } from './sessions';
import type { Db } from '../db/database';
import { findTotp, insertCodeStep, takeStep } from '../repositories/secondFactorRepository';

export const TOTP_PERIOD_S = 30;

const totpFor = (secret: string, label = '') =>
  new TOTP({
    issuer: SITE_NAME,
    label,
    secret: Secret.fromBase32(secret),
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_S,
    algorithm: 'SHA1',
  });

/** A new secret (160 bits, base32), its otpauth:// URI and the URI as a QR code (a data: URL of a PNG). */
export async function newTotpSecret(label: string): Promise<{ secret: string; uri: string; qr: string }> {
  const secret = new Secret({ size: 20 }).base32;
  const uri = totpFor(secret, label).toString();
  return { secret, uri, qr: await (await import('qrcode')).toDataURL(uri, { margin: 1, width: 200 }) };
}

/** The time step whose code `code` is, within ±1 step of `now`, or undefined. */
export function stepOfCode(secret: string, code: string, now: number): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const delta = totpFor(secret).validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return undefined;
  return Math.floor(now / 1000 / TOTP_PERIOD_S) + delta;
}

/**
 * Checks a code against the account's secret (enabled or not, as `enabled` asks) and takes its step, so the same
 * code (or an older one) is refused from then on.
 */
export async function takeTotpCode(
  db: Db,
  box: SecretBox,
  accountId: number,
  code: string,
  now: number,
  enabled: boolean,
): Promise<boolean> {
  const stored = await findTotp(db.kysely, accountId);
  if (stored === undefined || stored.enabled !== enabled) return false;
  const step = stepOfCode(box.open(stored.sealedSecret), code.replace(/\s/g, ''), now);
  if (step === undefined) return false;
  return takeStep(db.kysely, accountId, step);
}

/** How long the code step of a sign-in waits after the right password. */
export const CODE_STEP_TTL_MS = 10 * 60_000;

/** After a right password: the code step's ticket when the account's authenticator app is on, else undefined. */
export async function codeStepFor(db: Db, accountId: number, now: number): Promise<CodeNeeded | undefined> {
  const totp = await findTotp(db.kysely, accountId);
  if (totp?.enabled !== true) return undefined;
  const ticket = newSecret();
  await insertCodeStep(db, { ticketHash: sha256Hex(ticket), accountId, expiresAt: now + CODE_STEP_TTL_MS }, now);
  return { codeNeeded: true, ticket };
}
