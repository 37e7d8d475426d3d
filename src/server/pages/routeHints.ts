// Preload hints for the page a URL opens, added to index.html: the page's lazy chunks and their CSS, the API
// request it will make and, for a post, its hero image. Without them the browser finds each of these only after the
// previous one has arrived and run (app bundle -> page chunk -> API -> image), one round trip after another. A
// server-rendered page names its chunks for boot.ts instead, which loads them after the page.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { IMAGE_BOXES, imageSet } from '../../contract/imageBoxes';
import { escapeAttribute } from '../../contract/html';
import type { ImageFacts } from '../../contract/images';
import { ROUTE_MODULES_META } from '../../contract/rendering';
import { ROUTE_LIST } from '../../contract/routes';
import type { Route, RouteMatch } from '../../contract/routes';
import type { BlogPost } from '../../contract/types';
import { isSafeUrl } from '../../contract/urls';
import { withScriptInPlaceOfEntry } from './template';

/** The module of the not-found page, which the server renders for any URL no route matches. */
export const NOT_FOUND_MODULE = 'src/client/components/NotFoundPage.tsx';

/** The script of a server-rendered page, which loads the app after the page (a build of its own: vite.config.ts). */
const BOOT_MODULE = 'src/client/boot.ts';

/** index.html as Vite's build manifest names it: the entry that loads the app at once. */
const SHELL_ENTRY = 'index.html';

/** A route's page module as Vite's build manifest names it. */
export const pageModule = (route: Route) => `src/client/features/${route.page}.tsx`;

/** The module every admin page is loaded through (it holds the session guard): its chunks come first. */
export const ADMIN_PAGES_MODULE = 'src/client/features/admin/AdminPages.tsx';
/** The lazy chunk of a live post's page: its stylesheet is linked (and inlined) when the post has coverage. */
export const LIVE_COVERAGE_MODULE = 'src/client/features/post/live/LiveCoverage.tsx';

type ManifestChunk = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestChunk>;

/** A post's header image as its hero preload names it: the URL, and the upload's facts when it is one. */
export type HeroImage = { url: string; facts?: ImageFacts };

export type HintOptions = {
  /** false when the page carries its data (server-rendered): no API request to preload, and its scripts are named
   * for boot.ts in a <meta name="touchline-modules"> instead of preloaded (see `rendered`) */
  data?: boolean;
  /** the page shows the not-found page */
  missing?: boolean;
  /** a post page's header image, from the post the request already read */
  hero?: HeroImage;
  /** the post has live coverage: its chunk's styles arrive with the page, so the entries above the story do not move
   * when the chunk loads */
  live?: boolean;
};

export type RouteHints = {
  /** The hints for the route a request matched (undefined: no route, the not-found page). */
  links: (match: RouteMatch | undefined, options?: HintOptions) => string;
  /**
   * index.html for a server-rendered page: boot.ts in place of the app's entry script and the entry's preloads, so
   * the app loads after the page instead of beside it (src/client/boot.ts says why). As given for a build without
   * boot.ts.
   */
  rendered: (indexHtml: string) => string;
};

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

/** A public post's hero image; none when it has no header image or one no page may link to. */
export function heroImageOf(post: Pick<BlogPost, 'imageUrl' | 'images'>): HeroImage | undefined {
  if (!post.imageUrl || !isSafeUrl(post.imageUrl)) return undefined;
  return { url: post.imageUrl, facts: post.images?.[post.imageUrl] };
}

/** Every chunk key a module needs, itself first, following static imports. */
function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) closure(manifest, imported, seen);
  return seen;
}

/**
 * Reads Vite's manifests (dist/client/.vite/manifest.json, and boot-manifest.json of boot.ts's own build). Returns
 * undefined without a readable app manifest (an older build): the pages then load as before, only later.
 */
export function loadRouteHints(clientDir: string): RouteHints | undefined {
  const read = (name: string): Manifest | undefined => {
    const file = join(clientDir, '.vite', name);
    if (!existsSync(file)) return undefined;
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
    } catch {
      return undefined;
    }
  };
  const app = read('manifest.json');
  if (!app) return undefined;
  const manifest: Manifest = { ...read('boot-manifest.json'), ...app };
  // index.html already loads the entry and everything it imports.
  const loaded = closure(manifest, SHELL_ENTRY);
  const url = (key: string) => `/${escapeAttribute(manifest[key].file)}`;
  const boot = manifest[BOOT_MODULE] && manifest[SHELL_ENTRY] ? url(BOOT_MODULE) : undefined;

  const stylesheets = (keys: Iterable<string>) =>
    [...new Set([...keys].flatMap((key) => manifest[key]?.css ?? []))]
      .map((href) => `<link rel="stylesheet" href="/${escapeAttribute(href)}">`)
      .join('');
  const livePostCss = stylesheets([...closure(manifest, LIVE_COVERAGE_MODULE)].filter((key) => !loaded.has(key)));

  const pageLinks = new Map<string, { shell: string; rendered: string }>();
  for (const module of [...ROUTE_LIST.map(pageModule), NOT_FOUND_MODULE]) {
    const through = module.startsWith('src/client/features/admin/') ? [ADMIN_PAGES_MODULE] : [];
    const needed = new Set<string>();
    for (const key of [...through, module]) closure(manifest, key, needed);
    const keys = [...needed].filter((key) => !loaded.has(key));
    const css = stylesheets(keys);
    const preloads = keys.map((key) => `<link rel="modulepreload" crossorigin href="${url(key)}">`).join('');
    // Only the two modules to import: the browser fetches what they import itself.
    const modules = [SHELL_ENTRY, module].filter((key) => manifest[key]).map(url);
    const meta = `<meta name="${ROUTE_MODULES_META}" content="${modules.join(' ')}">`;
    pageLinks.set(module, { shell: css + preloads, rendered: css + (boot ? meta : preloads) });
  }
  const linksOf = (module: string, data: boolean) => pageLinks.get(module)?.[data ? 'shell' : 'rendered'] ?? '';

  // boot.ts in place of the entry's script and preloads (as given for a build without boot.ts).
  const rendered = (indexHtml: string) => (boot ? withScriptInPlaceOfEntry(indexHtml, boot) : indexHtml);

  const links: RouteHints['links'] = (match, { data = true, missing = false, hero, live = false } = {}) => {
    if (!match || missing) return linksOf(NOT_FOUND_MODULE, data);
    let links = linksOf(pageModule(match.route), data);
    const id = match.params.id;
    // crossorigin: fetch() requests are CORS-mode, and a preload is only reused by a request of the same mode.
    const api = match.route.data === 'post' ? `/api/blogs/${id}` : match.route.data === 'list' ? '/api/blogs' : '';
    if (api && data) links += `<link rel="preload" as="fetch" crossorigin href="${escapeAttribute(api)}">`;
    if (match.route.data === 'post' && hero) links += heroPreloadLink(hero.url, hero.facts);
    if (match.route.data === 'post' && live && !links.includes(livePostCss)) links += livePostCss;
    return links;
  };
  return { links, rendered };
}
