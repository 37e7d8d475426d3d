// Server-rendered pages: the route table decides which URLs the server renders (/, /blog, /page/:id, /sample and the
// not-found page), the repositories supply their data, the SSR bundle renders them into index.html, and the HTML is
// cached per URL in ContentCaches.pages (dropped by every write, like the API's lists) with an ETag for 304s.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { LIMITS } from '../../contract/limits';
import type { RenderInput, RenderPage } from '../../contract/rendering';
import { cursorOf, rowIdOf } from '../../contract/params';
import { parsePostId } from '../../contract/routes';
import type { RouteMatch } from '../../contract/routes';
import type { ContentCaches } from '../http/contentCaches';
import type { CachedResponse } from '../http/responseCache';
import type { Db } from '../db/database';
import { strongEtag } from '../http/etag';
import * as z from 'zod/mini';
import { findPost, listPosts, relatedPosts } from '../repositories/postsRepository';
import { listPublicComments } from '../repositories/commentsRepository';
import { COMMENTS_PAGE_SIZE } from '../../contract/comments';
import { entriesAnswer, readEntries } from '../repositories/liveRepository';
import { LIVE_LIMITS } from '../../contract/live';
import { searchPosts } from '../repositories/searchRepository';
import { findTag, findTagInfo, listTagCounts } from '../repositories/tagsRepository';
import { findAuthorPage } from '../repositories/profileRepository';
import { listMatches, matchesOfTag, publicMatch, uncoveredLiveMatches } from '../repositories/matchesRepository';
import { standings } from '../matches/standings';
import { matchdayOf, teamCompetition } from '../../contract/matchday';
import type { TagMatchday } from '../../contract/matchday';
import type { TableAnswer } from '../../contract/matches';
import { dayIn, isInstant, nextDay, zonedInstant } from '../../contract/matches';
import { searchQuerySchema } from '../../contract/search';
import { headTags } from '../seo/head';
import type { HeadPage } from '../seo/head';
import type { PreparedAnswer } from '../http/answers';
import { pageAnswers } from './encoding';
import type { PageEncoding } from './encoding';
import type { InlineStyles } from './inlineStyles';
import { heroImageOf } from './routeHints';
import type { HeroImage, RouteHints } from './routeHints';
import { renderedPage } from './template';
import { MemberSessions, meOf } from '../members/memberSessions';

/** A page request as the server matched it, once: everything later steps need to know about the URL. */
export type PageRequest = {
  path: string;
  query: URLSearchParams;
  /** the route the path opens; undefined for the not-found page */
  match: RouteMatch | undefined;
  /** the request's Cookie header: only a member's own page (data 'member') reads it */
  cookies?: string;
};

/** The SSR bundle `npm run build` writes beside the client build (vite build --ssr, see package.json). */
export function ssrBundleFile(clientDir: string): string {
  return join(clientDir, '..', 'ssr', 'entry-server.mjs');
}

/**
 * Loads the SSR bundle's render function, or undefined when there is none (an older build): pages are then rendered
 * in the browser from the shell, as before. Loaded at run time, not imported, so server code never imports client code.
 */
export async function loadPageRenderer(file: string): Promise<RenderPage | undefined> {
  if (!existsSync(file)) return undefined;
  const bundle = (await import(pathToFileURL(file).href)) as { render?: RenderPage };
  return bundle.render;
}

export type RenderedPage = {
  status: 200 | 404;
  body: string;
  /** one member's own page: private, no-store and without an ETag (clientRoutes.ts sends it whole every time) */
  personal?: boolean;
  /** the page as sent in a coding (none: the body as it is), prepared whole once (encoding.ts) */
  answer: (encoding: PageEncoding | undefined) => PreparedAnswer;
};

export type PageServerOptions = {
  db: Db;
  caches: ContentCaches;
  indexHtml: string;
  render: RenderPage;
  hints?: RouteHints;
  /** the built stylesheets, which pages carry inline (none: they stay links) */
  styles?: InlineStyles;
  /** the site's public address, for the head's absolute URLs */
  publicUrl: string;
  log: FastifyBaseLogger;
  /** the app's clock (epoch ms): which posts are public yet */
  now?: () => number;
  /** the pages' security headers (http/security.ts): a page is sent prepared whole, with them */
  security: Readonly<Record<string, string>>;
  /** SITE_TIME_ZONE (default UTC): the zone /matches reads its days in */
  siteTimeZone?: string;
};

/** The landing page's "Latest stories": the newest public posts, as on /blog. */
const HOME_LATEST = 6;

/** The most matches /matches lists for one day (the API's page maximum). */
const MATCHES_PER_DAY = 200;

/** Whether ?date= names a real day, written YYYY-MM-DD. */
const isDay = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text) && isInstant(`${text}T00:00Z`);

