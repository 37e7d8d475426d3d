// The shapes of the admin's drafts, apart from the code that keeps them: the slices and their storage both import
// these, so neither imports the other for a type (editorSlice <-> draftStorage, editDraftsSlice <-> editDraftStorage).
import type { BlogSubmission } from '../../../../contract/schemas';
import type { PostStatus } from '../../../../contract/postStatus';
import type { TextFormat } from '../../../../contract/marks';

/** A bullet of a list. The id is only a stable React key; it is never sent. */
export type DraftListItem = { id: string; text: string };

export type DraftColumn = { id: string; heading: string; list: DraftListItem[] };

type DraftSectionBase = { id: string; icon: string; title: string; paragraph: string };

export type DraftSingleParagraphSection = DraftSectionBase & { type: 'single-paragraph'; list: DraftListItem[] };

export type DraftTwoColumnSection = DraftSectionBase & { type: 'two-column'; columns: DraftColumn[] };

/** A photo inside the story: an uploaded (or pending) image or an https URL, with required alt text. */
export type DraftImageSection = {
  id: string;
  type: 'image';
  image: string;
  alt: string;
  caption: string;
  credit: string;
};

export type DraftQuoteSection = { id: string; type: 'quote'; text: string; cite: string };

export type DraftVideoSection = { id: string; type: 'video'; url: string; caption: string };

export type DraftSection =
  DraftSingleParagraphSection | DraftTwoColumnSection | DraftImageSection | DraftQuoteSection | DraftVideoSection;

export type SectionType = DraftSection['type'];

export type DraftHeader = {
  icon: string;
  title: string;
  image: string;
  /** what the header photo shows, for readers who cannot see it ('' leaves it decorative) */
  imageAlt: string;
  publishDate: string;
  readTime: string;
  /** the tag names as typed, comma-separated; the first is the primary tag */
  tags: string;
  sections: DraftSection[];
  /**
   * How the post's text is written, sent as it is: 'marks' for a new post (the editor's Bold, Italic and Link write
   * them), and a stored post's own format when it is edited, so a 'plain' post whose text holds a `*` or `[x](y)` keeps
   * its look (saving it as 'marks' would turn those into formatting).
   */
  textFormat: TextFormat;
};

export type DraftProduct = {
  id: string;
  title: string;
  description: string;
  price: string;
  imageUrl: string;
  amazonUrl: string;
};

export type DraftFooter = { authorName: string; authorTitle: string; imageUrl: string };

/**
 * Where the post should stand once submitted: 'scheduled' is sent as published with publishAt. publishAt is the
 * value of a datetime-local field (the admin's local time, e.g. '2026-11-28T09:30'), '' when none is chosen.
 */
export type DraftStatus = {
  status: PostStatus;
  publishAt: string;
  /** "Email this story to subscribers" (the post's `newsletter`): on unless unticked */
  newsletter?: boolean;
};

/** Everything the editor persists (the access token is deliberately not part of it). */
export type Draft = { header: DraftHeader; products: DraftProduct[]; footer: DraftFooter; publishing: DraftStatus };

export type EditorState = Draft & { accessToken: string };

/** Which list a list-item action addresses: a single-paragraph section's, or one column's of a two-column section. */
export type ListTarget = { sectionId: string; columnId?: string };

/** What the header's fields edit (the text format is the post's, set when it is started or loaded). */
export type HeaderFields = Omit<DraftHeader, 'sections' | 'textFormat'>;
export type SectionFields = Pick<DraftSectionBase, 'icon' | 'title' | 'paragraph'>;
/** The strings of a photo, quote or video section an edit may change. */
export type MediaSectionFields = Omit<DraftImageSection, 'id' | 'type'> &
  Omit<DraftQuoteSection, 'id' | 'type'> &
  Omit<DraftVideoSection, 'id' | 'type'>;
export type ProductFields = Omit<DraftProduct, 'id'>;

/** The submit shape with the status fields of the API's manage routes. */
export type StatusSubmission = BlogSubmission & {
  status?: 'published' | 'draft' | 'review';
  publishAt?: string | null;
};

export type EditDraft = {
  /** the ETag of the version this draft started from: sent as If-Match, so a newer version is never overwritten */
  etag: string;
  draft: Draft;
  /** the admin has changed something since the post was loaded or saved */
  changed: boolean;
};

export type EditDraftsState = Record<string, EditDraft>;
