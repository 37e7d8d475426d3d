// zod schemas for the submit shape, validated by the API. (Products as read are checked by productCheck.ts.)
// The client imports only types from here (zod stays out of the browser); the server loads English messages with
// z.config (see server/validation).
import * as z from 'zod/mini';
import { LIMITS } from './limits';
import { hasForbiddenChars, CONTROL_CHARS_MESSAGE } from './text';
import { normalizeUrl, URL_MESSAGE } from './urls';
import { slugOf, TAG_NAME_MAX, TAGS_MAX } from './tags';
import { TEXT_FORMATS } from './marks';
import { parseYouTube, VIDEO_MESSAGE } from './video';

// Text no field stores: control characters, unpaired surrogates, U+FFFE/U+FFFF (the rule and why: text.ts).
const storable = z.refine<string>((s) => !hasForbiddenChars(s), CONTROL_CHARS_MESSAGE);

// A title needs at least one character that shows: not only spaces, nor only invisible format characters (soft
// hyphen, zero-width spaces and joiners, direction marks, word joiner, Hangul fillers).
const VISIBLE = /[^\s\u00AD\u115F\u1160\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u3164\uFFA0]/;

const text = (max: number) => z.string().check(z.maxLength(max, `must be at most ${max} characters`), storable);
const optionalText = (max: number) => z._default(text(max), '');

// Stored as the parser's serialization (percent-encoded), the one form every page, feed and API answer shows; the
// length limit holds for that form, which the read side checks too (productCheck.ts).
const urlSchema = z.pipe(
  z.string().check(
    z.maxLength(LIMITS.urlMax, `must be at most ${LIMITS.urlMax} characters`),
    storable,
    z.refine((s) => normalizeUrl(s) !== undefined, URL_MESSAGE),
    z.refine(
      (s) => (normalizeUrl(s) ?? '').length <= LIMITS.urlMax,
      `must be at most ${LIMITS.urlMax} characters once percent-encoded`,
    ),
  ),
  z.transform((s) => normalizeUrl(s) ?? ''),
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

/** Text that must show something: at least one visible character, at most max. */
const requiredText = (max: number) =>
  z.string().check(
    z.refine((s) => VISIBLE.test(s), 'is required'),
    z.maxLength(max, `must be at most ${max} characters`),
    storable,
  );

/** A URL a section cannot do without, stored normalized like every URL field. */
const requiredUrl = (also: (normalized: string) => boolean, message: string) =>
  z.pipe(
    z.string().check(
      z.refine((s) => s !== '', 'is required'),
      z.refine((s) => s === '' || normalizeUrl(s) !== undefined, URL_MESSAGE),
      z.refine((s) => {
        const url = normalizeUrl(s);
        return url === undefined || url === '' || also(url);
      }, message),
      z.refine(
        (s) => (normalizeUrl(s) ?? '').length <= LIMITS.urlMax,
        `must be at most ${LIMITS.urlMax} characters once percent-encoded`,
      ),
    ),
    z.transform((s) => normalizeUrl(s) ?? ''),
  );

export const imageSectionInputSchema = z.object({
  type: z.literal('image'),
  /** an upload (/uploads/…) or an https URL: the page is https, and other site paths are no photo */
  image: requiredUrl(
    (url) => url.startsWith('/uploads/') || url.startsWith('https://'),
    'must be an uploaded image (/uploads/…) or an https URL',
  ),
  /** what the photo shows: required, a photo inside the story is never decorative */
  alt: requiredText(LIMITS.imageAltMax),
  caption: optionalText(LIMITS.captionMax),
  credit: optionalText(LIMITS.shortTextMax),
});

export const quoteSectionInputSchema = z.object({
  type: z.literal('quote'),
  text: requiredText(LIMITS.quoteMax),
  cite: optionalText(LIMITS.titleMax),
});

export const videoSectionInputSchema = z.object({
  type: z.literal('video'),
  url: requiredUrl((url) => parseYouTube(url) !== undefined, VIDEO_MESSAGE),
  caption: optionalText(LIMITS.captionMax),
});

export const sectionInputSchema = z.discriminatedUnion('type', [
  singleParagraphInputSchema,
  twoColumnInputSchema,
  imageSectionInputSchema,
  quoteSectionInputSchema,
  videoSectionInputSchema,
]);

export const productInputSchema = z.object({
  title: optionalText(LIMITS.titleMax),
  description: optionalText(LIMITS.paragraphMax),
  price: optionalText(LIMITS.shortTextMax),
  imageUrl: optionalUrl,
  amazonUrl: optionalUrl,
});

const tagName = z.string().check(
  storable,
  z.refine((s) => s.trim().length >= 1, 'must not be empty'),
  z.refine((s) => s.trim().length <= TAG_NAME_MAX, `must be at most ${TAG_NAME_MAX} characters`),
  z.refine((s) => s.trim() === '' || slugOf(s) !== '', 'must contain a letter from a to z or a digit'),
);

export const headerInputSchema = z.object({
  icon: optionalText(LIMITS.shortTextMax),
  title: z.string().check(
    z.refine((s) => VISIBLE.test(s), 'is required'),
    z.maxLength(LIMITS.titleMax, `must be at most ${LIMITS.titleMax} characters`),
    storable,
  ),
  image: optionalUrl,
  /** what the header image shows, for readers who cannot see it; '' keeps it decorative */
  imageAlt: optionalText(LIMITS.imageAltMax),
  publishDate: optionalText(LIMITS.shortTextMax),
  readTime: optionalText(LIMITS.shortTextMax),
  sections: z._default(
    z
      .array(sectionInputSchema)
      .check(z.maxLength(LIMITS.sectionsMax, `must have at most ${LIMITS.sectionsMax} sections`)),
    [],
  ),
  /** up to 8 tag names, the primary tag first; names equal but for case or accents are kept once */
  tags: z._default(z.array(tagName).check(z.maxLength(TAGS_MAX, `must have at most ${TAGS_MAX} tags`)), []),
  /** how the paragraphs, list items and product descriptions are written; a post sent without it shows them as typed */
  textFormat: z._default(z.enum(TEXT_FORMATS), 'plain'),
});

export const footerInputSchema = z.object({
  authorName: optionalText(LIMITS.shortTextMax),
  authorTitle: optionalText(LIMITS.shortTextMax),
  imageUrl: optionalUrl,
});

// RFC 3339 profile of ISO 8601: a full date, a time to the minute (seconds and fraction optional) and an explicit
// offset, so the instant is never a guess at the server's time zone.
const OFFSET_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(?:Z|([+-])(\d{2}):(\d{2}))$/;

/** The instant an offset date-time names, in epoch milliseconds, or undefined if it is not one (or out of range). */
export function parseOffsetDateTime(value: string): number | undefined {
  const match = OFFSET_DATE_TIME.exec(value);
  if (match === null) return undefined;
  const [year, month, day, hour, minute, second, fraction = '', sign, offsetHours, offsetMinutes] = match
    .slice(1)
    .map((part) => part ?? '');
  const n = (part: string | undefined) => Number(part === undefined || part === '' ? 0 : part);
  const [y, mo, d, h, mi, s, oh, om] = [year, month, day, hour, minute, second, offsetHours, offsetMinutes].map(n);
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  const daysInMonth = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mo - 1] ?? 0;
  // 1970 and later: Date.UTC would read a year below 100 as 19xx, and no post predates the epoch.
  const valid = y >= 1970 && d >= 1 && d <= daysInMonth && h <= 23 && mi <= 59 && s <= 59 && oh <= 23 && om <= 59;
  if (!valid) return undefined;
  const local = Date.UTC(y, mo - 1, d, h, mi, s, n(fraction.slice(0, 3).padEnd(3, '0')));
  const instant = local - (sign === '-' ? -1 : 1) * (oh * 60 + om) * 60_000;
  // Both databases keep the instant as four-digit-year text or timestamptz: stay below year 10000.
  return instant < Date.UTC(10_000, 0, 1) ? instant : undefined;
}

