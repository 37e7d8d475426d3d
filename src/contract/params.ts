// Path and query parameters the API shares across routes, as zod schemas (the server's only: the client checks ids
// with parsePostId from routes.ts, without zod).
import * as z from 'zod/mini';
import { POST_ID_MAX } from './limits';
import { parsePostId } from './routes';

/** What is asked for an id past POST_ID_MAX: no row has it (ids start at 1), and an integer column holds it. */
export const NO_ROW = 0;

/**
 * The row a well-formed id names, as the database is asked about it: an id past POST_ID_MAX (the largest an id column
 * holds) names no row, so it is asked as NO_ROW and answered as any missing id is (a 404). Undefined when malformed.
 */
export function rowIdOf(text: string | undefined): number | undefined {
  const id = parsePostId(text);
  return id !== undefined && id > POST_ID_MAX ? NO_ROW : id;
}

/**
 * A list cursor (the id the next page starts below) as the database is asked about it: past POST_ID_MAX it bounds
 * nothing, so it is no cursor. Undefined also when malformed (the caller checks with parsePostId first).
 */
export function cursorOf(text: string | undefined): number | undefined {
  const id = parsePostId(text);
  return id !== undefined && id > POST_ID_MAX ? undefined : id;
}

/** A row id (a post, note, entry or revision) in a path: well-formed or a 400; then the number rowIdOf asks for. */
export const rowIdParam = z.pipe(
  z.string().check(z.refine((s) => parsePostId(s) !== undefined, 'must be a positive integer')),
  z.transform((s) => rowIdOf(s)!),
);

/** `/api/blogs/:id` and every route under one post. */
export const postParams = z.object({ id: rowIdParam });

/** A list cursor in a query string: well-formed or a 400 with `message`; then what cursorOf asks for. */
export const cursorParam = (message: string) =>
  z.pipe(
    z.string().check(z.refine((s) => parsePostId(s) !== undefined, message)),
    z.transform((s) => cursorOf(s)),
  );

/** ?limit=: a page size from 1 to `max`, written as a plain integer; `byDefault` when absent. */
export const pageSizeParam = (max: number, byDefault: number) =>
  z._default(
    z.pipe(
      z
        .string()
        .check(
          z.refine((s) => (parsePostId(s) ?? Number.POSITIVE_INFINITY) <= max, `must be an integer from 1 to ${max}`),
        ),
      z.transform(Number),
    ),
    byDefault,
  );
