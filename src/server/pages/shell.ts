// The shell: index.html as the browser renders a page itself (a client-rendered route such as /admin, a build without
// the server-rendering bundle, or a render that failed), with the route's preload hints and, for a private page, its
// head.
import { NO_ROW, rowIdOf } from '../../contract/params';
import type { Db } from '../db/database';
import { findPostImageUrl } from '../repositories/postsRepository';
import { imageFactsFor } from '../repositories/uploadsRepository';
import type { PageRequest } from './render';
import type { HeroImage, RouteHints } from './routeHints';
import { heroImageOf } from './routeHints';
import { addToHead, withHead } from './template';

export type ShellOptions = {
  db: Db;
  /** CLIENT_DIR/index.html */
  indexHtml: string;
  /** the route's preload hints (the build's manifest was found) */
  hints?: RouteHints;
  /** head tags for the shell of a client-rendered route (/auth, /admin) */
  privateHead?: (path: string) => string;
  /** the app's clock (epoch ms): which posts are public yet */
  now?: () => number;
};

/** The shell's status, and its HTML; no HTML when index.html is sent as it is (its pre-compressed copy on disk). */
export type Shell = { status: number; html?: string };

export function createShellServer({ db, indexHtml, hints, privateHead, now = Date.now }: ShellOptions) {
  // The shell of a post page (only when the page was not rendered) reads the header image for its hint itself. A hint is
  // an optimisation: if the database cannot answer, the page is served without one.
  async function heroOf(id: string | undefined): Promise<HeroImage | undefined> {
    try {
      const url = await findPostImageUrl(db, rowIdOf(id) ?? NO_ROW, new Date(now()));
      if (!url) return undefined;
      return heroImageOf({ imageUrl: url, images: await imageFactsFor(db.kysely, [url]) });
    } catch {
      return undefined;
    }
  }

  return async function shell({ path, match }: PageRequest): Promise<Shell> {
    // The client shows its not-found page either way; the status tells crawlers and tools the truth.
    const status = match ? (match.route.shellStatus ?? 200) : 404;
    const hero = match?.route.data === 'post' && hints ? await heroOf(match.params.id) : undefined;
    const links = hints ? hints.links(match, { hero }) : '';
    const head = match?.route.render === 'client' && privateHead ? privateHead(path) : '';
    if (!links && !head) return { status };
    return { status, html: head ? withHead(indexHtml, head + links) : addToHead(indexHtml, links) };
  };
}
