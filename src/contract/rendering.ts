// The seam between the server and the server-rendering bundle (src/client/entry-server.tsx, built into dist/ssr and
// loaded at run time): what the server hands it, and what it hands back.
import type { BlogPost, BlogSummary, SearchAnswer, TagCount } from './types';
import type { EntriesAnswer, LiveMatch } from './live';
import type { AuthorPageData } from './authors';
import type { Match } from './matches';
import type { TagMatchday } from './matchday';
import type { MemberMe } from './members';
import type { CommentPage } from './comments';

/**
 * The name of the <meta> by which the server names the JavaScript a server-rendered page loads after it has loaded
 * (its content: the URLs of the app's entry and the page's chunk, space-separated), which src/client/boot.ts imports.
 */
export const ROUTE_MODULES_META = 'touchline-modules';

export type RenderInput = {
  /** pathname plus search, as the router should see it */
  url: string;
  /** a post page's post, under the id its URL spells, and the stories below it ("More on {primary tag}") */
  post?: {
    id: string;
    post: BlogPost;
    related: BlogSummary[];
    /** a post with live coverage: its entries as of the render (the page after `before` when the URL has ?before=) */
    entries?: EntriesAnswer & { before: number | null };
    /** the first page of its approved comments (never a pending one: the page is shared) */
    comments?: CommentPage;
  };
  /** the landing page's lists under the hero: the posts live now (with their score lines), the other live matches and
   * the 6 newest stories */
  home?: { live: BlogSummary[]; latest: BlogSummary[]; matches: LiveMatch[] };
  /** the site's tags, which the landing page's subscribe form offers to follow */
  tags?: TagCount[];
  /** the story list's page (a tag's stories when `tag` is its slug): the one after `cursor`, or the first when null */
  list?: { cursor: string | null; page: { posts: BlogSummary[]; nextCursor: string | null }; tag?: string };
  /** an author's page: their profile and first page of public stories, under the slug the URL spells */
  author?: { slug: string; data: AuthorPageData };
  /** a team's or competition's tag page: its table, fixtures and results */
  matchday?: { slug: string; value: TagMatchday };
  /** the search page's results for `q` from `cursor` (none when q is empty or invalid) */
  search?: { q: string; cursor: number; answer: SearchAnswer };
  /** /matches: the day's matches (date null: today, the day `day` in `timeZone`, the site's zone) */
  matches?: { date: string | null; day: string; timeZone: string; matches: Match[] };
  /** /account: the member the request's cookie signs in (null: a visitor, who gets the sign-in card) */
  member?: { me: MemberMe | null };
  /** a route matches the URL but has nothing to show (no post has the id): render the not-found page */
  missing?: boolean;
};

export type RenderOutput = {
  /** the markup for <div id="root"> */
  html: string;
  /** the <script type="application/json"> block the client hydrates from */
  stateScript: string;
};

export type RenderPage = (input: RenderInput) => Promise<RenderOutput>;
