// The read shape of SPEC 3: what GET /api/blogs and GET /api/blogs/:id answer.
import type { ImageFacts, ImageMap } from './images';

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

export type Section = SingleParagraphSection | TwoColumnSection;

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
  sections: Section[];
  products: Product[];
  /** ISO timestamp of when the server stored the post */
  createdAt: string;
  /**
   * Size and variants of the uploaded images among imageUrl, authorImage and the products' imageUrl (external URLs
   * have none). Optional: the plain URL fields alone still work as image addresses.
   */
  images?: ImageMap;
};

/** One entry of GET /api/blogs. */
export type BlogSummary = Pick<
  BlogPost,
  | 'id'
  | 'title'
  | 'icon'
  | 'authorName'
  | 'publishDate'
  | 'readTime'
  | 'imageUrl'
  | 'createdAt'
  | 'images'
  | keyof PostState
>;

/**
 * Where a post stands (issue "Manage what is published"). 'scheduled' is a published post whose publishAt is still
 * in the future; only 'published' posts are public.
 */
export type PostStatus = 'published' | 'draft' | 'scheduled';

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

/** One entry of GET /api/blogs/:id/revisions (issue 22): a version a change replaced, newest first. */
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
