// Request bodies of the desk: review decisions, editorial notes, notifications read, the author profile and the
// "Forgot password?" request. zod runs on the server only (the client imports the types at most).
import * as z from 'zod/mini';
import { DESK_LIMITS } from './desk';
import { CONTROL_CHARS_MESSAGE, hasForbiddenChars, isSingleLine, SINGLE_LINE_MESSAGE } from './text';
import { LIMITS } from './limits';
import { blogSubmissionSchema, footerInputSchema } from './schemas';
import { nameSchema, signInSchema } from './accountSchemas';

const storable = z.refine<string>((s) => !hasForbiddenChars(s), CONTROL_CHARS_MESSAGE);

/** A note's text: 1 to 2,000 characters with something that shows. */
const noteText = z.string().check(
  z.refine((s) => s.trim().length > 0, 'must not be empty'),
  z.maxLength(DESK_LIMITS.noteMax, `must be at most ${DESK_LIMITS.noteMax.toLocaleString('en')} characters`),
  storable,
);

/** POST /api/blogs/:id/review */
export const reviewDecisionSchema = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('changes'), note: noteText }),
  z.object({ decision: z.literal('approve'), publishAt: blogSubmissionSchema.shape.publishAt }),
]);

/** POST /api/blogs/:id/notes */
export const noteSchema = z.object({ body: noteText });
/** PATCH /api/blogs/:id/notes/:noteId */
export const noteUpdateSchema = z.object({ resolved: z.boolean() });

/** POST /api/notifications/read: these ids, or every notification without `ids`. */
export const notificationsReadSchema = z.optional(
  z.object({
    ids: z.optional(
      z
        .array(z.number().check(z.int(), z.gte(1, 'must be a notification id'), z.lte(2_147_483_647, 'is too large')))
        .check(z.maxLength(500, 'must have at most 500 ids')),
    ),
  }),
);

/** The profile's title, a line under the name in a post's footer: the footer's rule, on one line. */
const title = z._default(
  z
    .string()
    .check(
      z.maxLength(LIMITS.shortTextMax, `must be at most ${LIMITS.shortTextMax} characters`),
      storable,
      z.refine(isSingleLine, SINGLE_LINE_MESSAGE),
    ),
  '',
);

/** PUT /api/account/profile: the author profile a new post's footer starts from. */
export const profileSchema = z.object({
  name: nameSchema,
  title,
  photo: footerInputSchema.shape.imageUrl,
});

/** POST /api/password-reset-requests: mail me a reset link. */
export const resetRequestSchema = z.object({ email: signInSchema.shape.email });
