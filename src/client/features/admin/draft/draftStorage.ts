// Keeps the editor draft across reloads and closed tabs: a debounced copy in localStorage (draftPersister.ts), read back when the editor
// slice enters the store. The access token is never written. Untrusted JSON is read field by field, without zod.
import type {
  Draft,
  DraftColumn,
  DraftFooter,
  DraftHeader,
  DraftListItem,
  DraftProduct,
  DraftSection,
  DraftStatus,
  EditorState,
} from './draftTypes';
import { isRecord } from '../../../../contract/records';
import type { TextFormat } from '../../../../contract/marks';
import { DRAFT_SAVE_DELAY_MS, ensurePersisted, persistDraftChanges } from './draftPersister';
import type { DraftSource } from './draftPersister';

export const DRAFT_STORAGE_KEY = 'touchline:draft';
const DRAFT_VERSION = 1;

type Stored = { version: number; draft: Draft };

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

let generatedIds = 0;
const id = (value: unknown, prefix: string): string =>
  typeof value === 'string' && value !== '' ? value : `${prefix}-restored-${++generatedIds}`;

const array = <T>(value: unknown, read: (entry: unknown) => T | null): T[] =>
  Array.isArray(value) ? value.map(read).filter((entry): entry is T => entry !== null) : [];

function readItem(value: unknown): DraftListItem | null {
  if (typeof value === 'string') return { id: id(undefined, 'item'), text: value };
  return isRecord(value) ? { id: id(value.id, 'item'), text: text(value.text) } : null;
}

function readColumn(value: unknown): DraftColumn | null {
  if (!isRecord(value)) return null;
  return { id: id(value.id, 'column'), heading: text(value.heading), list: array(value.list, readItem) };
}

function readSection(value: unknown): DraftSection | null {
  if (!isRecord(value)) return null;
  const sectionId = id(value.id, 'section');
  if (value.type === 'image') {
    const { image, alt, caption, credit } = value;
    return {
      id: sectionId,
      type: 'image',
      image: text(image),
      alt: text(alt),
      caption: text(caption),
      credit: text(credit),
    };
  }
  if (value.type === 'quote') return { id: sectionId, type: 'quote', text: text(value.text), cite: text(value.cite) };
  if (value.type === 'video')
    return { id: sectionId, type: 'video', url: text(value.url), caption: text(value.caption) };
  const base = { id: sectionId, icon: text(value.icon), title: text(value.title) };
  const paragraph = text(value.paragraph);
  if (value.type === 'single-paragraph') {
    return { ...base, type: 'single-paragraph', paragraph, list: array(value.list, readItem) };
  }
  if (value.type === 'two-column') {
    const columns = array(value.columns, readColumn);
    return columns.length > 0 ? { ...base, type: 'two-column', paragraph, columns } : null;
  }
  return null;
}

function readProduct(value: unknown): DraftProduct | null {
  if (!isRecord(value)) return null;
  return {
    id: id(value.id, 'product'),
    title: text(value.title),
    description: text(value.description),
    price: text(value.price),
    imageUrl: text(value.imageUrl),
    amazonUrl: text(value.amazonUrl),
  };
}

/** Drafts saved before statuses existed were always going to be published. */
function readPublishing(value: unknown): DraftStatus {
  if (!isRecord(value)) return { status: 'published', publishAt: '' };
  const status = value.status === 'draft' || value.status === 'scheduled' ? value.status : 'published';
  return { status, publishAt: text(value.publishAt), ...(value.newsletter === false ? { newsletter: false } : {}) };
}

/**
 * A draft from untrusted JSON: wrong-typed fields become empty, unknown entries are dropped; null if not a draft at all.
 * `unsaidFormat` is the text format of a draft saved before drafts kept one: a new post's is written with marks, an
 * edited post's was loaded from a post stored as plain text (every post was, then).
 */
export function parseDraft(value: unknown, unsaidFormat: TextFormat = 'marks'): Draft | null {
  if (!isRecord(value) || value.version !== DRAFT_VERSION || !isRecord(value.draft)) return null;
  const { header, products, footer } = value.draft;
  if (!isRecord(header)) return null;
  const restoredHeader: DraftHeader = {
    icon: text(header.icon),
    title: text(header.title),
    image: text(header.image),
    // Drafts saved before alt text existed have none yet.
    imageAlt: text(header.imageAlt),
    publishDate: text(header.publishDate),
    readTime: text(header.readTime),
    tags: text(header.tags),
    sections: array(header.sections, readSection),
    textFormat: header.textFormat === 'plain' || header.textFormat === 'marks' ? header.textFormat : unsaidFormat,
  };
  const restoredFooter: DraftFooter = isRecord(footer)
    ? { authorName: text(footer.authorName), authorTitle: text(footer.authorTitle), imageUrl: text(footer.imageUrl) }
    : { authorName: '', authorTitle: '', imageUrl: '' };
  return {
    header: restoredHeader,
    products: array(products, readProduct),
    footer: restoredFooter,
    publishing: readPublishing(value.draft.publishing),
  };
}

/** This browser's localStorage, or undefined where it is disabled (the drafts then live in the store only). */
export function storage(): Storage | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    // Storage can be disabled (privacy settings); the editor then simply does not persist.
    return undefined;
  }
}

/** The saved draft with an empty token, or undefined when there is none or it is unreadable. */
export function loadDraft(): EditorState | undefined {
  try {
    const raw = storage()?.getItem(DRAFT_STORAGE_KEY);
    if (!raw) return undefined;
    const draft = parseDraft(JSON.parse(raw));
    return draft ? { ...draft, accessToken: '' } : undefined;
  } catch {
    return undefined;
  }
}

/** Writes the draft without the access token. */
export function saveDraft({ header, products, footer, publishing }: EditorState): void {
  const stored: Stored = { version: DRAFT_VERSION, draft: { header, products, footer, publishing } };
  try {
    storage()?.setItem(DRAFT_STORAGE_KEY, JSON.stringify(stored));
  } catch {
    // Quota exceeded or storage disabled: the draft still lives in the store for this session.
  }
}

const NOT_IN_STORE_YET = Object.freeze({}) as EditorState;

/**
 * Saves the store's new-post draft as it changes (see draftPersister.ts). Token edits alone do not trigger a write.
 * Returns a function that stops persisting.
 */
export function persistDraft(store: DraftSource<{ editor?: EditorState }>, delayMs = DRAFT_SAVE_DELAY_MS): () => void {
  return persistDraftChanges(
    store,
    {
      // The editor slice is injected when the admin chunk loads, and its state appears with the next action. That
      // action may be the admin's first keystroke (the page can mount before any other action, behind the session
      // check): a placeholder makes it a change to save, not the slice's arrival.
      select: (state) => state.editor ?? NOT_IN_STORE_YET,
      changed: (last, editor) =>
        editor.header !== last.header ||
        editor.products !== last.products ||
        editor.footer !== last.footer ||
        editor.publishing !== last.publishing,
      write: saveDraft,
    },
    delayMs,
  );
}

/** Starts persistDraft for this store unless it already runs; it then lasts as long as the store. */
export function ensureDraftPersisted(store: DraftSource<{ editor?: EditorState }>): void {
  ensurePersisted(store, 'draft', () => persistDraft(store));
}
