// The post-id path parameter every API route under /api/blogs/:id validates with: a 400 for a malformed id.
import * as z from 'zod/mini';
import { NO_ROW, pageSizeParam, postParams, rowIdParam } from '../../src/contract/params';

describe('rowIdParam', () => {
  it('parses a well-formed id to a number', () => {
    expect(z.parse(rowIdParam, '12')).toBe(12);
    expect(z.parse(rowIdParam, '2147483647')).toBe(2_147_483_647);
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

  it('asks for no row past the largest id a column holds, so it is answered as a missing id', () => {
    expect(z.parse(rowIdParam, '2147483648')).toBe(NO_ROW);
    expect(z.parse(rowIdParam, '9007199254740991')).toBe(NO_ROW);
  });

  it('refuses a missing id', () => {
    expect(z.safeParse(postParams, {}).success).toBe(false);
  });
});

describe('pageSizeParam', () => {
  const limit = pageSizeParam(100, 20);

  it('parses 1 to the maximum, and gives the default when absent', () => {
    expect(z.parse(limit, '1')).toBe(1);
    expect(z.parse(limit, '100')).toBe(100);
    expect(z.parse(limit, undefined)).toBe(20);
  });

  it.each(['0', '101', '010', '1.5', 'abc', ''])('refuses %j', (text) => {
    expect(z.safeParse(limit, text).error?.issues).toEqual([
      expect.objectContaining({ message: 'must be an integer from 1 to 100' }),
    ]);
  });
});
