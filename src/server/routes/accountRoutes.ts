// The staff account API: sessions, sign-up by invitation or setup link, staff, invitations, own password
// and API keys. Only these routes look at credentials; nothing here runs for a request to any other route.
import { finished } from 'node:stream';
import * as z from 'zod/mini';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import { pathTo } from '../../contract/routes';
import {
  invitationSchema,
  nameAnswerSchema,
  nameFromEmail,
  newKeySchema,
  passwordChangeSchema,
  passwordResetSchema,
  roleChangeSchema,
  signInSchema,
  signUpSchema,
} from '../../contract/accountSchemas';
import { rowIdParam } from '../../contract/params';
import { GRANTABLE_ROLES, invitableRoles, mayRevokeInvitation, roleRank } from '../../contract/roles';
import type { StaffRole } from '../../contract/roles';
import { passwordProblem } from '../../contract/passwords';
import { hasForbiddenChars } from '../../contract/text';
import type { StaffUser } from '../../contract/types';
import { actorOf } from '../accounts/actor';
import type { Actor } from '../accounts/actor';
import { isTooMany } from '../accounts/attemptLimits';
import type { Attempt, AttemptLimiter, TooMany } from '../accounts/attemptLimits';
import { CROSS_SITE, fromOwnOrigin, namesOtherOrigin } from '../accounts/guard';
import { limiterKey } from '../http/clientAddress';
import type { WriteGuard } from '../accounts/guard';
import type { PasswordHasher } from '../accounts/passwords';
import { newSecret, sessionCookie, sha256Hex, signedInOf } from '../accounts/sessions';
import { codeStepFor } from '../accounts/totp';
import type { Sessions } from '../accounts/sessions';
import type { Database, Db } from '../db/database';
import {
  answerNameAsk,
  asksName,
  claimInvitation,
  countOwners,
  deleteAccount,
  deleteKey,
  findAccountByEmail,
  findAccountWithHash,
  findInvitation,
  findPendingInvitation,
  insertAccount,
  insertInvitation,
  insertKey,
  isUniqueViolation,
  listAccounts,
  listKeys,
  listPendingInvitations,
  newerSetupExists,
  normalizeEmail,
  ownerTransaction,
  revokeInvitation,
  setPassword,
  setRole,
} from '../repositories/accountsRepository';
import type { Account } from '../repositories/accountsRepository';
import {
  consumePasswordReset,
  createPasswordReset,
  findPasswordReset,
  retirePasswordResets,
} from '../repositories/passwordResetsRepository';
import { queueMail } from '../mail/mailRepository';
import { MAIL_OFF } from '../mail/mailer';
import type { Mailer } from '../mail/mailer';
import { invitationMessage, passwordResetMessage } from '../mail/messages';
import { findProfile, saveProfile } from '../repositories/profileRepository';
import { profileSchema, resetRequestSchema } from '../../contract/deskSchemas';
import type { MailStatus } from '../../contract/desk';
import type { ResetRefusal } from '../repositories/passwordResetsRepository';
import { markPrivate } from '../http/answers';
import { ignoreEmptyBody } from '../http/requestLimits';
import type { ZodTypeProvider } from '../http/validation';

export type AccountRoutesOptions = {
  db: Db;
  guard: WriteGuard;
  sessions: Sessions;
  hasher: PasswordHasher;
  /** the guess limits, shared through the database (accounts/attemptLimits.ts) */
  limiter: AttemptLimiter;
  /** origin of the invitation links */
  publicUrl: string;
  ownOrigins: ReadonlySet<string>;
  now: () => number;
  /** whether reset links can be mailed (SMTP_URL and MAIL_FROM), and the outbox to wake once one is queued */
  mailer?: Mailer;
};

