// A newsletter's unsubscribe token: the member's id and an HMAC of it under a key derived from the server secret for
// this purpose alone, so it is made per mail without a row, works for unsubscribing only (no sign-in route reads it)
// and cannot be forged or turned into another member's.
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

export class UnsubscribeTokens {
  private readonly key: Buffer;

  constructor(serverSecret: string) {
    this.key = Buffer.from(hkdfSync('sha256', serverSecret, 'touchline', 'newsletter unsubscribe', 32));
  }

  private mac(memberId: number): Buffer {
    return createHmac('sha256', this.key).update(`unsubscribe:${memberId}`).digest().subarray(0, 18);
  }

  make(memberId: number): string {
    return `${memberId}.${this.mac(memberId).toString('base64url')}`;
  }

  /** The member id the token names, or undefined for a token this server did not make. */
  read(token: string): number | undefined {
    const match = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{24})$/.exec(token);
    if (match === null) return undefined;
    const id = Number(match[1]);
    const given = Buffer.from(match[2]!, 'base64url');
    const expected = this.mac(id);
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined;
  }
}
