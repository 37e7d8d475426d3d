// Staff second factors: a person's passkeys, authenticator app and recovery codes, the sign-in steps that use them
// (a passkey instead of the password, a code after it), and the owners' policy. Every change is logged and told to
// the person in their app inbox, and by mail when mail is configured, in the change's own transaction.
import * as z from 'zod/mini';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { rowIdParam } from '../../contract/params';
import {
  passkeyRegistrationSchema,
  passkeySignInSchema,
  policySchema,
  secondFactorRequired,
  signInCodeSchema,
  totpConfirmSchema,
  totpOffSchema,
} from '../../contract/secondFactor';
import type { SecondFactorStatus } from '../../contract/secondFactor';
import type { StaffUser } from '../../contract/types';
import { accountNotice, tellAccount } from '../accounts/accountNotices';
import { actorOf } from '../accounts/actor';
import { isTooMany } from '../accounts/attemptLimits';
import type { Attempt, AttemptLimiter, TooMany } from '../accounts/attemptLimits';
import { CROSS_SITE, namesOtherOrigin } from '../accounts/guard';
import type { WriteGuard } from '../accounts/guard';
import {
  authenticationOptions,
  PasskeyRefused,
  registrationOptions,
  relyingPartyOf,
  verifyAuthentication,
  verifyRegistration,
} from '../accounts/passkeys';
import type { PasswordHasher } from '../accounts/passwords';
import { hashRecoveryCode, isRecoveryCodeShape, newRecoveryCodes } from '../accounts/recoveryCodes';
import { SecretBox } from '../accounts/secretBox';
import { sessionCookie, sha256Hex, signedInOf } from '../accounts/sessions';
import type { Sessions } from '../accounts/sessions';
import { newTotpSecret, takeTotpCode } from '../accounts/totp';
import type { Database, Db } from '../db/database';
import { markPrivate } from '../http/answers';
import { limiterKey } from '../http/clientAddress';
import { ignoreEmptyBody } from '../http/requestLimits';
import type { ZodTypeProvider } from '../http/validation';
import { MAIL_OFF } from '../mail/mailer';
import type { Mailer } from '../mail/mailer';
import { findAccountWithHash } from '../repositories/accountsRepository';
import type { Account } from '../repositories/accountsRepository';
import { addAttempts, releaseAttempts } from '../repositories/attemptsRepository';
import {
  addWrongCode,
  countRecoveryCodes,
  deleteCodeStep,
  deletePasskey,
  deleteTotp,
  enableTotp,
  factorState,
  findCodeStep,
  findTotp,
  insertPasskey,
  isStrongSession,
  listPasskeys,
  markStrongSession,
  readPolicy,
  replaceRecoveryCodes,
  savePendingTotp,
  useRecoveryCode,
  writePolicy,
} from '../repositories/secondFactorRepository';

export type SecondFactorRoutesOptions = {
  db: Db;
  guard: WriteGuard;
  sessions: Sessions;
  hasher: PasswordHasher;
  limiter: AttemptLimiter;
  /** the relying party of passkeys: its host is the RP ID, its origin the one accepted */
  publicUrl: string;
  ownOrigins: ReadonlySet<string>;
  now: () => number;
  /** the server secret the authenticator app's secrets are sealed with (accounts/secretBox.ts) */
  secretKey: string;
  mailer?: Mailer;
};

/** Wrong codes one sign-in may send before it ends, and per account in a window (every sign-in together). */
export const CODE_LIMITS = { perSignIn: 5, perAccount: { max: 10, windowMs: 15 * 60_000 } };

const FORBIDDEN = "Your role doesn't allow this";
const PEOPLE_ONLY = 'An API key or the admin token has no second factor: sign in instead';
const PASSKEY_FAILED = 'That passkey did not work here: try again, or sign in with your password';
const PASSKEY_NOT_ADDED = 'The passkey was not added: try again';
const WRONG_CODE = 'That code is not right: check your app, or use a recovery code';
const STEP_ENDED = 'This sign-in has ended: enter your email and password again';
const TOO_MANY_CODES = 'Too many wrong codes. Try again later.';
const TOO_MANY = 'Too many failed sign-in attempts. Try again later.';
const TOTP_ON = 'The authenticator app is already on: turn it off first';
const NO_PENDING = 'Start the set-up again: no authenticator app is waiting for a code';
const TOTP_OFF_PROOF = 'Enter a current code from your app, or your password';

const userOf = ({ id, email, name, role }: Account): StaffUser => ({ id, email, name, role });
const idParams = z.object({ id: rowIdParam });

