// Text helpers the head, the sitemap and the feed share: escaping for XML, a post's
// description, the dates and prices written as display text, and the URL rules for absolute links and share images.
import type { BlogPost } from '../../contract/types';
import type { ImageMap } from '../../contract/images';
import { variantUrl } from '../../contract/images';
import { SITE_NAME } from '../../contract/site';
import { isSafeUrl } from '../../contract/urls';
import { plainText } from '../../contract/marksParser';
import { escapeHtml } from '../../contract/html';

/** The share image used when a post has none a social site can show (1200 × 630, public/og-image.png). */
export const DEFAULT_IMAGE = { path: '/og-image.png', width: 1200, height: 630 } as const;
/** The publisher logo for structured data (512 × 512, public/logo.png). */
export const LOGO = { path: '/logo.png', width: 512, height: 512 } as const;

// XML 1.0 admits only tab, newline, carriage return and U+0020 upward, minus U+FFFE/U+FFFF. Post text reaches here
// without control characters (refused when written, dropped from old rows when read); this is the last guard, as one
// of them would make the whole feed malformed.
const NOT_XML_CHAR =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Safe in XML text and in a quoted attribute value; characters XML cannot carry are dropped. */
export function escapeXml(value: string): string {
  // XML's own name for the apostrophe; every other `&#39;` in the output was an `&` escaped first.
  return escapeHtml(value.replace(NOT_XML_CHAR, '')).replaceAll('&#39;', '&apos;');
}

/** Whitespace collapsed, control characters dropped: text fit for a one-line description. */
function plain(value: string): string {
  return (
    value
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001F\u007F]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** At most `max` characters, cut at a word boundary when there is one in the last third, with an ellipsis. */
export function truncateAtWord(text: string, max = 155): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const head = chars.slice(0, max - 1).join('');
  const space = head.lastIndexOf(' ');
  const cut = space >= (max * 2) / 3 ? head.slice(0, space) : head;
  return `${cut.replace(/[\s,;:.–—-]+$/, '')}…`;
}

/** The first words of a post: its first paragraph, else its first list text, else a line naming the story. */
export function postDescription(post: BlogPost): string {
  const texts: string[] = [];
  // A pull quote is the story's own words too; a caption or alt text describes a photo, not the story.
  for (const section of post.sections) {
    if (section.type === 'quote') texts.push(plainText(section.text, post.textFormat));
    else if (section.type === 'single-paragraph' || section.type === 'two-column') texts.push(section.paragraph);
  }
  for (const section of post.sections) {
    if (section.type === 'two-column')
      for (const column of section.columns) texts.push(...column.list.map((e) => e.item));
    else if (section.type === 'single-paragraph') texts.push(...section.list.map((e) => e.item));
  }
  // Marks removed: a description is read as text, where `**` or a link's URL would show as typed.
  const first = texts.map((text) => plain(plainText(text, post.textFormat))).find((text) => text !== '');
  if (first !== undefined) return truncateAtWord(first);
  const title = plain(post.title);
  const author = plain(post.authorName);
  return truncateAtWord(author ? `${title}, by ${author}, on ${SITE_NAME}.` : `${title} on ${SITE_NAME}.`);
}

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

function monthIndex(name: string): number {
  const lower = name.toLowerCase().replace(/\.$/, '');
  if (lower.length < 3) return -1;
  // 'Sept' is a common abbreviation too.
  return MONTHS.findIndex((month) => month.startsWith(lower) || (lower === 'sept' && month === 'september'));
}

function isoDate(year: number, month: number, day: number): string | undefined {
  if (year < 1000 || year > 9999 || month < 0 || month > 11 || day < 1) return undefined;
  const date = new Date(Date.UTC(year, month, day));
  if (date.getUTCMonth() !== month || date.getUTCDate() !== day) return undefined;
  return date.toISOString().slice(0, 10);
}

/**
 * A display date as an ISO 8601 date ('March 14, 2024' → '2024-03-14'). Understands 'March 14, 2024', 'Mar 14 2024',
 * '14 March 2024' and '2024-03-14'; undefined for anything else, or for a day that does not exist.
 */
export function parseDisplayDate(text: string): string | undefined {
  const value = plain(text);
  let match = /^([A-Za-z]+\.?)\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})$/.exec(value);
  if (match) return isoDate(Number(match[3]), monthIndex(match[1] ?? ''), Number(match[2]));
  match = /^(\d{1,2})(?:st|nd|rd|th)?\s+([A-Za-z]+\.?),?\s+(\d{4})$/.exec(value);
  if (match) return isoDate(Number(match[3]), monthIndex(match[2] ?? ''), Number(match[1]));
  match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (match) return isoDate(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return undefined;
}

