// What GET /api/search and the /search page accept: the query's text and the offset cursor, as one zod schema (the
// server's only: the API validates with it, and server rendering reads the page's URL with the same rule).
import * as z from 'zod/mini';

/** Characters of a search query at most, after trimming. */
export const QUERY_MAX = 200;
/** Past this many results a reader refines the query instead (and no offset grows without bound). */
export const SEARCH_OFFSET_MAX = 1_000;

// U+0000 and unpaired surrogates: text neither database takes as a parameter.
// eslint-disable-next-line no-control-regex -- U+0000 is exactly what this must find
const NOT_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const searchQuerySchema = z.object({
  q: z.pipe(
    z.string().check(
      z.refine((s) => s.trim().length >= 1, 'is required'),
      z.refine((s) => s.trim().length <= QUERY_MAX, `must be at most ${QUERY_MAX} characters`),
      z.refine((s) => !NOT_TEXT.test(s), 'must not contain NUL characters or unpaired surrogates'),
    ),
    z.transform((s) => s.trim()),
  ),
  cursor: z._default(
    z.pipe(
      z
        .string()
        .check(
          z.refine(
            (s) => /^(0|[1-9]\d{0,3})$/.test(s) && Number(s) <= SEARCH_OFFSET_MAX,
            'must be a cursor taken from a previous answer',
          ),
        ),
      z.transform(Number),
    ),
    0,
  ),
});
