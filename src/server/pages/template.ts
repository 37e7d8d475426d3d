// Every edit the server makes to index.html's text, in one place: the page's head, the boot script in place of the
// app's entry, stylesheets inline, hint links and the rendered markup. Vite writes index.html, so these patterns are
// the shapes Vite emits; a change there shows up here and nowhere else.

/** index.html with `tags` at the end of its head. */
export function addToHead(html: string, tags: string): string {
  // A replacer function, not a string: page text may hold `$&` or `$'`, which a replacement string would expand.
  return html.replace('</head>', () => `${tags}</head>`);
}

/** index.html with the page's own head in place of its generic title and description. */
export function withHead(html: string, tags: string): string {
  return addToHead(
    html.replace(/<title>[\s\S]*?<\/title>\s*/, '').replace(/<meta name="description"[^>]*>\s*/, ''),
    tags,
  );
}

/** What Vite writes into index.html to load the app: the entry's script and the preloads of the chunks it imports. */
const ENTRY_TAGS = /<script type="module"[^>]*><\/script>\s*|<link rel="modulepreload"[^>]*>\s*/g;

/** index.html with one script, `src`, in place of the entry's script and the entry's preloads. */
export function withScriptInPlaceOfEntry(html: string, src: string): string {
  let first = true;
  // The new script takes the place of the first of them, the entry's script.
  return html.replace(ENTRY_TAGS, () => {
    const tag = first ? `<script type="module" crossorigin src="${src}"></script>` : '';
    first = false;
    return tag;
  });
}

const STYLESHEET_LINK = /<link rel="stylesheet"(?: crossorigin)? href="(\/assets\/[^"]+\.css)">/g;

/**
 * `html` with every link to a stylesheet in `sheets` (by href) replaced by the sheet itself, and a disabled link left
 * behind (inlineStyles.ts says why).
 */
export function withStylesheetsInline(html: string, sheets: ReadonlyMap<string, string>): string {
  return html.replace(STYLESHEET_LINK, (link, href: string) => {
    const css = sheets.get(href);
    return css === undefined
      ? link
      : `<style>${css}</style><link rel="stylesheet" href="${href}" disabled media="not all">`;
  });
}

const IMAGE_PRELOAD = /<link rel="preload" as="image"[^>]*>/g;
const LEADING_IMAGE_PRELOADS = new RegExp(`^(?:${IMAGE_PRELOAD.source})+`);

export type PageParts = {
  /** the page's title, description, canonical link and structured data */
  head: string;
  /** the route's hint links (its stylesheets already inline), the hero image's preload among them */
  hints: string;
  /** the rendered markup for <div id="root"> */
  markup: string;
  /** the data block the client hydrates from, placed after the root */
  stateScript: string;
};

/** A server-rendered page: `template` (index.html as rendered pages load it) with the page's parts in place. */
export function renderedPage(template: string, { head, hints, markup, stateScript }: PageParts): string {
  // The hero image goes first, ahead of the scripts: it is what the largest paint waits for. React's own preload of it
  // (emitted at the start of the markup for an image with fetchpriority="high") is dropped: the hint names the
  // responsive candidates, and one request is enough.
  const imagePreloads = hints.match(IMAGE_PRELOAD)?.join('') ?? '';
  const page = withHead(template, head + hints.replace(IMAGE_PRELOAD, ''));
  const moduleScript = page.slice(0, page.indexOf('</head>')).indexOf('<script type="module"');
  const withImages =
    moduleScript < 0
      ? addToHead(page, imagePreloads)
      : page.slice(0, moduleScript) + imagePreloads + page.slice(moduleScript);
  // A replacer function, not a string: a post's text may hold `$&` or `$'`, which a replacement string expands.
  return withImages.replace(
    '<div id="root"></div>',
    () => `<div id="root">${markup.replace(LEADING_IMAGE_PRELOADS, '')}</div>${stateScript}`,
  );
}
