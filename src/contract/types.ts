// The post's read shape: what GET /api/blogs and GET /api/blogs/:id answer, and the staff shapes beside it.
import type { ImageFacts, ImageMap } from './images';
import type { TagRef } from './tags';
import type { PostStatus } from './postStatus';
import type { StaffRole } from './roles';
import type { LiveCoverage } from './live';
import type { TextFormat } from './marks';

export type { TagRef } from './tags';

export type ListEntry = { item: string };

export type SingleParagraphSection = {
  id: number;
  type: 'single-paragraph';
  icon: string;
  title: string;
  paragraph: string;
  list: ListEntry[];
};

export type Column = { heading: string; list: ListEntry[] };

export type TwoColumnSection = {
  id: number;
  type: 'two-column';
  icon: string;
  title: string;
  paragraph: string;
  columns: Column[];
};

/** A photo inside the story: an upload URL or an https URL, with required alt text. */
export type ImageSection = {
  id: number;
  type: 'image';
  image: string;
  alt: string;
  caption: string;
  credit: string;
};

/** A pull quote; text carries inline marks when the post's textFormat is 'marks'. */
export type QuoteSection = { id: number; type: 'quote'; text: string; cite: string };

/** A YouTube video, shown as a facade until the reader presses play. url is as the writer gave it (normalized);
 * videoId is the 11-character YouTube id parsed from it, start the t= offset in seconds (0 when none). */
export type VideoSection = { id: number; type: 'video'; url: string; caption: string; videoId: string; start: number };

/** The story's sections: the seed's two text types, and a photo, a pull quote or a video inside the story. */
export type Section = SingleParagraphSection | TwoColumnSection | ImageSection | QuoteSection | VideoSection;

export type Product = {
  id: number;
  title: string;
  description: string;
  price: string;
  imageUrl: string;
  amazonUrl: string;
};

export type BlogPost = PostState & {
  id: number;
  title: string;
  icon: string;
  authorName: string;
  authorTitle: string;
  authorImage: string;
  /** display text, e.g. 'March 14, 2024' */
  publishDate: string;
  /** display text, e.g. '10 min read' */
  readTime: string;
  imageUrl: string;
  /**
   * What the header image shows, for readers who cannot see it ('' when the writer gave none: the image is then
   * decorative). The server always sends it; optional so that a read shape from before it still is one.
   */
  imageAlt?: string;
  sections: Section[];
  products: Product[];
  /** ISO timestamp of when the server stored the post */
  createdAt: string;
  /**
   * Size and variants of the uploaded images among imageUrl, authorImage and the products' imageUrl (external URLs
   * have none). Optional: the plain URL fields alone still work as image addresses.
   */
  images?: ImageMap;
  /**
   * The post's tags, the primary tag first. The server always sends it; optional so that a read shape from
   * before tags (a cached page, a test fixture) still is one.
   */
  tags?: TagRef[];
  /**
   * How the paragraphs, list items, product descriptions, quotes and live entries are written: 'plain' shows them
   * as typed (every post stored before marks existed), 'marks' reads the small Markdown subset of marks.ts.
   * The server always sends it; optional so that an older read shape still is one (it means 'plain').
   */
  textFormat?: TextFormat;
  /** The author page of the account that wrote the post (contract/authors.ts); absent when no account did. */
  authorSlug?: string;
  /** Live coverage of a match: null (or absent) on a post that never went live. */
  live?: LiveCoverage | null;
  /**
   * "Email this story to subscribers": mailed to the members who follow it when it first becomes public. The server
   * always sends it (false for every post from before newsletters); optional so an older read shape still is one.
   */
  newsletter?: boolean;
  /** Members may comment now (not closed by an editor, nor by the days after publishing); absent before comments. */
  commentsOpen?: boolean;
  /** Approved comments the public can read (a list's entry leaves it out when there are none). */
  commentCount?: number;
};

/** One entry of GET /api/blogs. */
export type BlogSummary = Pick<
  BlogPost,
  | 'id'
  | 'title'
  | 'icon'
  | 'authorName'
  | 'authorSlug'
  | 'publishDate'
  | 'readTime'
  | 'imageUrl'
  | 'createdAt'
  | 'images'
  | 'tags'
  | 'live'
  | 'commentCount'
  | keyof PostState
>;

/** The status fields the read shape and the summaries carry. */
export type PostState = {
  status: PostStatus;
  /** when a published post becomes public (ISO 8601, UTC as the server stores it), or null: public at once */
  publishAt: string | null;
  /** ISO timestamp of the last write */
  updatedAt: string;
};

/** Every error body the API sends. */
export type ApiError = { error: string; details?: { path: string; message: string }[] };

/** POST /api/uploads answer: the URL to store in the post, and the facts of the cleaned image. */
export type UploadResult = { url: string; image: ImageFacts };

/** A staff account as the session and staff API name it. */
export type StaffUser = { id: number; email: string; name: string; role: StaffRole };

/** Who created or last changed a post, in the admin read shape: null for a key's write or an account since removed. */
export type StaffRef = { id: number; name: string } | null;
export type PostStaff = { createdBy: StaffRef; updatedBy: StaffRef };

/**
 * An invitation that can still be accepted, as GET /api/invitations lists it. invitedBy: the account that sent it,
 * null for one sent before senders were recorded. Times are ISO strings.
 */
export type PendingInvitation = {
  id: number;
  email: string;
  role: StaffRole;
  invitedBy: StaffRef;
  createdAt: string;
  expiresAt: string;
};

/** What a staff reader (session or key) gets: the read shape plus who created and last changed the post. */
export type AdminBlogPost = BlogPost & PostStaff;
export type AdminBlogSummary = BlogSummary & PostStaff;

/** GET /api/keys: an API key without its secret; POST answers the secret once, as `key`. */
export type ApiKeyInfo = { id: number; name: string; createdAt: string };
export type NewApiKey = { id: number; name: string; key: string };

/** One entry of GET /api/blogs/:id/revisions: a version a change replaced, newest first. */
export type RevisionSummary = {
  id: number;
  /** when the change that replaced this version was stored (ISO 8601) */
  savedAt: string;
  /** who made that change: the account's name, or the key's */
  savedBy: string;
  /** the version's title */
  title: string;
};

/** One entry of GET /api/blogs?status=trash: a post in the trash and when it went there. */
export type TrashedSummary = BlogSummary & { deletedAt: string };

/** One entry of GET /api/tags: a tag and how many posts carry it (public ones only, for an anonymous caller). */
export type TagCount = TagRef & { count: number };

/** One hit of GET /api/search. `snippet` is plain text around the first match; matched words are between the
 * literal strings `<mark>` and `</mark>` (which never occur in indexed text), everything else is text to escape. */
export type SearchHit = Pick<BlogSummary, 'id' | 'title' | 'authorName' | 'publishDate'> & {
  tags: TagRef[];
  snippet: string;
};

/** GET /api/search's answer; nextCursor is the cursor of the next page, or null on the last. */
export type SearchAnswer = { items: SearchHit[]; nextCursor: number | null };
