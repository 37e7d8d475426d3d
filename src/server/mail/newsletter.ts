// A post as a newsletter: an HTML part and a plain-text part, rendered on the server from the post as stored. The
// HTML is written here, so every style is an inline `style` attribute (no inliner library needed), in one 600 px
// table column that mail clients lay out alike; colours are set on every block (no dark text on a transparent
// background) and `color-scheme` lets a client in dark mode adapt the rest. No tracking pixel, no rewritten link.
import type { BlogPost, Section } from '../../contract/types';
import type { ImageFacts, ImageMap } from '../../contract/images';
import { variantUrl } from '../../contract/images';
import { escapeHtml } from '../../contract/html';
import { plainText, textHtml } from '../../contract/marksParser';
import { watchUrl } from '../../contract/videoEmbed';
import { pathTo } from '../../contract/routes';
import { MEMBER_PAGES } from '../../contract/members';
import { SITE_NAME } from '../../contract/site';
import { absoluteUrl } from '../seo/text';

/** Why this member gets the post: every story, or the followed tags the post carries (their names). */
export type NewsletterReason = { all: true } | { all: false; tags: string[] };

export type NewsletterMail = {
  subject: string;
  html: string;
  text: string;
  /** RFC 2369 and RFC 8058 headers: one-click unsubscribe and the list's id */
  headers: Record<string, string>;
};

/** The column's width in CSS pixels; the header photo is picked for it at twice the density. */
export const COLUMN_PX = 600;
/** The poster a video links from (public/video-poster.svg is an SVG, which mail clients refuse: the PNG share image). */
const VIDEO_POSTER = '/og-image.png';

const FONT = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const INK = 'color:#1a1a1a';
const PAPER = 'background-color:#ffffff';
const LINK = 'color:#0b57d0';
const MUTED = 'color:#555555';

/** The JPEG (or PNG, for a transparent image) variant closest above twice the column, else the widest there is. */
export function mailImageUrl(url: string, images: ImageMap | undefined, publicUrl: string): string | undefined {
  const facts: ImageFacts | undefined = images?.[url];
  if (facts !== undefined && facts.widths.length > 0) {
    const width = facts.widths.find((w) => w >= COLUMN_PX * 2) ?? facts.widths[facts.widths.length - 1]!;
    const variant = variantUrl(url, width, facts.fallback);
    if (variant !== undefined) return absoluteUrl(variant, publicUrl);
  }
  return url === '' ? undefined : absoluteUrl(url, publicUrl);
}

/** The part of the mail that is the same for every member: rendered once per post and kept by the sender. */
export type RenderedPost = { subject: string; url: string; html: string; text: string; tagNames: Map<string, string> };

