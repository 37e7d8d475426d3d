// The read shape of SPEC 3: what GET /api/blogs and GET /api/blogs/:id answer.
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

export type BlogPost = {
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
};

/** One entry of GET /api/blogs. */
export type BlogSummary = Pick<
  BlogPost,
  'id' | 'title' | 'icon' | 'authorName' | 'publishDate' | 'readTime' | 'imageUrl' | 'createdAt'
>;

/** Every error body the API sends. */
export type ApiError = { error: string; details?: { path: string; message: string }[] };

/** POST /api/uploads answer. */
export type UploadResult = { url: string };
