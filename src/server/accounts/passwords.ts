// Password hashing (argon2id at OWASP's cost) and a check that takes the same time whether or not the account exists.
// The rules a new password meets are the contract's (contract/passwords.ts): the admin's forms say the same ones.
import argon2 from 'argon2';

export type PasswordCost = { memoryCost: number; timeCost: number; parallelism: number };

/**
 * OWASP Password Storage Cheat Sheet's first argon2id configuration: 19 MiB of memory, 2 iterations, 1 lane. Tests
 * may pass a lower cost to buildApp; nothing else does.
 */
export const OWASP_COST: PasswordCost = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export class PasswordHasher {
  private dummy: Promise<string> | undefined;

  constructor(private readonly cost: PasswordCost = OWASP_COST) {}

  hash(password: string): Promise<string> {
    return argon2.hash(password, { type: argon2.argon2id, ...this.cost });
  }

  /** Never throws for a malformed stored hash: that is a failed check. */
  async verify(hash: string, password: string): Promise<boolean> {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  }

  /**
   * The check for an email that has no account: the same work against a hash made once at the same cost, so the
   * answer takes as long as for a wrong password and does not tell which emails have accounts.
   */
  async verifyNobody(password: string): Promise<false> {
    this.dummy ??= this.hash('no account has this password');
    await this.verify(await this.dummy, password);
    return false;
  }
}
