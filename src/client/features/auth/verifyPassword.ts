// The client-side sign-in check of SPEC 5. A convenience gate only: anyone can read this bundle, so the
// server's access token (not this password) is what protects publishing.
import { ADMIN_PASSWORD } from '../../app/clientEnv';

/** How long the form shows 'Processing...': long enough to be seen and to swallow a double click. */
export const SIGN_IN_DELAY_MS = 250;

/** Resolves true when the password matches; the email is ignored, as in the spec. */
export function verifyPassword(password: string, delayMs = SIGN_IN_DELAY_MS): Promise<boolean> {
  return new Promise((resolve) => {
    setTimeout(() => resolve(password === ADMIN_PASSWORD), delayMs);
  });
}
