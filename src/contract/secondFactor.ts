// Staff second factors as both sides see them: passkeys, the authenticator app, recovery codes and the owners' policy.
import * as z from 'zod/mini';
import type { StaffRole } from './roles';
import { CONTROL_CHARS_MESSAGE, hasForbiddenChars, isSingleLine, SINGLE_LINE_MESSAGE } from './text';

/** Who must have a second factor: nobody, owners and editors, or all staff. */
export const SECOND_FACTOR_POLICIES = ['none', 'editors', 'all'] as const;
export type SecondFactorPolicy = (typeof SECOND_FACTOR_POLICIES)[number];

/** Whether the policy requires a second factor of someone with this role. */
export function secondFactorRequired(policy: SecondFactorPolicy, role: StaffRole): boolean {
  if (policy === 'all') return true;
  return policy === 'editors' && (role === 'owner' || role === 'editor');
}

export const RECOVERY_CODE_COUNT = 10;
export const TOTP_DIGITS = 6;

export type PasskeySummary = { id: number; name: string; createdAt: string; lastUsedAt: string | null };

/** GET /api/account/second-factor: what the signed-in person has, and whether they must set one up first. */
export type SecondFactorStatus = {
  passkeys: PasskeySummary[];
  totp: boolean;
  recoveryCodes: number;
  policy: SecondFactorPolicy;
  /** the policy requires a factor of this person and they have none: they reach nothing but setting one up */
  setupRequired: boolean;
};

/** The sign-in answer when the password was right and the authenticator app is on. */
export type CodeNeeded = { codeNeeded: true; ticket: string };

const plain = z.refine<string>((value) => !hasForbiddenChars(value), CONTROL_CHARS_MESSAGE);

export const passkeyNameSchema = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'must not be empty'),
    z.maxLength(60, 'must be at most 60 characters'),
    plain,
    z.refine(isSingleLine, SINGLE_LINE_MESSAGE),
  );

/** A WebAuthn response as @simplewebauthn/browser sends it: checked by the library, bounded here. */
const webauthnResponse = z.looseObject({
  id: z.string().check(z.maxLength(1024)),
  rawId: z.string().check(z.maxLength(1024)),
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: z.string().check(z.maxLength(8192)) }),
  clientExtensionResults: z.optional(z.looseObject({})),
});

export const passkeyRegistrationSchema = z.object({ name: passkeyNameSchema, response: webauthnResponse });
export const passkeySignInSchema = z.object({ response: webauthnResponse });

const code = z.string().check(z.trim(), z.minLength(1, 'must not be empty'), z.maxLength(40, 'is too long'), plain);

export const totpConfirmSchema = z.object({ code });
/** Turning the app off asks for a current code or the password. */
export const totpOffSchema = z.object({
  code: z.optional(code),
  password: z.optional(z.string().check(z.maxLength(1024, 'is too long'))),
});
/** The code step of a sign-in: the ticket from the password step and a TOTP or recovery code. */
export const signInCodeSchema = z.object({ ticket: z.string().check(z.minLength(1), z.maxLength(100)), code });
export const policySchema = z.object({ policy: z.enum(SECOND_FACTOR_POLICIES) });
