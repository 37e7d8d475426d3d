// Preload hints for the page a URL opens, added to index.html: the page's lazy chunks and their CSS, the API
// request it will make and, for a post, its hero image. Without them the browser finds each of these only after the
// previous one has arrived and run (app bundle -> page chunk -> API -> image), one round trip after another.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { IMAGE_BOXES, imageSet } from '../contract/imageBoxes';
import type { ImageFacts } from '../contract/images';
import { isSafeUrl } from '../contract/urls';
import type { Db } from './db/database';
import { findPostImageUrl } from './repositories/postsRepository';
import { imageFactsFor } from './repositories/uploadsRepository';

/** The client's route table (src/client/app/router.tsx) as far as preloading needs it: URL -> page module. */
type Page = {
  pattern: RegExp;
  module: string;
  /** the API request the page makes first */
  api?: (match: RegExpExecArray) => string;
  /** the URL's first group is a post id whose hero image is the page's largest paint */
  postHero?: true;
};

export const PAGES: readonly Page[] = [
  { pattern: /^\/$/, module: 'src/client/features/landing/LandingPage.tsx' },
  { pattern: /^\/blog\/?$/, module: 'src/client/features/blog/BlogListPage.tsx', api: () => '/api/blogs' },
  {
    pattern: /^\/page\/([1-9]\d{0,14})\/?$/,
    module: 'src/client/features/post/PostPage.tsx',
    api: (match) => `/api/blogs/${match[1]}`,
    postHero: true,
  },
  { pattern: /^\/sample\/?$/, module: 'src/client/features/sample/SamplePage.tsx' },
  { pattern: /^\/auth\/?$/, module: 'src/client/features/auth/AuthPage.tsx' },
  { pattern: /^\/admin\/?$/, module: 'src/client/features/editor/AdminPage.tsx' },
  { pattern: /^\/admin\/posts\/?$/, module: 'src/client/features/editor/PostsPage.tsx' },
  { pattern: /^\/admin\/edit\/[^/]+\/?$/, module: 'src/client/features/editor/EditPage.tsx' },
  { pattern: /^\/admin\/preview\/[^/]+\/?$/, module: 'src/client/features/editor/PreviewPage.tsx' },
];

type ManifestChunk = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

export type RouteHints = (pathname: string) => Promise<string>;

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The preload of a post's hero image. For an upload with facts it names the same candidates, sizes and format as the
 * page's <picture> (ResponsiveImage, IMAGE_BOXES.hero), so the browser preloads exactly the file the page then uses:
 * `type` makes a browser that cannot decode the first format skip the hint rather than fetch a file it cannot show,
 * and there is no href, so a browser without imagesrcset fetches nothing rather than the full-size original.
 */
export function heroPreloadLink(url: string, facts?: ImageFacts): string {
  const set = facts && imageSet(url, facts, IMAGE_BOXES.hero);
  if (!set) return `<link rel="preload" as="image" fetchpriority="high" href="${escapeAttribute(url)}">`;
  const [best] = set.sources;
  return (
    `<link rel="preload" as="image" fetchpriority="high" imagesrcset="${escapeAttribute(best?.srcset ?? set.srcset)}"` +
    ` imagesizes="${escapeAttribute(set.sizes)}"${best ? ` type="${best.type}"` : ''}>`
  );
}

/** Every chunk key a module needs, itself first, following static imports. */
function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) closure(manifest, imported, seen);
  return seen;
}

/**
 * Reads Vite's manifest (dist/client/.vite/manifest.json). Returns undefined without a readable one (an older
 * build): the pages then load as before, only later.
 */
export function loadRouteHints(clientDir: string, db: Db): RouteHints | undefined {
  const file = join(clientDir, '.vite', 'manifest.json');
  if (!existsSync(file)) return undefined;
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  } catch {
    return undefined;
  }
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  // index.html already loads the entry and everything it imports.
  const loaded = entry ? closure(manifest, entry) : new Set<string>();

  const pageLinks = new Map<string, string>();
  for (const { module } of PAGES) {
    const keys = [...closure(manifest, module)].filter((key) => !loaded.has(key));
    const css = new Set(keys.flatMap((key) => manifest[key].css ?? []));
    pageLinks.set(
      module,
      [
        ...[...css].map((href) => `<link rel="stylesheet" href="/${escapeAttribute(href)}">`),
        ...keys.map((key) => `<link rel="modulepreload" crossorigin href="/${escapeAttribute(manifest[key].file)}">`),
      ].join(''),
    );
  }

  // A hint is an optimisation: if the database cannot answer, the page is served without one.
  const heroImage = async (id: number) => {
    try {
      const url = await findPostImageUrl(db, id);
      if (!url || !isSafeUrl(url)) return undefined;
      return heroPreloadLink(url, (await imageFactsFor(db.kysely, [url]))[url]);
    } catch {
      return undefined;
    }
  };

  return async (pathname) => {
    for (const page of PAGES) {
      const match = page.pattern.exec(pathname);
      if (!match) continue;
      let links = pageLinks.get(page.module) ?? '';
      // crossorigin: fetch() requests are CORS-mode, and a preload is only reused by a request of the same mode.
      if (page.api) links += `<link rel="preload" as="fetch" crossorigin href="${escapeAttribute(page.api(match))}">`;
      if (page.postHero) {
        links += (await heroImage(Number(match[1]))) ?? '';
      }
      return links;
    }
    return '';
  };
}
