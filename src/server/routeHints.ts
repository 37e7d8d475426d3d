// Preload hints for the page a URL opens, added to index.html: the page's lazy chunks and their CSS, the API
// request it will make and, for a post, its hero image. Without them the browser finds each of these only after the
// previous one has arrived and run (app bundle -> page chunk -> API -> image), one round trip after another.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { IMAGE_BOXES, imageSet } from '../contract/imageBoxes';
import type { ImageFacts } from '../contract/images';
import { matchRoute, ROUTE_LIST } from '../contract/routes';
import type { Route } from '../contract/routes';
import { isSafeUrl } from '../contract/urls';
import type { Db } from './db/database';
import { findPostImageUrl } from './repositories/postsRepository';
import { imageFactsFor } from './repositories/uploadsRepository';

/** The module of the not-found page, which the server renders for any URL no route matches. */
export const NOT_FOUND_MODULE = 'src/client/components/NotFoundPage.tsx';

/** A route's page module as Vite's build manifest names it. */
export const pageModule = (route: Route) => `src/client/features/${route.page}.tsx`;

type ManifestChunk = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

/**
 * The hints for a pathname. `data: false` when the page carries its data (server-rendered): no API request to
 * preload. `missing`: the page shows the not-found page.
 */
export type RouteHints = (pathname: string, options?: { data?: boolean; missing?: boolean }) => Promise<string>;

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
  for (const module of [...ROUTE_LIST.map(pageModule), NOT_FOUND_MODULE]) {
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

  return async (pathname, { data = true, missing = false } = {}) => {
    const match = matchRoute(pathname);
    if (!match || missing) return pageLinks.get(NOT_FOUND_MODULE) ?? '';
    let links = pageLinks.get(pageModule(match.route)) ?? '';
    const id = match.params.id;
    // crossorigin: fetch() requests are CORS-mode, and a preload is only reused by a request of the same mode.
    const api = match.route.data === 'post' ? `/api/blogs/${id}` : match.route.data === 'list' ? '/api/blogs' : '';
    if (api && data) links += `<link rel="preload" as="fetch" crossorigin href="${escapeAttribute(api)}">`;
    if (match.route.data === 'post') {
      links += (await heroImage(Number(id))) ?? '';
    }
    return links;
  };
}
