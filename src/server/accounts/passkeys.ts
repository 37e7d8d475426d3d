// Passkeys (WebAuthn, through @simplewebauthn/server): discoverable credentials with user verification required.
// Challenges are single-use, live 5 minutes and sit in the database, so any process may answer them. The relying
// party is PUBLIC_URL: its host name is the RP ID, its origin the only origin accepted.
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { SITE_NAME } from '../../contract/site';
import type { Db } from '../db/database';
import type { Account } from '../repositories/accountsRepository';
import {
  findPasskey,
  insertChallenge,
  listPasskeys,
  recordPasskeyUse,
  takeChallenge,
} from '../repositories/secondFactorRepository';
import type { NewPasskey, StoredPasskey } from '../repositories/secondFactorRepository';

export const CHALLENGE_TTL_MS = 5 * 60_000;

/** Loaded on the first passkey request: the library and its ASN.1 parsers take longer to load than the rest of a route. */
const webauthn = () => import('@simplewebauthn/server');

export type RelyingParty = { rpID: string; origin: string };

export function relyingPartyOf(publicUrl: string): RelyingParty {
  const url = new URL(publicUrl);
  return { rpID: url.hostname, origin: url.origin };
}

/** Why a passkey was refused, for the log (the person is told only that it did not work). */
export class PasskeyRefused extends Error {}

const asTransports = (transports: string[]) => transports as AuthenticatorTransport[];

export async function registrationOptions(
  db: Db,
  rp: RelyingParty,
  account: Account,
  now: number,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const { generateRegistrationOptions } = await webauthn();
  const existing = await listPasskeys(db.kysely, account.id);
  const options = await generateRegistrationOptions({
    rpName: SITE_NAME,
    rpID: rp.rpID,
    userName: account.email,
    userDisplayName: account.name,
    // The user handle a passkey keeps: the account's id, no personal data.
    userID: new TextEncoder().encode(`touchline-account-${account.id}`),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: asTransports(p.transports) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    timeout: CHALLENGE_TTL_MS,
  });
  await insertChallenge(
    db,
    { challenge: options.challenge, purpose: 'register', accountId: account.id, expiresAt: now + CHALLENGE_TTL_MS },
    now,
  );
  return options;
}

/** Checks a new passkey's attestation against a challenge given to this account; the passkey to store. */
export async function verifyRegistration(
  db: Db,
  rp: RelyingParty,
  account: Account,
  response: RegistrationResponseJSON,
  name: string,
  now: number,
): Promise<NewPasskey> {
  const { verifyRegistrationResponse } = await webauthn();
  let result;
  try {
    result = await verifyRegistrationResponse({
      response,
      expectedChallenge: (challenge) => takeChallenge(db, challenge, 'register', account.id, now),
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: true,
    });
  } catch (error) {
    throw new PasskeyRefused((error as Error).message);
  }
  if (!result.verified) throw new PasskeyRefused('registration not verified');
  const { credential, credentialDeviceType, credentialBackedUp } = result.registrationInfo;
  return {
    accountId: account.id,
    credentialId: credential.id,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: credential.transports ?? response.response.transports ?? [],
    deviceType: credentialDeviceType,
    backedUp: credentialBackedUp,
    name,
  };
}

/** Options for a sign-in: no account named, so the browser offers any passkey it holds for this site. */
export async function authenticationOptions(
  db: Db,
  rp: RelyingParty,
  now: number,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const { generateAuthenticationOptions } = await webauthn();
  const options = await generateAuthenticationOptions({
    rpID: rp.rpID,
    userVerification: 'required',
    timeout: CHALLENGE_TTL_MS,
  });
  await insertChallenge(
    db,
    { challenge: options.challenge, purpose: 'sign-in', accountId: null, expiresAt: now + CHALLENGE_TTL_MS },
    now,
  );
  return options;
}

/**
 * Checks a sign-in assertion against the stored passkey and a sign-in challenge, and stores the new counter. A
 * counter that did not go up (a cloned authenticator) is refused.
 */
export async function verifyAuthentication(
  db: Db,
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  now: number,
): Promise<StoredPasskey> {
  const { verifyAuthenticationResponse } = await webauthn();
  const passkey = await findPasskey(db, response.id);
  if (passkey === undefined) throw new PasskeyRefused('unknown credential');
  let result;
  try {
    result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: (challenge) => takeChallenge(db, challenge, 'sign-in', null, now),
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      credential: {
        id: passkey.credentialId,
        publicKey: Buffer.from(passkey.publicKey, 'base64url'),
        counter: passkey.counter,
        transports: asTransports(passkey.transports),
      },
      requireUserVerification: true,
    });
  } catch (error) {
    throw new PasskeyRefused((error as Error).message);
  }
  if (!result.verified) throw new PasskeyRefused('authentication not verified');
  const { newCounter, credentialBackedUp } = result.authenticationInfo;
  const stored = await recordPasskeyUse(db, passkey.id, passkey.counter, newCounter, credentialBackedUp, new Date(now));
  if (!stored) throw new PasskeyRefused('the counter changed during the check');
  return passkey;
}