export function renderPost(post: BlogPost, publicUrl: string): RenderedPost {
  const url = `${publicUrl}${pathTo('post', { id: post.id })}`;
  const html: string[] = [];
  const text: string[] = [post.title, ''];
  const rich = (value: string) => textHtml(value, post.textFormat, publicUrl);
  const plain = (value: string) => plainText(value, post.textFormat);
  const p = (inner: string) => `<p style="margin:0 0 16px;${FONT};font-size:17px;line-height:1.55;${INK}">${inner}</p>`;
  const img = (src: string, alt: string) =>
    `<img src="${escapeHtml(src)}" alt="${escapeHtml(alt)}" width="${COLUMN_PX}" style="display:block;width:100%;max-width:${COLUMN_PX}px;height:auto;border:0;${PAPER}">`;
  const caption = (value: string) =>
    value ? `<p style="margin:6px 0 16px;${FONT};font-size:14px;${MUTED}">${escapeHtml(value)}</p>` : '';
  const list = (items: { item: string }[]) =>
    items.length === 0
      ? ''
      : `<ul style="margin:0 0 16px;padding-left:22px;${FONT};font-size:17px;line-height:1.55;${INK}">${items
          .map((entry) => `<li style="margin:0 0 6px">${rich(entry.item)}</li>`)
          .join('')}</ul>`;
  const plainList = (items: { item: string }[]) => items.map((entry) => `- ${plain(entry.item)}`);

  html.push(
    `<h1 style="margin:0 0 16px;${FONT};font-size:28px;line-height:1.25;${INK}"><a href="${escapeHtml(url)}" style="${INK};text-decoration:none">${escapeHtml(post.title)}</a></h1>`,
  );
  const header = mailImageUrl(post.imageUrl, post.images, publicUrl);
  if (header !== undefined) html.push(`<div style="margin:0 0 20px">${img(header, post.imageAlt ?? '')}</div>`);
  const byline = [post.authorName, post.publishDate].filter(Boolean).join(' · ');
  if (byline) {
    html.push(`<p style="margin:0 0 20px;${FONT};font-size:14px;${MUTED}">${escapeHtml(byline)}</p>`);
    text.push(byline, '');
  }
  for (const section of post.sections) sectionParts(section);

  function sectionParts(section: Section) {
    if (section.type === 'image') {
      const src = absoluteUrl(section.image, publicUrl);
      if (src === undefined) return;
      const note = [section.caption, section.credit].filter(Boolean).join(' · ');
      html.push(
        `<div style="margin:0 0 16px">${img(mailImageUrl(section.image, post.images, publicUrl) ?? src, section.alt)}${caption(note)}</div>`,
      );
      text.push(`[Photo: ${section.alt}]${note ? ` ${note}` : ''}`, '');
      return;
    }
    if (section.type === 'quote') {
      const cite = section.cite ? `<br><span style="font-size:15px;${MUTED}">— ${escapeHtml(section.cite)}</span>` : '';
      html.push(
        `<blockquote style="margin:0 0 16px;padding:4px 0 4px 16px;border-left:4px solid #0b57d0;${FONT};font-size:19px;line-height:1.5;${INK}">${rich(section.text)}${cite}</blockquote>`,
      );
      text.push(`"${plain(section.text)}"${section.cite ? ` (${section.cite})` : ''}`, '');
      return;
    }
    if (section.type === 'video') {
      const watch = watchUrl(section);
      const label = section.caption ? `Video: ${section.caption}` : 'Video';
      html.push(
        `<div style="margin:0 0 16px"><a href="${escapeHtml(watch)}">${img(`${publicUrl}${VIDEO_POSTER}`, `${label} (play on YouTube)`)}</a>${caption(section.caption)}</div>`,
      );
      text.push(`${label}: ${watch}`, '');
      return;
    }
    if (section.title) {
      html.push(
        `<h2 style="margin:24px 0 12px;${FONT};font-size:22px;line-height:1.3;${INK}">${escapeHtml(section.title)}</h2>`,
      );
      text.push(section.title.toUpperCase(), '');
    }
    if (section.paragraph) {
      html.push(p(rich(section.paragraph)));
      text.push(plain(section.paragraph), '');
    }
    if (section.type === 'single-paragraph') {
      html.push(list(section.list));
      text.push(...plainList(section.list), '');
    } else
      for (const column of section.columns) {
        if (column.heading) {
          html.push(`<h3 style="margin:16px 0 8px;${FONT};font-size:18px;${INK}">${escapeHtml(column.heading)}</h3>`);
          text.push(column.heading);
        }
        html.push(list(column.list));
        text.push(...plainList(column.list), '');
      }
  }

  const products = post.products.filter((product) => product.title || product.amazonUrl);
  if (products.length > 0) {
    html.push(`<h2 style="margin:24px 0 12px;${FONT};font-size:22px;${INK}">Products</h2>`);
    text.push('PRODUCTS', '');
    for (const product of products) {
      const link = product.amazonUrl ? absoluteUrl(product.amazonUrl, publicUrl) : undefined;
      const photo = product.imageUrl ? mailImageUrl(product.imageUrl, post.images, publicUrl) : undefined;
      const title = escapeHtml(product.title || 'Product');
      html.push(
        `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 16px;border:1px solid #dddddd;${PAPER}"><tr>` +
          (photo
            ? `<td width="120" style="padding:12px;vertical-align:top"><img src="${escapeHtml(photo)}" alt="" width="96" style="display:block;width:96px;height:auto;border:0"></td>`
            : '') +
          `<td style="padding:12px;vertical-align:top;${FONT};font-size:16px;line-height:1.45;${INK}">` +
          `<strong>${link ? `<a href="${escapeHtml(link)}" style="${LINK}">${title}</a>` : title}</strong>` +
          (product.price ? ` <span style="${MUTED}">${escapeHtml(product.price)}</span>` : '') +
          (product.description ? `<br>${rich(product.description)}` : '') +
          `</td></tr></table>`,
      );
      text.push(
        [product.title, product.price].filter(Boolean).join(', '),
        ...(product.description ? [plain(product.description)] : []),
        ...(link ? [link] : []),
        '',
      );
    }
  }
  html.push(
    `<p style="margin:24px 0;${FONT};font-size:17px"><a href="${escapeHtml(url)}" style="display:inline-block;padding:12px 20px;background-color:#0b57d0;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold">Read on ${escapeHtml(SITE_NAME)}</a></p>`,
  );
  text.push(`Read on ${SITE_NAME}: ${url}`, '');
  const tagNames = new Map((post.tags ?? []).map((tag) => [tag.slug, tag.name]));
  return { subject: post.title, url, html: html.join('\n'), text: text.join('\n'), tagNames };
}

