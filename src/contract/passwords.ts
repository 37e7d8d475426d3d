// The rules a new staff password meets: the server enforces them, the admin's forms say them before they send.

export const PASSWORD_MIN = 10;
/** Long passphrases are welcome; the cap only keeps one request from making the server hash megabytes. */
export const PASSWORD_MAX = 256;

/** Why a new password is refused, or undefined when it is acceptable. */
export function passwordProblem(password: string, email: string): string | undefined {
  if (password.length < PASSWORD_MIN) return `The password must have at least ${PASSWORD_MIN} characters`;
  if (password.length > PASSWORD_MAX) return `The password must have at most ${PASSWORD_MAX} characters`;
  if (password.trim().toLowerCase() === email.trim().toLowerCase()) return 'The password must not be your email';
  return undefined;
}
