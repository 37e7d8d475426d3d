// Recovery codes: ten single-use codes, shown once, stored as sha256. One stands in for an authenticator app's code.
import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '../../contract/secondFactor';
import { sha256Hex } from './sessions';

// No 0/o, 1/l/i: a code copied from paper is typed right.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A code as a person types it, in one form: lower case, no spaces or dashes. */
export const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

export const hashRecoveryCode = (code: string) => sha256Hex(normalizeRecoveryCode(code));

/** Looks like a recovery code (10 letters and digits, maybe split by a dash) rather than a 6-digit app code. */
export const isRecoveryCodeShape = (code: string) => /^[a-z2-9]{10}$/.test(normalizeRecoveryCode(code));

function newCode(): string {
  let code = '';
  for (let i = 0; i < 10; i += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** Ten new codes (about 49 bits each) and their hashes. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  return { codes, hashes: codes.map(hashRecoveryCode) };
}
