// Request bodies of the staff account API: sign-in, sign-up, staff, invitations, keys, own password.
import * as z from 'zod/mini';
import { STAFF_ROLES } from './roles';
import { CONTROL_CHARS_MESSAGE, hasForbiddenChars, isSingleLine, SINGLE_LINE_MESSAGE } from './text';

// No control character in what is stored or looked up: PostgreSQL cannot hold U+0000, and none is ever meant.
const plain = z.refine<string>((value) => !hasForbiddenChars(value), CONTROL_CHARS_MESSAGE);

const email = z
  .string()
  .check(
    z.trim(),
    z.maxLength(254, 'must be at most 254 characters'),
    z.regex(/^[^\s@]+@[^\s@]+$/, 'must be an email address'),
    plain,
  );
/** An email address as every form takes it: trimmed, one @, no space or control character. */
export const emailSchema = email;
// A sign-in password is only compared; the rules for a new one are checked by the server (passwordProblem).
const password = z.string().check(z.minLength(1, 'must not be empty'), z.maxLength(1024, 'is too long'));
const secret = z.string().check(z.minLength(1, 'must not be empty'), z.maxLength(200, 'is too long'));
const NAME_MAX = 100;

/** A person's or a key's name, as every list, revision and log line shows it: one line, trimmed. */
export const nameSchema = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'must not be empty'),
    z.maxLength(NAME_MAX, 'is too long'),
    plain,
    z.refine(isSingleLine, SINGLE_LINE_MESSAGE),
  );

export const signInSchema = z.object({ email, password });

/** POST /api/users: with an invitation from the staff page, or the first owner's one-time setup code. */
export const signUpSchema = z.object({
  invitation: z.optional(secret),
  setup: z.optional(secret),
  email,
  password,
  name: z.optional(nameSchema),
});

/** POST /api/account/name-ask: the name asked for after sign-in, or none ("Not now"): either way it is not asked again. */
export const nameAnswerSchema = z.object({ name: z.optional(nameSchema) });

export const invitationSchema = z.object({ email, role: z.enum(STAFF_ROLES) });
export const roleChangeSchema = z.object({ role: z.enum(STAFF_ROLES) });
export const passwordChangeSchema = z.object({ currentPassword: password, newPassword: password });
export const newKeySchema = z.object({ name: nameSchema });
/** POST /api/password-resets: a reset link's code and the new password. */
export const passwordResetSchema = z.object({ code: secret, password });

/** The name an account gets when it gives none: its email's local part, cut to a name's length (never through a pair). */
export function nameFromEmail(email: string): string {
  const cut = (email.split('@')[0] ?? '').slice(0, NAME_MAX);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}
