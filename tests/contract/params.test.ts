// The post-id path parameter every API route under /api/blogs/:id validates with: a 400 for a malformed id.
import * as z from 'zod/mini';
import { postIdParam, postParams } from '../../src/contract/params';

describe('postIdParam', () => {
  it('parses a well-formed id to a number', () => {
    expect(z.parse(postIdParam, '12')).toBe(12);
    expect(z.parse(postIdParam, '2147483648')).toBe(2_147_483_648);
    expect(z.parse(postParams, { id: '3' })).toEqual({ id: 3 });
  });

  it.each(['012', '0', '1.5', '1e3', '-1', '', 'abc', '9007199254740992'])(
    'refuses %j as not a positive integer',
    (id) => {
      const result = z.safeParse(postParams, { id });
      expect(result.success).toBe(false);
      expect(result.error?.issues).toEqual([
        expect.objectContaining({ path: ['id'], message: 'must be a positive integer' }),
      ]);
    },
  );

  it('refuses a missing id', () => {
    expect(z.safeParse(postParams, {}).success).toBe(false);
  });
});