const PUBLISH_AT_MESSAGE = 'must be an ISO 8601 date-time with an offset, e.g. 2026-11-28T15:00:00+01:00, or null';

const publishAtSchema = z.pipe(
  z.string().check(z.refine((s) => parseOffsetDateTime(s) !== undefined, PUBLISH_AT_MESSAGE)),
  // Stored and answered as UTC ISO text: one spelling per instant, which SQLite can compare as text.
  z.transform((s) => new Date(parseOffsetDateTime(s) ?? Number.NaN).toISOString()),
);

/** What a submission may set: 'scheduled' is not sent but follows from 'published' with a future publishAt. */
export const SUBMITTED_STATUSES = ['published', 'draft', 'review'] as const;

/**
 * POST and PUT /api/blogs body: the submit shape {header, products, footer, accessToken}, plus status and publishAt.
 * Only header.title is required; the token may come as a Bearer header instead.
 */
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
  /** 'published' when absent, so the spec's editor flow publishes as before */
  status: z._default(z.enum(SUBMITTED_STATUSES), 'published'),
  /** a published post with a future publishAt is scheduled: public from that instant, with no job to run */
  publishAt: z._default(z.nullable(publishAtSchema), null),
  /** mail it to the members who follow it when it first becomes public: true for a new post, kept by an edit without it */
  newsletter: z.optional(z.boolean()),
});

export type SingleParagraphInput = z.input<typeof singleParagraphInputSchema>;
export type TwoColumnInput = z.input<typeof twoColumnInputSchema>;
export type SectionInput = z.input<typeof sectionInputSchema>;
export type ImageSectionInput = z.input<typeof imageSectionInputSchema>;
export type QuoteSectionInput = z.input<typeof quoteSectionInputSchema>;
export type VideoSectionInput = z.input<typeof videoSectionInputSchema>;
export type ValidSection = z.output<typeof sectionInputSchema>;
export type ProductInput = z.input<typeof productInputSchema>;
/** What a client sends. */
export type BlogSubmission = z.input<typeof blogSubmissionSchema>;
/** What the server works with after validation (defaults filled in). */
export type ValidBlogSubmission = z.output<typeof blogSubmissionSchema>;
