// Server-rendered pages carry their stylesheets inline. A page's CSS is a few KB, and as separate files it was the
// one thing the first paint waited for after the document (render-blocking, and sharing the connection with the
// JavaScript and the hero image). The CSP admits exactly these texts by hash.
//
// Each inlined sheet leaves a `<link rel="stylesheet" disabled media="not all">` behind. The parser does not fetch a
// disabled stylesheet (HTML: "the user agent must not fetch it"), and a media that never matches keeps preload
// scanners off it too (older WebKit scanners ignored `disabled`). Vite's loader, which lists the page's stylesheet
// links before it loads a lazy chunk's CSS, then knows the sheet is there and does not download it a second time.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { withStylesheetsInline } from './template';

export type InlineStyles = {
  /** `'sha256-…'` sources for style-src: one per stylesheet that may be inlined */
  hashes: string[];
  /** `html` with every link to a built stylesheet replaced by the sheet itself */
  inline: (html: string) => string;
};

/** Reads the built stylesheets (CLIENT_DIR/assets/*.css); none without a build, and then nothing is inlined. */
export function loadInlineStyles(clientDir: string): InlineStyles {
  const sheets = new Map<string, string>();
  const assets = join(clientDir, 'assets');
  if (existsSync(assets)) {
    for (const name of readdirSync(assets)) {
      if (!name.endsWith('.css')) continue;
      const css = readFileSync(join(assets, name), 'utf8');
      // A sheet that could close its own element stays a link (built CSS never does; this keeps it impossible).
      if (!/<\/style/i.test(css)) sheets.set(`/assets/${name}`, css);
    }
  }
  const hashes = [...sheets.values()].map(
    (css) => `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`,
  );
  return {
    hashes: [...new Set(hashes)],
    inline: (html) => withStylesheetsInline(html, sheets),
  };
}
