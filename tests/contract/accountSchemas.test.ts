// The name rule of accounts and keys, and the name an account takes from its email when it gives none.
import * as z from 'zod/mini';
import { nameFromEmail, nameSchema } from '../../src/contract/accountSchemas';

describe('nameFromEmail', () => {
  it('is the local part of the email', () => {
    expect(nameFromEmail('sam.rivera@touchline.test')).toBe('sam.rivera');
  });

  it('is cut to a name’s 100 characters, never through an emoji’s pair, and then passes the name rule', () => {
    const long = `${'n'.repeat(99)}🏟more@touchline.test`;
    expect(nameFromEmail(long)).toBe('n'.repeat(99));
    expect(nameFromEmail(`${'m'.repeat(150)}@touchline.test`)).toBe('m'.repeat(100));
    for (const email of [long, `"o'b<script>"+ünï${'x'.repeat(200)}@exämple.test`])
      expect(z.safeParse(nameSchema, nameFromEmail(email)).success).toBe(true);
  });
});

describe('nameSchema', () => {
  it('refuses a break inside a name and trims those around it', () => {
    for (const brk of ['\t', '\r', '\n'])
      expect(z.safeParse(nameSchema, `Sam${brk}Rivera`).error?.issues.map((i) => i.message)).toEqual([
        'must be a single line',
      ]);
    expect(z.parse(nameSchema, '\r\n\tSam Rivera\n')).toBe('Sam Rivera');
  });
});