export const secondFactorRoutes: FastifyPluginAsync<SecondFactorRoutesOptions> = async (
  fastify,
  { db, guard, sessions, hasher, limiter, publicUrl, ownOrigins, now, secretKey, mailer = MAIL_OFF },
) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.removeContentTypeParser('text/plain');
  app.addHook('onRequest', (request, reply, done) =>
    request.method === 'DELETE' ? ignoreEmptyBody(request, reply, done) : done(),
  );
  const box = new SecretBox(secretKey);
  const rp = relyingPartyOf(publicUrl);

  /** A signed-in person (not a key), past the guard and its second-factor policy. */
  const person = {
    onRequest: guard.refuseBlocked,
    preValidation: async (request: FastifyRequest, reply: FastifyReply) => {
      if (!(await guard.authorize(request, reply))) return reply;
      if (actorOf(request)!.accountId === null) return reply.code(403).send({ error: PEOPLE_ONLY });
    },
  };
  const accountOf = async (request: FastifyRequest): Promise<Account> => {
    const signedIn = signedInOf(request);
    if (signedIn !== undefined) return signedIn.account;
    return (await findAccountWithHash(db, actorOf(request)!.accountId!))!;
  };

  /**
   * A change to the person's sign-in settings, made in one transaction with its notice (the inbox item, and the mail
   * when mail is configured), then logged. `write` makes it and returns the sentence that tells it, or undefined when
   * it changed nothing (then nothing is told). Whether it changed something.
   */
  async function change(
    request: FastifyRequest,
    account: Account,
    write: (trx: Transaction<Database>) => Promise<string | undefined>,
  ): Promise<boolean> {
    const at = new Date(now());
    const told = await db.kysely.transaction().execute(async (trx) => {
      const text = await write(trx);
      if (text !== undefined) await tellAccount(trx, account, { actorName: account.name, text }, at, mailer);
      return text;
    });
    if (told === undefined) return false;
    request.log.info({ accountId: account.id, change: told }, 'sign-in settings changed');
    if (mailer.enabled) mailer.wake();
    return true;
  }

  /** The session that set up a factor counts as made with two: its person proved the new factor just now. */
  async function strengthen(trx: Transaction<Database>, request: FastifyRequest) {
    const signedIn = signedInOf(request);
    if (signedIn !== undefined) await markStrongSession(trx, signedIn.idHash, signedIn.account.id);
  }

  /** New recovery codes when the first factor was just set up (none before): shown once, in this answer. */
  async function firstCodes(
    trx: Transaction<Database>,
    accountId: number,
    hadFactor: boolean,
  ): Promise<string[] | undefined> {
    if (hadFactor) return undefined;
    const { codes, hashes } = newRecoveryCodes();
    await replaceRecoveryCodes(trx, accountId, hashes);
    return codes;
  }

  const hasFactor = async (accountId: number) => {
    const state = await factorState(db.kysely, accountId);
    return state.passkeys > 0 || state.totp;
  };

  /** A new session made with two factors: its cookie replaces any the browser had. */
  async function startSession(request: FastifyRequest, reply: FastifyReply, account: Account) {
    const id = await sessions.create(db.kysely, account.id);
    await markStrongSession(db.kysely, sha256Hex(id), account.id);
    const previous = sessionCookie(request);
    if (previous !== undefined) await sessions.revoke(sha256Hex(previous));
    sessions.setCookie(reply, id);
    markPrivate(reply);
    return reply.code(200).send({ user: userOf(account) });
  }

  const tooMany = (reply: FastifyReply, { retryAfter }: TooMany, error: string) =>
    reply.code(429).header('retry-after', String(retryAfter)).send({ error });

  // ---- what the person has

  app.get('/account/second-factor', person, async (request, reply) => {
    markPrivate(reply);
    const account = await accountOf(request);
    const [passkeys, state, policy] = await Promise.all([
      listPasskeys(db.kysely, account.id),
      factorState(db.kysely, account.id),
      readPolicy(db),
    ]);
    const signedIn = signedInOf(request);
    const strong = signedIn !== undefined && (await isStrongSession(db, signedIn.idHash));
    const status: SecondFactorStatus = {
      passkeys: passkeys.map(({ id, name, createdAt, lastUsedAt }) => ({ id, name, createdAt, lastUsedAt })),
      totp: state.totp,
      recoveryCodes: state.recoveryCodes,
      policy,
      setupRequired: secondFactorRequired(policy, account.role) && !strong && state.passkeys === 0 && !state.totp,
    };
    return status;
  });

  // ---- the policy (owners)

  app.put('/account/second-factor/policy', { ...person, schema: { body: policySchema } }, async (request, reply) => {
    if (actorOf(request)!.role !== 'owner') return reply.code(403).send({ error: FORBIDDEN });
    await writePolicy(db, request.body.policy);
    request.log.info({ accountId: actorOf(request)!.accountId, policy: request.body.policy }, 'second-factor policy');
    return { policy: request.body.policy };
  });

  // ---- the authenticator app

  app.post('/account/totp', person, async (request, reply) => {
    markPrivate(reply);
    const account = await accountOf(request);
    const secret = await newTotpSecret(account.email);
    if (!(await savePendingTotp(db, account.id, box.seal(secret.secret), new Date(now()))))
      return reply.code(409).send({ error: TOTP_ON });
    return secret;
  });

  /** A code attempt by the account, counted per address (with sign-in's) and per account, in the database. */
  async function startCodeAttempt(request: FastifyRequest, accountId: number): Promise<Attempt | TooMany> {
    const perAddress = await limiter.startCode(limiterKey(request.ip));
    if (isTooMany(perAddress)) return perAddress;
    const { max, windowMs } = CODE_LIMITS.perAccount;
    const at = now();
    const result = await addAttempts(
      db,
      [{ key: `code-account:${sha256Hex(String(accountId))}`, windowMs }],
      at,
      ([c]) => (c!.attempts > max ? c!.windowEndsAt : undefined),
    );
    if ('refused' in result) return { retryAfter: Math.max(1, Math.ceil((result.refused - at) / 1000)) };
    return {
      release: async () => {
        await perAddress.release();
        await releaseAttempts(db, result.counted);
      },
    };
  }

  app.post('/account/totp/confirm', { ...person, schema: { body: totpConfirmSchema } }, async (request, reply) => {
    markPrivate(reply);
    const account = await accountOf(request);
    const pending = await findTotp(db.kysely, account.id);
    if (pending === undefined || pending.enabled)
      return reply.code(409).send({ error: pending ? TOTP_ON : NO_PENDING });
    const attempt = await startCodeAttempt(request, account.id);
    if (isTooMany(attempt)) return tooMany(reply, attempt, TOO_MANY_CODES);
    if (!(await takeTotpCode(db, box, account.id, request.body.code, now(), false)))
      return reply.code(400).send({ error: WRONG_CODE });
    await attempt.release();
    const hadFactor = await hasFactor(account.id);
    let recoveryCodes: string[] | undefined;
    await change(request, account, async (trx) => {
      await enableTotp(trx, account.id, new Date(now()));
      recoveryCodes = await firstCodes(trx, account.id, hadFactor);
      await strengthen(trx, request);
      return accountNotice.totpOn;
    });
    return { totp: true, recoveryCodes };
  });

  app.post('/account/totp/off', { ...person, schema: { body: totpOffSchema } }, async (request, reply) => {
    const account = await accountOf(request);
    const { code, password } = request.body;
    if (code === undefined && password === undefined) return reply.code(400).send({ error: TOTP_OFF_PROOF });
    const stored = await findTotp(db.kysely, account.id);
    if (stored?.enabled !== true) return reply.code(409).send({ error: 'The authenticator app is not on' });
    const attempt = await startCodeAttempt(request, account.id);
    if (isTooMany(attempt)) return tooMany(reply, attempt, TOO_MANY_CODES);
    let proven = false;
    if (code !== undefined) proven = await takeTotpCode(db, box, account.id, code, now(), true);
    if (!proven && password !== undefined) {
      const withHash = await findAccountWithHash(db, account.id);
      proven = withHash !== undefined && (await hasher.verify(withHash.passwordHash, password));
    }
    if (!proven) return reply.code(400).send({ error: TOTP_OFF_PROOF });
    await attempt.release();
    // Two turn-offs at once: the one that deleted nothing tells nothing.
    await change(request, account, async (trx) =>
      (await deleteTotp(trx, account.id)) ? accountNotice.totpOff : undefined,
    );
    return reply.code(204).send();
  });

  // ---- recovery codes

  app.post('/account/recovery-codes', person, async (request, reply) => {
    markPrivate(reply);
    const account = await accountOf(request);
    if (!(await hasFactor(account.id)))
      return reply.code(409).send({ error: 'Set up a passkey or an authenticator app first' });
    const { codes, hashes } = newRecoveryCodes();
    await change(request, account, async (trx) => {
      await replaceRecoveryCodes(trx, account.id, hashes);
      return accountNotice.newRecoveryCodes;
    });
    return { recoveryCodes: codes };
  });

  // ---- the code step of a sign-in (after the right password, when the app is on)

  app.post('/session/code', { schema: { body: signInCodeSchema } }, async (request, reply) => {
    if (namesOtherOrigin(request, ownOrigins)) return reply.code(403).send({ error: CROSS_SITE });
    const ticketHash = sha256Hex(request.body.ticket);
    const step = await findCodeStep(db, ticketHash, now());
    if (step === undefined) return reply.code(401).send({ error: STEP_ENDED });
    const account = await findAccountWithHash(db, step.accountId);
    if (account === undefined) return reply.code(401).send({ error: STEP_ENDED });
    const attempt = await startCodeAttempt(request, account.id);
    if (isTooMany(attempt)) return tooMany(reply, attempt, TOO_MANY_CODES);
    const { code } = request.body;
    const at = now();
    let right = await takeTotpCode(db, box, account.id, code, at, true);
    // A recovery code is used and its use told in one transaction: the person hears of every code spent.
    if (!right && isRecoveryCodeShape(code))
      right = await change(request, account, async (trx) => {
        if (!(await useRecoveryCode(trx, account.id, hashRecoveryCode(code), new Date(at)))) return undefined;
        return accountNotice.recoveryCodeUsed(await countRecoveryCodes(trx, account.id));
      });
    if (!right) {
      const wrong = await addWrongCode(db, ticketHash);
      if (wrong >= CODE_LIMITS.perSignIn) {
        await deleteCodeStep(db.kysely, ticketHash);
        return reply.code(401).send({ error: `${TOO_MANY_CODES} ${STEP_ENDED}` });
      }
      return reply.code(401).send({ error: WRONG_CODE });
    }
    await attempt.release();
    await deleteCodeStep(db.kysely, ticketHash);
    return startSession(request, reply, account);
  });

  // ---- passkeys

  app.post('/account/passkeys/options', person, async (request, reply) => {
    markPrivate(reply);
    return registrationOptions(db, rp, await accountOf(request), now());
  });

  app.post('/account/passkeys', { ...person, schema: { body: passkeyRegistrationSchema } }, async (request, reply) => {
    markPrivate(reply);
    const account = await accountOf(request);
    const { name } = request.body;
    const response = request.body.response as unknown as RegistrationResponseJSON;
    let passkey;
    try {
      passkey = await verifyRegistration(db, rp, account, response, name, now());
    } catch (error) {
      if (!(error instanceof PasskeyRefused)) throw error;
      request.log.warn({ accountId: account.id, reason: error.message }, 'passkey registration refused');
      return reply.code(400).send({ error: PASSKEY_NOT_ADDED });
    }
    const hadFactor = await hasFactor(account.id);
    let recoveryCodes: string[] | undefined;
    await change(request, account, async (trx) => {
      await insertPasskey(trx, passkey, new Date(now()));
      recoveryCodes = await firstCodes(trx, account.id, hadFactor);
      await strengthen(trx, request);
      return accountNotice.passkeyAdded(name);
    });
    const passkeys = await listPasskeys(db.kysely, account.id);
    const added = passkeys.find((p) => p.credentialId === passkey.credentialId)!;
    return reply.code(201).send({
      passkey: { id: added.id, name: added.name, createdAt: added.createdAt, lastUsedAt: added.lastUsedAt },
      recoveryCodes,
    });
  });

  app.delete('/account/passkeys/:id', { ...person, schema: { params: idParams } }, async (request, reply) => {
    const account = await accountOf(request);
    const removed = await change(request, account, async (trx) => {
      const name = await deletePasskey(trx, account.id, request.params.id);
      return name === undefined ? undefined : accountNotice.passkeyRemoved(name);
    });
    if (!removed) return reply.code(404).send({ error: 'Passkey not found' });
    return reply.code(204).send();
  });

  // ---- signing in with a passkey (no password, no second factor)

  app.post('/session/passkey/options', async (request, reply) => {
    if (namesOtherOrigin(request, ownOrigins)) return reply.code(403).send({ error: CROSS_SITE });
    markPrivate(reply);
    return authenticationOptions(db, rp, now());
  });

  app.post('/session/passkey', { schema: { body: passkeySignInSchema } }, async (request, reply) => {
    if (namesOtherOrigin(request, ownOrigins)) return reply.code(403).send({ error: CROSS_SITE });
    // Counted like a password attempt from this address: a passkey is no new way to guess.
    const attempt = await limiter.startCode(limiterKey(request.ip));
    if (isTooMany(attempt)) return tooMany(reply, attempt, TOO_MANY);
    const response = request.body.response as unknown as AuthenticationResponseJSON;
    let passkey;
    try {
      passkey = await verifyAuthentication(db, rp, response, now());
    } catch (error) {
      if (!(error instanceof PasskeyRefused)) throw error;
      request.log.warn({ credentialId: response.id, reason: error.message }, 'passkey sign-in refused');
      return reply.code(401).send({ error: PASSKEY_FAILED });
    }
    await attempt.release();
    const account = await findAccountWithHash(db, passkey.accountId);
    if (account === undefined) return reply.code(401).send({ error: PASSKEY_FAILED });
    return startSession(request, reply, account);
  });
};
