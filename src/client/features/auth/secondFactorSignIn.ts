// The sign-in card's second-factor requests: a passkey instead of the password (a button, or the browser's offer from
// the email field), and the code step after a right password when the authenticator app is on.
import { browserSupportsWebAuthnAutofill, startAuthentication, WebAuthnAbortService } from '@simplewebauthn/browser';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { StaffUser } from '../../../contract/types';

/** A refused request: its status, the server's words, and Retry-After after too many attempts. */
export class SignInRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

async function postJson<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(`/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    credentials: 'same-origin',
    body: JSON.stringify(body),
  });
  const answer = (await response.json().catch(() => null)) as { error?: string } | null;
  if (!response.ok) {
    const retry = Number(response.headers.get('retry-after'));
    throw new SignInRefused(
      response.status,
      answer?.error ?? 'An error occurred',
      response.status === 429 && retry > 0 ? retry : undefined,
    );
  }
  return answer as T;
}

/**
 * Signs in with a passkey: the browser asks which one (or, with `autofill`, offers them from the email field marked
 * `autocomplete="username webauthn"` and waits until one is chosen).
 */
export async function signInWithPasskey(autofill = false): Promise<StaffUser> {
  const optionsJSON = await postJson<PublicKeyCredentialRequestOptionsJSON>('session/passkey/options', {});
  const response = await startAuthentication({ optionsJSON, useBrowserAutofill: autofill });
  return (await postJson<{ user: StaffUser }>('session/passkey', { response })).user;
}

/** Whether the browser can offer passkeys from the email field (conditional UI). */
export const passkeyAutofill = () => browserSupportsWebAuthnAutofill();

/** Ends a passkey request under way (the field's offer) before another one starts. */
export const cancelPasskeyRequest = () => WebAuthnAbortService.cancelCeremony();

/** The code step: a 6-digit code from the app, or a recovery code, for the ticket the password step gave. */
export async function signInWithCode(ticket: string, code: string): Promise<StaffUser> {
  return (await postJson<{ user: StaffUser }>('session/code', { ticket, code })).user;
}
