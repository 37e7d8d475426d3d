// Path parameters the API shares across routes, as zod schemas (the server's only: the client checks ids with
// parsePostId from routes.ts, without zod).
import * as z from 'zod/mini';
import { parsePostId } from './routes';

/** A post id (or any row id spelled the same way) in a path: well-formed or a 400; a number once parsed. */
export const postIdParam = z.pipe(
  z.string().check(z.refine((s) => parsePostId(s) !== undefined, 'must be a positive integer')),
  z.transform(Number),
);

/** `/api/blogs/:id` and every route under one post. */
export const postParams = z.object({ id: postIdParam });