/** An invitation link is valid this long. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60_000;

const INCORRECT = { error: 'Incorrect password' };
const TOO_MANY = 'Too many failed sign-in attempts. Try again later.';
const NO_INVITATION = 'Signing up needs an invitation: ask the site owner or an editor for an invitation link';
const BAD_INVITATION = 'This invitation link is not valid: ask for a new invitation';
const USED_INVITATION = 'This invitation has already been used: ask for a new invitation';
const EXPIRED_INVITATION = 'This invitation has expired: ask for a new invitation';
const REVOKED_INVITATION = 'This invitation has been revoked: ask for a new invitation';
const REPLACED_SETUP = 'This setup link has been replaced by a newer one: use the link the latest start printed';
const OTHER_EMAIL = 'This invitation is for another email address';
const SETUP_DONE = 'The owner account already exists: sign in instead';
const ACCOUNT_EXISTS = 'An account with this email already exists';
const FORBIDDEN = "Your role doesn't allow this";
const PEOPLE_ONLY = 'An API key or the admin token cannot manage staff, invitations or keys: sign in instead';
const NO_MAIL = 'This site cannot send email: ask an owner for a password reset link';
const TOO_MANY_RESETS = 'Too many password reset requests. Try again later.';
const RESET_SENT = 'If an account has this email, a password reset link is on its way. It works once, for 30 minutes.';
const LAST_OWNER = 'The site must keep an owner: this is the last one';
const RESET_REFUSED: Record<ResetRefusal, string> = {
  unknown: 'This password reset link is not valid: ask for a new one',
  used: 'This password reset link has already been used: ask for a new one',
  expired: 'This password reset link has expired: ask for a new one',
};

const userOf = ({ id, email, name, role }: Account): StaffUser => ({ id, email, name, role });
const idParams = z.object({ id: rowIdParam });

export const accountRoutes: FastifyPluginAsync<AccountRoutesOptions> = async (
  fastify,
  { db, guard, sessions, hasher, limiter, publicUrl, ownOrigins, now, mailer = MAIL_OFF },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.removeContentTypeParser('text/plain');
  app.addHook('onRequest', (request, reply, done) =>
    request.method === 'DELETE' ? ignoreEmptyBody(request, reply, done) : done(),
  );

  /** preValidation hook: a staff credential of at least `min`'s role, else 401/403 (and nothing changes). */
  const atLeast = (min: StaffRole) => async (request: FastifyRequest, reply: FastifyReply) => {
    if (!(await guard.authorize(request, reply))) return reply;
    if (roleRank(actorOf(request)!.role) < roleRank(min)) return reply.code(403).send({ error: FORBIDDEN });
  };
  const staff = (min: StaffRole) => ({ onRequest: guard.refuseBlocked, preValidation: atLeast(min) });
  /** As staff(min), for a signed-in account only: a key (API key or ADMIN_TOKEN) acts for scripts, not for people. */
  const person = (min: StaffRole) => ({
    onRequest: guard.refuseBlocked,
    preValidation: async (request: FastifyRequest, reply: FastifyReply) => {
      if ((await atLeast(min)(request, reply)) !== undefined || reply.sent) return reply;
      if (actorOf(request)!.accountId === null) return reply.code(403).send({ error: PEOPLE_ONLY });
    },
  });
  const fromOtherSite = (request: FastifyRequest) => namesOtherOrigin(request, ownOrigins);
  const actor = (request: FastifyRequest): Actor => actorOf(request)!;

  /** A password attempt on `email` from this request's address, counted before the hash (see attemptLimits.ts). */
  const startPassword = (request: FastifyRequest, email: string) =>
    limiter.startPassword(limiterKey(request.ip), email);
  /** A setup, invitation or reset code tried from this request's address. */
  const startCode = (request: FastifyRequest) => limiter.startCode(limiterKey(request.ip));
  const tooMany = (reply: FastifyReply, { retryAfter }: TooMany) =>
    reply.code(429).header('retry-after', String(retryAfter)).send({ error: TOO_MANY });

  /** A new session for the account: its cookie replaces any the browser had, whose session ends. */
  async function signIn(request: FastifyRequest, reply: FastifyReply, account: Account, id: string) {
    const previous = sessionCookie(request);
    if (previous !== undefined) await sessions.revoke(sha256Hex(previous));
    sessions.setCookie(reply, id);
    markPrivate(reply);
    return { user: userOf(account) };
  }

  // attachValidation: a body the schema refuses still reaches the handler, which counts an email with control
  // characters as a failed attempt before answering the schema's 400.
  app.post('/session', { schema: { body: signInSchema }, attachValidation: true }, async (request, reply) => {
    if (fromOtherSite(request)) return reply.code(403).send({ error: CROSS_SITE });
    if (request.validationError !== undefined) {
      const sent = (request.body as { email?: unknown } | null)?.email;
      if (typeof sent === 'string' && hasForbiddenChars(sent)) {
        const attempt = await startPassword(request, sent);
        if (isTooMany(attempt)) return tooMany(reply, attempt);
      }
      throw request.validationError;
    }
    const { email, password } = request.body;
    const attempt = await startPassword(request, email);
    if (isTooMany(attempt)) return tooMany(reply, attempt);
    const account = await findAccountByEmail(db, email);
    const ok = account ? await hasher.verify(account.passwordHash, password) : await hasher.verifyNobody(password);
    if (!account || !ok) return reply.code(401).send(INCORRECT);
    await attempt.release();
    // Whoever knows the password holds the account: a reset link mailed meanwhile is no longer needed.
    await retirePasswordResets(db.kysely, account.id);
    // With the authenticator app on, the password earns only the code step (routes/secondFactorRoutes.ts).
    const codeStep = await codeStepFor(db, account.id, now());
    if (codeStep !== undefined) return reply.code(200).send(codeStep);
    const id = await sessions.create(db.kysely, account.id);
    return reply.code(200).send(await signIn(request, reply, account, id));
  });

  app.get('/session', async (request, reply) => {
    markPrivate(reply);
    const signedIn = await sessions.resolve(request, reply);
    if (signedIn === undefined) return reply.code(401).send({ error: 'Not signed in' });
    return { user: userOf(signedIn.account) };
  });

  app.delete('/session', async (request, reply) => {
    const signedIn = await sessions.resolve(request, reply);
    if (signedIn !== undefined) {
      if (!fromOwnOrigin(request, ownOrigins)) return reply.code(403).send({ error: CROSS_SITE });
      await sessions.revoke(signedIn.idHash);
    }
    sessions.clearCookie(reply);
    return reply.code(204).send();
  });

  app.post('/users', { schema: { body: signUpSchema } }, async (request, reply) => {
    // Sign-up sets a session cookie, like sign-in: a form posted from another site is refused the same way.
    if (fromOtherSite(request)) return reply.code(403).send({ error: CROSS_SITE });
    const { invitation: invitationToken, setup, email, password } = request.body;
    const token = invitationToken ?? setup;
    if (token === undefined) return reply.code(400).send({ error: NO_INVITATION });
    // A code is a guess until it is found good: counted per address, and taken back once it is.
    const attempt: Attempt | TooMany = await startCode(request);
    if (isTooMany(attempt)) return tooMany(reply, attempt);
    const at = new Date(now());
    const invitation = await findInvitation(db.kysely, sha256Hex(token));
    // A setup code is an invitation without an email; each field takes only its own kind.
    if (invitation === undefined || (setup !== undefined) !== (invitation.email === null))
      return reply.code(403).send({ error: BAD_INVITATION });
    if (invitation.revoked) return reply.code(403).send({ error: REVOKED_INVITATION });
    if (invitation.used) return reply.code(403).send({ error: USED_INVITATION });
    if (invitation.expiresAt <= at.getTime()) return reply.code(403).send({ error: EXPIRED_INVITATION });
    if (invitation.email !== null && invitation.email !== normalizeEmail(email))
      return reply.code(403).send({ error: OTHER_EMAIL });
    const isSetup = invitation.email === null;
    if (isSetup && (await countOwners(db.kysely)) > 0) return reply.code(403).send({ error: SETUP_DONE });
    await attempt.release();
    const problem = passwordProblem(password, email);
    if (problem !== undefined) return reply.code(400).send({ error: problem });
    const passwordHash = await hasher.hash(password);
    const given = request.body.name;
    const name = given ?? nameFromEmail(normalizeEmail(email));
    try {
      const claim = async (trx: Transaction<Database>) => {
        // A setup link makes an owner: only the newest link, and only while there is none, checked in the
        // transaction that makes it (owner transactions run one at a time), so two links at once make one owner.
        if (isSetup && (await newerSetupExists(trx, invitation.id))) throw new Refusal(REPLACED_SETUP);
        if (isSetup && (await countOwners(trx)) > 0) throw new Refusal(SETUP_DONE);
        if (!(await claimInvitation(trx, invitation.id, at))) {
          const meanwhile = await findInvitation(trx, sha256Hex(token));
          throw new Refusal(meanwhile?.revoked ? REVOKED_INVITATION : USED_INVITATION);
        }
        const created = await insertAccount(
          trx,
          { email, name, role: invitation.role, passwordHash, askName: given === undefined },
          at,
        );
        return { account: created, id: await sessions.create(trx, created.id) };
      };
      const { account, id } = isSetup
        ? await ownerTransaction(db, claim)
        : await db.kysely.transaction().execute(claim);
      return reply.code(201).send(await signIn(request, reply, account, id));
    } catch (error) {
      if (error instanceof Refusal) return reply.code(403).send({ error: error.message });
      if (isUniqueViolation(error)) return reply.code(409).send({ error: ACCOUNT_EXISTS });
      throw error;
    }
  });

  /** A reset link's code and the new password: the password is set, every session ends, and this browser signs in. */
  app.post('/password-resets', { schema: { body: passwordResetSchema } }, async (request, reply) => {
    if (fromOtherSite(request)) return reply.code(403).send({ error: CROSS_SITE });
    const { code, password } = request.body;
    const attempt = await startCode(request);
    if (isTooMany(attempt)) return tooMany(reply, attempt);
    const found = await findPasswordReset(db, code, new Date(now()));
    if (typeof found === 'string') return reply.code(403).send({ error: RESET_REFUSED[found] });
    await attempt.release();
    const problem = passwordProblem(password, found.email);
    if (problem !== undefined) return reply.code(400).send({ error: problem });
    const account = await consumePasswordReset(db, code, await hasher.hash(password), new Date(now()));
    if (typeof account === 'string') return reply.code(403).send({ error: RESET_REFUSED[account] });
    const id = await sessions.create(db.kysely, account.id);
    return reply.code(200).send(await signIn(request, reply, account, id));
  });

  /** A reset link for the account with this email, if there is one, queued for the outbox. */
  async function mailResetLink(email: string): Promise<void> {
    const account = await findAccountByEmail(db, email);
    if (account === undefined) return;
    const at = new Date(now());
    const code = await createPasswordReset(db, account.id, at);
    await queueMail(db.kysely, [passwordResetMessage(account.email, code, publicUrl)], at);
    mailer.wake();
  }

  // "Forgot password?": whether a reset link can be mailed here (the sign-in card says to ask an owner otherwise).
  app.get('/password-reset-requests', async (_request, reply) => {
    markPrivate(reply);
    return reply.send({ mail: mailer.enabled } satisfies MailStatus);
  });

  /**
   * Mails a single-use reset link (30 minutes) to the account with this email. The answer is the same whether or not
   * there is one; requests are limited per address and per email like sign-in, whoever the email belongs to.
   */
  app.post('/password-reset-requests', { schema: { body: resetRequestSchema } }, async (request, reply) => {
    // A form on another site must not make this one mail its people (the limits would stop it, after the mail).
    if (fromOtherSite(request)) return reply.code(403).send({ error: CROSS_SITE });
    if (!mailer.enabled) return reply.code(503).send({ error: NO_MAIL });
    const { email } = request.body;
    const attempt = await limiter.startResetRequest(limiterKey(request.ip), email);
    if (isTooMany(attempt))
      return reply.code(429).header('retry-after', String(attempt.retryAfter)).send({ error: TOO_MANY_RESETS });
    // The answer goes out before the account is even looked up: its timing cannot tell a known email from an unknown
    // one. The link is made and queued once the answer is written; the outbox waits for that work before it stops.
    const answered = new Promise<void>((resolve) => finished(reply.raw, () => resolve()));
    mailer.track(
      answered
        .then(() => mailResetLink(email))
        .catch((error: unknown) => request.log.error({ err: error }, 'password reset link not queued')),
    );
    return reply.code(202).send({ message: RESET_SENT });
  });

  app.get('/account/profile', person('contributor'), async (request, reply) => {
    const profile = await findProfile(db, actor(request).accountId!);
    if (profile === undefined) return reply.code(404).send({ error: 'Account not found' });
    markPrivate(reply);
    return reply.send(profile);
  });

  app.put('/account/profile', { ...person('contributor'), schema: { body: profileSchema } }, async (request, reply) => {
    const profile = await saveProfile(db, actor(request).accountId!, request.body, new Date(now()));
    if (profile === undefined) return reply.code(404).send({ error: 'Account not found' });
    markPrivate(reply);
    return reply.send(profile);
  });

  // The question after a sign-in for an account that never gave a name (bylines would show its email's local part).
  app.get('/account/name-ask', person('contributor'), async (request, reply) => {
    const ask = await asksName(db, actor(request).accountId!);
    if (ask === undefined) return reply.code(404).send({ error: 'Account not found' });
    markPrivate(reply);
    return reply.send({ ask });
  });

  app.post(
    '/account/name-ask',
    { ...person('contributor'), schema: { body: nameAnswerSchema } },
    async (request, reply) => {
      const account = await answerNameAsk(db, actor(request).accountId!, request.body.name, new Date(now()));
      if (account === undefined) return reply.code(404).send({ error: 'Account not found' });
      markPrivate(reply);
      return reply.send({ user: userOf(account) });
    },
  );

  app.get('/users', staff('editor'), async (_request, reply) => {
    markPrivate(reply);
    return (await listAccounts(db)).map(userOf);
  });

  app.patch(
    '/users/:id',
    { ...person('owner'), schema: { params: idParams, body: roleChangeSchema } },
    async (request, reply) => {
      const { role } = request.body;
      if (!(GRANTABLE_ROLES as readonly string[]).includes(role))
        return reply.code(403).send({ error: 'No account can be made owner: the owner is made at set-up' });
      const updated = await setRole(db, request.params.id, role, new Date(now()));
      if (updated === 'not found') return reply.code(404).send({ error: 'Account not found' });
      if (updated === 'last owner') return reply.code(409).send({ error: LAST_OWNER });
      markPrivate(reply);
      return userOf(updated);
    },
  );

  app.delete('/users/:id', { ...person('owner'), schema: { params: idParams } }, async (request, reply) => {
    const { id } = request.params;
    // The last owner first: whoever may ask hears why, even about their own account.
    if (actor(request).accountId === id)
      return (await countOwners(db.kysely)) <= 1
        ? reply.code(409).send({ error: LAST_OWNER })
        : reply.code(403).send({ error: 'You cannot remove your own account' });
    const outcome = await deleteAccount(db, id, new Date(now()));
    if (outcome === 'last owner') return reply.code(409).send({ error: LAST_OWNER });
    if (outcome === 'not found') return reply.code(404).send({ error: 'Account not found' });
    return reply.code(204).send();
  });

  app.get('/invitations', staff('editor'), async (_request, reply) => {
    markPrivate(reply);
    return listPendingInvitations(db, new Date(now()));
  });

  app.post('/invitations', { ...person('editor'), schema: { body: invitationSchema } }, async (request, reply) => {
    const { email, role } = request.body;
    const inviter = actor(request);
    if (!invitableRoles(inviter.role).includes(role))
      return reply.code(403).send({ error: `Your role cannot invite an ${role}` });
    if ((await findAccountByEmail(db, email)) !== undefined) return reply.code(409).send({ error: ACCOUNT_EXISTS });
    const at = new Date(now());
    const token = newSecret();
    const expiresAt = new Date(at.getTime() + INVITATION_TTL_MS);
    const id = await insertInvitation(
      db,
      { tokenHash: sha256Hex(token), email, role, expiresAt, invitedBy: inviter.accountId },
      at,
    );
    const query = new URLSearchParams({ invite: token, email: normalizeEmail(email) });
    const url = `${publicUrl}${pathTo('auth')}?${query.toString()}`;
    // With a mail server the invitation is mailed too; the answer says so, and the staff page hides "send it yourself".
    if (mailer.enabled) {
      await queueMail(db.kysely, [invitationMessage(normalizeEmail(email), { url, role, inviter: inviter.name })], at);
      mailer.wake();
    }
    return reply.code(201).send({ id, url, expiresAt: expiresAt.toISOString(), mailed: mailer.enabled });
  });

  app.delete('/invitations/:id', { ...person('editor'), schema: { params: idParams } }, async (request, reply) => {
    const at = new Date(now());
    const invitation = await findPendingInvitation(db, request.params.id, at);
    if (invitation === undefined) return reply.code(404).send({ error: 'No pending invitation with this id' });
    const { accountId, role } = actor(request);
    if (!mayRevokeInvitation({ id: accountId, role }, invitation))
      return reply.code(403).send({ error: 'Only the person who sent an invitation, or an owner, may revoke it' });
    if (!(await revokeInvitation(db, invitation.id, at)))
      return reply.code(404).send({ error: 'No pending invitation with this id' });
    return reply.code(204).send();
  });

  app.post(
    '/account/password',
    { ...staff('contributor'), schema: { body: passwordChangeSchema } },
    async (request, reply) => {
      const signedIn = signedInOf(request);
      if (signedIn === undefined)
        return reply.code(403).send({ error: 'Only a signed-in account has a password to change' });
      const { currentPassword, newPassword } = request.body;
      const { email } = signedIn.account;
      const attempt = await startPassword(request, email);
      if (isTooMany(attempt)) return tooMany(reply, attempt);
      const account = await findAccountWithHash(db, signedIn.account.id);
      if (account === undefined || !(await hasher.verify(account.passwordHash, currentPassword)))
        return reply.code(403).send({ error: 'The current password is incorrect' });
      await attempt.release();
      const problem = passwordProblem(newPassword, email);
      if (problem !== undefined) return reply.code(400).send({ error: problem });
      await setPassword(db, account.id, await hasher.hash(newPassword), signedIn.idHash, new Date(now()));
      return reply.code(204).send();
    },
  );

  app.get('/keys', staff('owner'), async (_request, reply) => {
    markPrivate(reply);
    return listKeys(db);
  });

  app.post('/keys', { ...person('owner'), schema: { body: newKeySchema } }, async (request, reply) => {
    const key = `tlk_${newSecret()}`;
    const stored = await insertKey(db, request.body.name, sha256Hex(key), new Date(now()));
    markPrivate(reply);
    return reply.code(201).send({ id: stored.id, name: stored.name, key });
  });

  app.delete('/keys/:id', { ...person('owner'), schema: { params: idParams } }, async (request, reply) => {
    if (!(await deleteKey(db, request.params.id))) return reply.code(404).send({ error: 'API key not found' });
    return reply.code(204).send();
  });
};

/** A refusal found inside a transaction, which it rolls back. */
class Refusal extends Error {}