/** When a post was published: its display date when that parses, else when the server stored it. */
export function publishedAt(post: Pick<BlogPost, 'publishDate' | 'createdAt'>): string {
  return parseDisplayDate(post.publishDate) ?? post.createdAt;
}

/** The last change of a post: `updatedAt` where posts carry it (editable posts), else the time it was stored. */
export function modifiedAt(post: { createdAt: string; updatedAt?: string }): string {
  return post.updatedAt ?? post.createdAt;
}

const CURRENCIES: Record<string, string> = {
  $: 'USD',
  us$: 'USD',
  usd: 'USD',
  '£': 'GBP',
  gbp: 'GBP',
  '€': 'EUR',
  eur: 'EUR',
};

/**
 * A display price as a schema.org offer: '$34.50' → { price: '34.50', priceCurrency: 'USD' }; £ is GBP, € is EUR, and
 * the code may stand before or after the amount ('34,50 €', 'EUR 12'). Undefined for anything else (a range, 'from
 * $10', an unknown currency, no amount).
 */
export function parsePrice(text: string): { price: string; priceCurrency: string } | undefined {
  const value = plain(text);
  const amount = String.raw`(\d{1,3}(?:,\d{3})+(?:\.\d{1,2})?|\d{1,3}(?:\.\d{3})+,\d{1,2}|\d+(?:[.,]\d{1,2})?)`;
  const symbol = String.raw`(US\$|\$|£|€|USD|GBP|EUR)`;
  const match =
    new RegExp(`^${symbol}\\s?${amount}$`, 'i').exec(value) ?? new RegExp(`^${amount}\\s?${symbol}$`, 'i').exec(value);
  if (!match) return undefined;
  const [rawSymbol, rawAmount] = /^\d/.test(match[1] ?? '') ? [match[2], match[1]] : [match[1], match[2]];
  const priceCurrency = CURRENCIES[(rawSymbol ?? '').toLowerCase()];
  if (priceCurrency === undefined || rawAmount === undefined) return undefined;
  // The last separator followed by one or two digits is the decimal mark; every other separator groups thousands.
  const decimal = /[.,](\d{1,2})$/.exec(rawAmount);
  const whole = (decimal ? rawAmount.slice(0, decimal.index) : rawAmount).replace(/[.,]/g, '');
  const cents = (decimal?.[1] ?? '').padEnd(2, '0');
  const units = whole.replace(/^0+(?=\d)/, '');
  if (units.length > 12) return undefined;
  return { price: `${units}.${cents}`, priceCurrency };
}

/** Absolute form of a stored URL: root-relative paths resolve against PUBLIC_URL; http(s) URLs stay as they are. */
export function absoluteUrl(url: string, publicUrl: string): string | undefined {
  if (url === '' || !isSafeUrl(url)) return undefined;
  return url.startsWith('/') ? `${publicUrl}${url}` : url;
}

// Formats every social site and search engine shows as a share image. SVG is never one of them (and is refused as an
// upload); AVIF is not shown by most of them either.
const SHARE_FORMATS = /\.(png|jpe?g|gif|webp)$/i;

export type ShareImage = { url: string; width?: number; height?: number };

/**
 * The image to show when a post is shared: its header image when a social site can show it (for an upload stored as
 * AVIF, its largest fallback variant up to 1200 px), else the site's default PNG. Always absolute, never SVG.
 */
export function shareImage(imageUrl: string, images: ImageMap | undefined, publicUrl: string): ShareImage {
  const fallback = {
    url: `${publicUrl}${DEFAULT_IMAGE.path}`,
    width: DEFAULT_IMAGE.width,
    height: DEFAULT_IMAGE.height,
  };
  if (imageUrl === '' || !isSafeUrl(imageUrl)) return fallback;
  const facts = images?.[imageUrl];
  if (facts) {
    if (SHARE_FORMATS.test(imageUrl) && facts.width <= 1200)
      return { url: `${publicUrl}${imageUrl}`, width: facts.width, height: facts.height };
    const width = [...facts.widths].reverse().find((w) => w <= 1200) ?? facts.widths[0];
    const variant = width === undefined ? undefined : variantUrl(imageUrl, width, facts.fallback);
    if (variant !== undefined && width !== undefined)
      return { url: `${publicUrl}${variant}`, width, height: Math.round((facts.height * width) / facts.width) };
  }
  let path: string;
  try {
    path = new URL(imageUrl, 'http://relative.invalid').pathname;
  } catch {
    return fallback;
  }
  if (!SHARE_FORMATS.test(path)) return fallback;
  return { url: absoluteUrl(imageUrl, publicUrl) ?? fallback.url };
}