/** What the server renders for a URL: the bundle's input, the head's description of the page, its hero image. */
type PagePlan = { head: HeadPage; input: RenderInput; hero?: HeroImage; live?: boolean; personal?: boolean };

/** A member's own page: no cache may keep it, whoever's it is. */
const PERSONAL_HEADERS = { 'cache-control': 'private, no-store' };

/** A rendered page as caches.pages holds it, with the status it is sent with (only a 200 is kept, so none is 200). */
type KeptPage = CachedResponse & { status?: 200 | 404; personal?: boolean };

/** The server's pages: `cached` answers a cached page at once, `render` makes any page (see both below). */
export function createPageServer({
  db,
  caches,
  indexHtml,
  render,
  hints: pageHints,
  styles,
  publicUrl,
  log,
  now = Date.now,
  security,
  siteTimeZone = 'UTC',
}: PageServerOptions) {
  const inlineStyles = styles?.inline ?? ((html: string) => html);
  const memberSessions = new MemberSessions(db, now, publicUrl);
  // The template's own stylesheets are inlined once, here; each render inlines only its route's (in the hints).
  const template = inlineStyles(pageHints?.rendered(indexHtml) ?? indexHtml);
  const notFound = (url: string, missing: boolean): PagePlan => ({
    head: { kind: 'notFound', path: url },
    input: { url, missing },
  });

  /** A competition's table as GET /api/competitions/:slug/table answers it, or null for another tag. */
  async function tableOf(slug: string): Promise<TableAnswer | null> {
    const tag = await findTagInfo(db.kysely, slug);
    if (tag === undefined || tag.kind !== 'competition') return null;
    const points = { pointsForWin: tag.pointsForWin!, pointsForDraw: tag.pointsForDraw! };
    const rows = standings(await matchesOfTag(db.kysely, tag.id), points);
    return { competition: { slug: tag.slug, name: tag.name }, ...points, rows };
  }

  /** A team's or competition's table, fixtures and results for its tag page; undefined for a topic. */
  async function tagMatchday(slug: string): Promise<TagMatchday | undefined> {
    const tag = await findTagInfo(db.kysely, slug);
    if (tag === undefined || tag.kind === 'topic') return undefined;
    const matches = (await matchesOfTag(db.kysely, tag.id)).map(publicMatch);
    if (tag.kind === 'competition') return matchdayOf('competition', matches, await tableOf(slug), now());
    const own = matches.filter((match) => match.home.slug === slug || match.away.slug === slug);
    const competition = teamCompetition(own);
    return matchdayOf('team', own, competition ? await tableOf(competition.slug) : null, now());
  }

  /** Whether a tag page's matchday has a match to show: a fixture, a result, a round or a table row. */
  const hasMatches = (matchday: TagMatchday | undefined) =>
    matchday !== undefined &&
    (matchday.next !== null ||
      matchday.recent.length > 0 ||
      matchday.round.length > 0 ||
      (matchday.table?.rows.length ?? 0) > 0);

  async function plan(request: PageRequest): Promise<PagePlan> {
    const { path, query, match } = request;
    if (!match) return notFound(path, false);
    const { route, params } = match;
    if (route.data === 'post') {
      const at = new Date(now());
      const post = await findPost(db, rowIdOf(params.id)!, { now: at });
      if (!post) return notFound(path, true);
      // A live post's page: its entries as of the render (the page after ?before= when asked), so it works without
      // JavaScript; the head's JSON-LD lists the newest ones whichever page this is.
      const beforeText = post.live ? query.get('before') : null;
      const before = beforeText === null ? undefined : parsePostId(beforeText);
      const url = beforeText === null ? path : `${path}?before=${beforeText}`;
      if (beforeText !== null && before === undefined) return notFound(url, true);
      // The first page of approved comments only: a cached page is everyone's, so a pending comment never enters it
      // (an approval drops every cached page through caches.invalidate()).
      const [related, page, newest, comments] = await Promise.all([
        relatedPosts(db, post, { now: at }),
        post.live ? entriesAnswer(db, post.id, { before, limit: LIVE_LIMITS.entriesPageDefault }) : undefined,
        post.live && before !== undefined
          ? readEntries(db.kysely, post.id, { limit: LIVE_LIMITS.jsonLdEntries })
          : undefined,
        listPublicComments(db.kysely, post.id, { limit: COMMENTS_PAGE_SIZE }),
      ]);
      const entries = page && { ...page, before: before ?? null };
      const latest = (newest ?? page)?.entries.slice(0, LIVE_LIMITS.jsonLdEntries);
      return {
        head: { kind: 'post', post, path: url, ...(latest ? { entries: latest } : {}) },
        input: {
          url,
          post: {
            id: params.id!,
            post,
            related,
            comments: { ...comments, count: post.commentCount ?? 0 },
            ...(entries ? { entries } : {}),
          },
        },
        hero: heroImageOf(post),
        live: Boolean(post.live),
      };
    }
    if (route.data === 'list' || route.data === 'tag') {
      // /blog?cursor=N is the list after post N: what 'Load more' links to, so it works without JavaScript.
      const cursorText = query.get('cursor');
      const cursor = cursorText === null ? undefined : parsePostId(cursorText);
      const url = cursorText === null ? path : `${path}?cursor=${cursorText}`;
      if (cursorText !== null && cursor === undefined) return notFound(url, true);
      // /tag/{slug}: the stories of one tag (and a team's or competition's matches); an unknown tag is not a page.
      const tag = route.data === 'tag' ? await findTag(db, params.slug!) : undefined;
      if (route.data === 'tag' && tag === undefined) return notFound(url, true);
      const { posts, nextCursor } = await listPosts(db, {
        limit: LIMITS.pageSizeDefault,
        beforeId: cursorOf(cursorText ?? undefined),
        tag: tag?.slug,
        now: new Date(now()),
      });
      const matchday = tag ? await tagMatchday(tag.slug) : undefined;
      // A team's or competition's page shows its matches even before any story; a topic with none is not a page.
      if (tag !== undefined && posts.length === 0 && (cursorText !== null || !hasMatches(matchday)))
        return notFound(url, true);
      const page = { posts, nextCursor: nextCursor === undefined ? null : String(nextCursor) };
      return {
        head: tag ? { kind: 'tag', tag, path: url } : { kind: 'blog', path: url },
        input: {
          url,
          list: { cursor: cursorText, page, ...(tag ? { tag: tag.slug } : {}) },
          ...(tag && matchday ? { matchday: { slug: tag.slug, value: matchday } } : {}),
        },
      };
    }
    if (route.data === 'matches') {
      // A day's matches in the site's zone: ?date=YYYY-MM-DD, or today.
      const dateText = query.get('date');
      const url = dateText === null ? path : `${path}?date=${dateText}`;
      if (dateText !== null && !isDay(dateText)) return notFound(url, true);
      const day = dateText ?? dayIn(now(), siteTimeZone);
      const { matches } = await listMatches(
        db,
        {
          from: new Date(zonedInstant(day, '00:00', siteTimeZone)).toISOString(),
          to: new Date(zonedInstant(nextDay(day), '00:00', siteTimeZone)).toISOString(),
        },
        { limit: MATCHES_PER_DAY },
      );
      return {
        head: { kind: 'matches', path: url, name: dateText === null ? 'Today' : day, matches },
        input: { url, matches: { date: dateText, day, timeZone: siteTimeZone, matches } },
      };
    }
    if (route.data === 'author') {
      // /author/{slug}: who writes, and their newest public stories; a slug naming no one with a public story is a 404.
      const found = await findAuthorPage(db, params.slug!, { limit: LIMITS.pageSizeDefault, now: new Date(now()) });
      if (found === undefined) return notFound(path, true);
      const { author, posts, nextCursor } = found;
      const data = { author, posts, nextCursor: nextCursor === undefined ? null : String(nextCursor) };
      return { head: { kind: 'author', author, path }, input: { url: path, author: { slug: params.slug!, data } } };
    }
    // The member's own page: their preferences, or the sign-in card for a visitor; the site's tags to tick.
    if (route.data === 'member') {
      const url = `${path}${query.size > 0 ? `?${query}` : ''}`;
      const signedIn = await memberSessions.resolveCookies(request.cookies);
      const me = signedIn === undefined ? null : meOf(signedIn.member);
      const tags = me === null ? undefined : await listTagCounts(db, { now: new Date(now()) });
      return {
        head: { kind: 'private', path },
        input: { url, member: { me }, ...(tags ? { tags } : {}) },
        personal: true,
      };
    }
    // A mailed link's page: its form carries the token back, so the URL's query is the page's (never kept).
    if (route.data === 'link') {
      const url = `${path}${query.size > 0 ? `?${query}` : ''}`;
      return { head: { kind: 'private', path }, input: { url } };
    }
    if (route.data === 'search') {
      // The results of a valid query (the form alone otherwise), rendered so that search works without JavaScript.
      const url = `${path}${query.size > 0 ? `?${query}` : ''}`;
      const parsed = z.safeParse(searchQuerySchema, {
        q: query.get('q') ?? '',
        ...(query.has('cursor') ? { cursor: query.get('cursor') } : {}),
      });
      if (!parsed.success) return { head: { kind: 'private', path }, input: { url } };
      const { q, cursor } = parsed.data;
      const answer = await searchPosts(db, { query: q, offset: cursor, now: new Date(now()) });
      return { head: { kind: 'private', path }, input: { url, search: { q, cursor, answer } } };
    }
    if (route.name === 'home') {
      // Under the hero: the posts live now (with their score lines), the other live matches and the newest stories.
      const at = new Date(now());
      const [live, matches, latest, tags] = await Promise.all([
        listPosts(db, { limit: LIMITS.pageSizeMax, liveOnly: true, now: at }),
        uncoveredLiveMatches(db.kysely, at),
        listPosts(db, { limit: HOME_LATEST, now: at }),
        // The subscribe form's sports to pick from.
        listTagCounts(db, { now: at }),
      ]);
      const home = { live: live.posts, latest: latest.posts, matches };
      return { head: { kind: 'home', path }, input: { url: path, home, tags } };
    }
    return { head: { kind: 'sample', path }, input: { url: path } };
  }

  /**
   * Only the cursor (lists) and before (a live post's older entries) change a page (other parameters, such as a
   * campaign tag, do not make another copy).
   */
  const keyOf = ({ path, query, match }: PageRequest) =>
    // /matches without a date is today's page: a new day is a new copy.
    match?.route.data === 'matches'
      ? `${path}?date=${query.get('date') ?? `today:${dayIn(now(), siteTimeZone)}`}`
      : (match?.route.data === 'list' || match?.route.data === 'tag') && query.has('cursor')
        ? `${path}?cursor=${query.get('cursor')}`
        : match?.route.data === 'post' && query.has('before')
          ? `${path}?before=${query.get('before')}`
          : path;
  // Search pages are not kept: their queries are endless; nor are a mailed link's, each with its own token, nor a
  // member's own.
  const cacheable = ({ match }: PageRequest) =>
    match !== undefined &&
    match.route.data !== 'search' &&
    match.route.data !== 'link' &&
    match.route.data !== 'member';

  /**
   * The cached page for a request as sent in `encoding`, prepared whole (the first send in a coding prepares it), or
   * undefined when the page is not cached: synchronous, the hot path of a page request.
   */
  function cached(request: PageRequest, encoding: PageEncoding | undefined): PreparedAnswer | undefined {
    const route = request.match?.route;
    if (route === undefined || route.render === 'client' || !cacheable(request)) return undefined;
    const page = caches.pages.get(keyOf(request));
    if (page === undefined) return undefined;
    const { body, headers, answers = {} } = page;
    return (
      answers[encoding ?? 'identity'] ??
      pageAnswers(body, { status: 200, etag: headers!.etag!, security }, answers)(encoding)
    );
  }

  /**
   * The page for a request, or undefined when the shell should be sent instead: a client-rendered route such as
   * /admin, or a render that failed (the browser then renders the page itself).
   */
  async function renderPage(request: PageRequest): Promise<RenderedPage | undefined> {
    const { match } = request;
    const route = match?.route;
    if (route?.render === 'client') return undefined;
    // A page that is not found is not kept: another process may store that post a moment from now, and unknown URLs
    // are endless.
    const page: KeptPage | undefined = cacheable(request)
      ? await caches.pages.getOrBuild(
          keyOf(request),
          () => build(request),
          (built) => built?.status === 200,
        )
      : await build(request);
    if (page === undefined) return undefined;
    const { body, headers, answers = {}, status = 200 } = page;
    if (page.personal) return { status, body, personal: true, answer: personalAnswers(body, status) };
    return { status, body, answer: pageAnswers(body, { status, etag: headers!.etag!, security }, answers) };
  }

  /** A member's page in a coding: the page answer with its validator dropped and no cache allowed to keep it. */
  function personalAnswers(body: string, status: 200 | 404) {
    return (encoding: PageEncoding | undefined): PreparedAnswer => {
      const answer = pageAnswers(body, { status, etag: strongEtag(body), security }, {})(encoding);
      const { etag: _etag, ...headers } = answer.headers;
      return { ...answer, headers: { ...headers, ...PERSONAL_HEADERS } };
    };
  }

  /** A page rendered now, or undefined when the render failed. */
  async function build(request: PageRequest): Promise<KeptPage | undefined> {
    const { match } = request;
    const { head, input, hero, live, personal } = await plan(request);
    let rendered;
    try {
      rendered = await render(input);
    } catch (error) {
      log.error({ err: error, url: input.url }, 'server rendering failed; sending the shell');
      return undefined;
    }
    const missing = head.kind === 'notFound';
    const hints = pageHints ? pageHints.links(match, { data: false, missing, hero, live }) : '';
    const body = renderedPage(template, {
      head: headTags(head, publicUrl),
      hints: inlineStyles(hints),
      markup: rendered.html,
      stateScript: rendered.stateScript,
    });
    return { body, headers: { etag: strongEtag(body) }, answers: {}, status: missing ? 404 : 200, personal };
  }

  return { render: renderPage, cached };
}
