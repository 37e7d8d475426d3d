// zod schemas for the submit shape, validated by the API. (Products as read are checked by productCheck.ts.)
// The client imports only types from here (zod stays out of the browser); the server loads English messages with
// z.config (see server/validation).
import * as z from 'zod/mini';
import { LIMITS } from './limits';
import { isSafeUrl } from './urls';

// Strings JSON can carry but neither database stores as sent: PostgreSQL rejects U+0000 in text and jsonb, and an
// unpaired UTF-16 surrogate is not Unicode text at all (SQLite would store U+FFFD instead).
// eslint-disable-next-line no-control-regex -- U+0000 is exactly what this must find
const NOT_STORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const storable = z.refine<string>(
  (s) => !NOT_STORABLE.test(s),
  'must not contain NUL characters or unpaired surrogates',
);

// A title needs at least one character that shows: not only spaces, nor only invisible format characters (soft
// hyphen, zero-width spaces and joiners, direction marks, word joiner, Hangul fillers).
const VISIBLE = /[^\s\u00AD\u115F\u1160\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u3164\uFFA0]/;

const text = (max: number) => z.string().check(z.maxLength(max, `must be at most ${max} characters`), storable);
const optionalText = (max: number) => z._default(text(max), '');

const urlSchema = z
  .string()
  .check(
    z.maxLength(LIMITS.urlMax, `must be at most ${LIMITS.urlMax} characters`),
    storable,
    z.refine(isSafeUrl, 'must be empty, an http(s) URL or a path starting with /'),
  );
const optionalUrl = z._default(urlSchema, '');

const stringList = z._default(
  z
    .array(text(LIMITS.listItemMax))
    .check(z.maxLength(LIMITS.listItemsMax, `must have at most ${LIMITS.listItemsMax} items`)),
  [],
);

export const singleParagraphInputSchema = z.object({
  type: z.literal('single-paragraph'),
  icon: optionalText(LIMITS.shortTextMax),
  title: optionalText(LIMITS.titleMax),
  paragraph: optionalText(LIMITS.paragraphMax),
  list: stringList,
});

export const columnInputSchema = z.object({
  heading: optionalText(LIMITS.titleMax),
  list: stringList,
});

export const twoColumnInputSchema = z.object({
  type: z.literal('two-column'),
  icon: optionalText(LIMITS.shortTextMax),
  title: optionalText(LIMITS.titleMax),
  paragraph: optionalText(LIMITS.paragraphMax),
  columns: z
    .array(columnInputSchema)
    .check(
      z.minLength(1, 'must have at least 1 column'),
      z.maxLength(LIMITS.columnsMax, `must have at most ${LIMITS.columnsMax} columns`),
    ),
});

export const sectionInputSchema = z.discriminatedUnion('type', [singleParagraphInputSchema, twoColumnInputSchema]);

export const productInputSchema = z.object({
  title: optionalText(LIMITS.titleMax),
  description: optionalText(LIMITS.paragraphMax),
  price: optionalText(LIMITS.shortTextMax),
  imageUrl: optionalUrl,
  amazonUrl: optionalUrl,
});

export const headerInputSchema = z.object({
  icon: optionalText(LIMITS.shortTextMax),
  title: z.string().check(
    z.refine((s) => VISIBLE.test(s), 'is required'),
    z.maxLength(LIMITS.titleMax, `must be at most ${LIMITS.titleMax} characters`),
    storable,
  ),
  image: optionalUrl,
  publishDate: optionalText(LIMITS.shortTextMax),
  readTime: optionalText(LIMITS.shortTextMax),
  sections: z._default(
    z
      .array(sectionInputSchema)
      .check(z.maxLength(LIMITS.sectionsMax, `must have at most ${LIMITS.sectionsMax} sections`)),
    [],
  ),
});

export const footerInputSchema = z.object({
  authorName: optionalText(LIMITS.shortTextMax),
  authorTitle: optionalText(LIMITS.shortTextMax),
  imageUrl: optionalUrl,
});

/** POST /api/blogs body (SPEC 3 submit shape). Only header.title is required; the token may come as a Bearer header instead. */
export const blogSubmissionSchema = z.object({
  header: headerInputSchema,
  products: z._default(
    z
      .array(productInputSchema)
      .check(z.maxLength(LIMITS.productsMax, `must have at most ${LIMITS.productsMax} products`)),
    [],
  ),
  footer: z._default(footerInputSchema, { authorName: '', authorTitle: '', imageUrl: '' }),
  accessToken: z.optional(text(LIMITS.accessTokenMax)),
});

export type SingleParagraphInput = z.input<typeof singleParagraphInputSchema>;
export type TwoColumnInput = z.input<typeof twoColumnInputSchema>;
export type SectionInput = z.input<typeof sectionInputSchema>;
export type ProductInput = z.input<typeof productInputSchema>;
/** What a client sends. */
export type BlogSubmission = z.input<typeof blogSubmissionSchema>;
/** What the server works with after validation (defaults filled in). */
export type ValidBlogSubmission = z.output<typeof blogSubmissionSchema>;