/** Why the member gets it, in words: "You follow Football" (or two tags), or every story. */
export function reasonText(reason: NewsletterReason, tagNames: Map<string, string>): string {
  if (reason.all) return `You get every ${SITE_NAME} story by email.`;
  const names = reason.tags.map((slug) => tagNames.get(slug) ?? slug);
  const listed =
    names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  return `You follow ${listed}.`;
}

/** The whole mail for one member: the post's part, then the footer saying why, with the preferences and unsubscribe. */
export function newsletterMail(
  rendered: RenderedPost,
  reason: NewsletterReason,
  unsubscribeToken: string,
  publicUrl: string,
): NewsletterMail {
  const why = reasonText(reason, rendered.tagNames);
  const preferences = `${publicUrl}${MEMBER_PAGES.account}`;
  const unsubscribePage = `${publicUrl}${MEMBER_PAGES.unsubscribe}?token=${encodeURIComponent(unsubscribeToken)}`;
  const oneClick = `${publicUrl}/api/members/unsubscribe?token=${encodeURIComponent(unsubscribeToken)}`;
  const host = new URL(publicUrl).hostname;
  const footer =
    `<p style="margin:32px 0 0;padding-top:16px;border-top:1px solid #dddddd;${FONT};font-size:14px;line-height:1.5;${MUTED}">` +
    `${escapeHtml(why)}<br><a href="${escapeHtml(preferences)}" style="${LINK}">Manage preferences</a> · ` +
    `<a href="${escapeHtml(unsubscribePage)}" style="${LINK}">Unsubscribe</a></p>`;
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<meta name="color-scheme" content="light dark"><meta name="supported-color-schemes" content="light dark">` +
    `<title>${escapeHtml(rendered.subject)}</title></head>` +
    `<body style="margin:0;padding:0;background-color:#f2f2f2;color-scheme:light dark">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background-color:#f2f2f2"><tr><td align="center" style="padding:16px 8px">` +
    `<table role="presentation" width="${COLUMN_PX}" cellpadding="0" cellspacing="0" style="width:100%;max-width:${COLUMN_PX}px;${PAPER}"><tr><td style="padding:24px;${PAPER};${INK}">` +
    `${rendered.html}\n${footer}` +
    `</td></tr></table></td></tr></table></body></html>`;
  const text = `${rendered.text}--\n${why}\nManage preferences: ${preferences}\nUnsubscribe: ${unsubscribePage}\n`;
  return {
    subject: rendered.subject,
    html,
    text,
    headers: {
      'List-Unsubscribe': `<${oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'List-Id': `${SITE_NAME} stories <stories.${host}>`,
    },
  };
}
