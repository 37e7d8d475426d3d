// The admin's post draft: header with sections, products, author footer and the access token.
// It lives in the store so it survives route changes; draftStorage.ts persists it (never the token). The slice is
// injected into the store when the admin chunk loads (see LazyLoadedSlices in app/store.ts), so visitors never
// download it; its first state is the saved draft, else the sample post.
import { createSelector, createSlice, nanoid } from '@reduxjs/toolkit';
import type { PayloadAction, WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '../../../app/store';
import { loadDraft } from './draftStorage';
import type {
  Draft,
  DraftListItem,
  DraftSection,
  DraftStatus,
  EditorState,
  HeaderFields,
  ListTarget,
  ProductFields,
  SectionFields,
  MediaSectionFields,
  SectionType,
  StatusSubmission,
  DraftFooter,
} from './draftTypes';
import type { BlogSubmission, SectionInput } from '../../../../contract/schemas';
import { localInputToIso } from './localTime';

/** The icon a new section starts with; its text starts empty. */
export const NEW_SECTION_ICON = 'Camera';

const item = (id: string, text: string): DraftListItem => ({ id, text });

/** A date as the site shows a publish date ("March 14, 2024"). */
const displayDate = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

/** Today in the site's display form: a blank post's publish date, which the writer may still change. */
export const todayAsPublishDate = (now = new Date()) => displayDate.format(now);

/**
 * An empty post: no text, no section, no product, no list item, dated today, published on Submit. What "Blank post", "Discard draft"
 * and a successful Submit leave, so the sample's content never leaks into the next story. (The one place a new post's
 * first values come from: prefilling the author from the writer's profile belongs here.)
 */
export function blankDraft(): Draft {
  return {
    header: {
      icon: 'Trophy',
      title: '',
      image: '',
      imageAlt: '',
      publishDate: todayAsPublishDate(),
      readTime: '',
      tags: '',
      sections: [],
      textFormat: 'marks',
    },
    products: [],
    footer: { authorName: '', authorTitle: '', imageUrl: '' },
    publishing: { status: 'published', publishAt: '' },
  };
}

/** The sample post the editor opens with when no draft is saved. Ids are fixed so it is deterministic. */
export function sampleDraft(): Draft {
  return {
    header: {
      icon: 'Trophy',
      title: 'Five Drills to Sharpen Your First Touch',
      image: '',
      imageAlt: '',
      publishDate: 'March 14, 2024',
      readTime: '10 min read',
      tags: '',
      sections: [
        {
          id: 'sample-section-1',
          type: 'single-paragraph',
          icon: 'Star',
          title: 'Why the First Touch Matters',
          paragraph:
            'A clean first touch buys you time on the ball. These drills take ten minutes a day and need nothing more than a wall, a ball and a few cones.',
          list: [
            item('sample-item-1', 'Wall passes with both feet'),
            item('sample-item-2', 'Cushion high balls on the thigh'),
            item('sample-item-3', 'Receive on the back foot and turn'),
          ],
        },
        {
          id: 'sample-section-2',
          type: 'two-column',
          icon: 'Users',
          title: 'Solo or With a Partner',
          paragraph: 'Every drill works alone; a partner adds pressure and game-like passes.',
          columns: [
            {
              id: 'sample-column-1',
              heading: 'Solo',
              list: [item('sample-item-4', 'Wall volleys'), item('sample-item-5', 'Cone gate touches')],
            },
            {
              id: 'sample-column-2',
              heading: 'With a partner',
              list: [item('sample-item-6', 'One-touch rondos'), item('sample-item-7', 'Pressured receiving')],
            },
          ],
        },
      ],
      textFormat: 'marks',
    },
    products: [
      {
        id: 'sample-product-1',
        title: 'Training Cones (Set of 50)',
        description: 'Bright, stackable cones for dribbling lanes and passing gates.',
        price: '$19.99',
        imageUrl: '/images/seed/cones.svg',
        amazonUrl: 'https://www.amazon.com/s?k=soccer+training+cones',
      },
      {
        id: 'sample-product-2',
        title: 'Size 5 Match Ball',
        description: 'A durable match ball with a true flight for daily touch work.',
        price: '$34.99',
        imageUrl: '/images/seed/ball.svg',
        amazonUrl: 'https://www.amazon.com/s?k=size+5+soccer+ball',
      },
      {
        id: 'sample-product-3',
        title: 'Turf Training Boots',
        description: 'Low-profile studs for clean touches on artificial grass.',
        price: '$74.99',
        imageUrl: '/images/seed/boots.svg',
        amazonUrl: 'https://www.amazon.com/s?k=turf+soccer+boots',
      },
    ],
    footer: { authorName: 'Jordan Reyes', authorTitle: 'UEFA B Licensed Coach', imageUrl: '' },
    // New posts are published on Submit, as the seed editor always did.
    publishing: { status: 'published', publishAt: '' },
  };
}

/** Read when the slice first enters a store: the draft saved by an earlier visit, else the sample post. */
const initialState = (): EditorState => loadDraft() ?? { ...sampleDraft(), accessToken: '' };

function findSection(state: EditorState, sectionId: string): DraftSection | undefined {
  return state.header.sections.find((section) => section.id === sectionId);
}

/** The list a ListTarget points at, or undefined when it no longer exists. */
function findList(state: EditorState, { sectionId, columnId }: ListTarget): DraftListItem[] | undefined {
  const section = findSection(state, sectionId);
  if (!section) return undefined;
  if (section.type === 'single-paragraph') return columnId === undefined ? section.list : undefined;
  if (section.type !== 'two-column') return undefined;
  return section.columns.find((column) => column.id === columnId)?.list;
}

function emptySection(type: SectionType, id: string): DraftSection {
  if (type === 'image') return { id, type, image: '', alt: '', caption: '', credit: '' };
  if (type === 'quote') return { id, type, text: '', cite: '' };
  if (type === 'video') return { id, type, url: '', caption: '' };
  const base = { id, icon: NEW_SECTION_ICON, title: '', paragraph: '' };
  return type === 'single-paragraph'
    ? { ...base, type, list: [] }
    : {
        ...base,
        type: 'two-column',
        columns: [
          { id: `${id}-c1`, heading: '', list: [] },
          { id: `${id}-c2`, heading: '', list: [] },
        ],
      };
}

const withId = <T extends object>(payload: T) => ({ payload: { ...payload, id: nanoid() } });

const baseEditorSlice = createSlice({
  name: 'editor',
  initialState,
  reducers: {
    headerChanged(state, action: PayloadAction<Partial<HeaderFields>>) {
      Object.assign(state.header, action.payload);
    },
    sectionAdded: {
      reducer(state, action: PayloadAction<{ type: SectionType; id: string }>) {
        state.header.sections.push(emptySection(action.payload.type, action.payload.id));
      },
      prepare: (type: SectionType) => withId({ type }),
    },
    sectionRemoved(state, action: PayloadAction<{ sectionId: string }>) {
      state.header.sections = state.header.sections.filter((section) => section.id !== action.payload.sectionId);
    },
    sectionChanged(
      state,
      action: PayloadAction<{ sectionId: string; changes: Partial<SectionFields> | Partial<MediaSectionFields> }>,
    ) {
      const section = findSection(state, action.payload.sectionId);
      if (section) Object.assign(section, action.payload.changes);
    },
    columnHeadingChanged(state, action: PayloadAction<{ sectionId: string; columnId: string; heading: string }>) {
      const section = findSection(state, action.payload.sectionId);
      const column =
        section?.type === 'two-column' ? section.columns.find((c) => c.id === action.payload.columnId) : undefined;
      if (column) column.heading = action.payload.heading;
    },
    listItemAdded: {
      reducer(state, action: PayloadAction<ListTarget & { id: string }>) {
        findList(state, action.payload)?.push(item(action.payload.id, ''));
      },
      prepare: (target: ListTarget) => withId(target),
    },
    listItemChanged(state, action: PayloadAction<ListTarget & { itemId: string; text: string }>) {
      const entry = findList(state, action.payload)?.find((listItem) => listItem.id === action.payload.itemId);
      if (entry) entry.text = action.payload.text;
    },
    listItemRemoved(state, action: PayloadAction<ListTarget & { itemId: string }>) {
      const list = findList(state, action.payload);
      const index = list?.findIndex((listItem) => listItem.id === action.payload.itemId) ?? -1;
      if (list && index >= 0) list.splice(index, 1);
    },
    productAdded: {
      reducer(state, action: PayloadAction<{ id: string }>) {
        state.products.push({
          id: action.payload.id,
          title: '',
          description: '',
          price: '',
          imageUrl: '',
          amazonUrl: '',
        });
      },
      prepare: () => withId({}),
    },
    productChanged(state, action: PayloadAction<{ productId: string; changes: Partial<ProductFields> }>) {
      const product = state.products.find((p) => p.id === action.payload.productId);
      if (product) Object.assign(product, action.payload.changes);
    },
    productRemoved(state, action: PayloadAction<{ productId: string }>) {
      state.products = state.products.filter((product) => product.id !== action.payload.productId);
    },
    footerChanged(state, action: PayloadAction<Partial<DraftFooter>>) {
      Object.assign(state.footer, action.payload);
    },
    publishingChanged(state, action: PayloadAction<Partial<DraftStatus>>) {
      Object.assign(state.publishing, action.payload);
    },
    accessTokenChanged(state, action: PayloadAction<string>) {
      state.accessToken = action.payload;
    },
    /** 'Discard draft': a blank post. The token stays: it is a credential for this session, not draft content. */
    draftReset(state) {
      return { ...blankDraft(), accessToken: state.accessToken };
    },
    /** 'Blank post': every field emptied, the token kept. */
    draftBlanked(state) {
      return { ...blankDraft(), accessToken: state.accessToken };
    },
    /** The draft was published (201): the next story starts blank, with the token kept for it. */
    postPublished(state) {
      return { ...blankDraft(), accessToken: state.accessToken };
    },
  },
  selectors: {
    selectEditor: (state) => state,
    selectHeader: (state) => state.header,
    selectSections: (state) => state.header.sections,
    selectProducts: (state) => state.products,
    selectFooter: (state) => state.footer,
    selectPublishing: (state) => state.publishing,
    selectAccessToken: (state) => state.accessToken,
  },
});

const listText = (list: DraftListItem[]) => list.map((entry) => entry.text);

function toSectionInput(section: DraftSection): SectionInput {
  if (section.type === 'image') {
    const { image, alt, caption, credit } = section;
    return { type: 'image', image, alt, caption, credit };
  }
  if (section.type === 'quote') return { type: 'quote', text: section.text, cite: section.cite };
  if (section.type === 'video') return { type: 'video', url: section.url, caption: section.caption };
  const { icon, title, paragraph } = section;
  return section.type === 'single-paragraph'
    ? { type: 'single-paragraph', icon, title, paragraph, list: listText(section.list) }
    : {
        type: 'two-column',
        icon,
        title,
        paragraph,
        columns: section.columns.map((column) => ({ heading: column.heading, list: listText(column.list) })),
      };
}

/** Thrown by toStatusFields when Scheduled has no valid time: nothing is sent then (it would publish at once). */
export class MissingPublishTimeError extends Error {
  constructor() {
    super('Choose the date and time to publish at (Publish at).');
  }
}

/**
 * The status fields to send. Scheduled is published with a time, sent as ISO 8601 with the admin's offset. `explicit`
 * sends Published too (an update replaces the post's state); a new published post sends none, exactly as the seed did.
 */
export function toStatusFields(
  publishing: DraftStatus,
  explicit: boolean,
): Pick<StatusSubmission, 'status' | 'publishAt' | 'newsletter'> {
  // An update sends the writer's choice; a new post only an unticked box (the post's default is on), so a new post
  // ticked sends what the spec's submit shape holds and nothing more.
  const newsletter = publishing.newsletter !== false;
  return { ...statusOf(publishing, explicit), ...(explicit || !newsletter ? { newsletter } : {}) };
}

function statusOf(
  { status, publishAt }: DraftStatus,
  explicit: boolean,
): Pick<StatusSubmission, 'status' | 'publishAt'> {
  if (status === 'draft') return { status: 'draft', publishAt: null };
  if (status === 'review') return { status: 'review', publishAt: null };
  if (status === 'scheduled') {
    const iso = localInputToIso(publishAt);
    if (!iso) throw new MissingPublishTimeError();
    return { status: 'published', publishAt: iso };
  }
  return explicit ? { status: 'published', publishAt: null } : {};
}

/** The names in the Tags field: split at commas, trimmed, empty ones dropped (the server checks the rest). */
export function tagNames(text: string): string[] {
  return text
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
}

/** The draft as POST /api/blogs expects it (the contract's BlogSubmission): plain string lists, no client ids. */
export function toSubmission(editor: Draft & { accessToken: string }): BlogSubmission {
  const { header, products, footer, accessToken } = editor;
  return {
    header: {
      icon: header.icon,
      title: header.title,
      image: header.image,
      // Left out when empty, as tags are: the API reads an absent one as none (the photo stays decorative).
      ...(header.imageAlt !== '' ? { imageAlt: header.imageAlt } : {}),
      publishDate: header.publishDate,
      readTime: header.readTime,
      sections: header.sections.map(toSectionInput),
      // Left out when there are none: the API reads an absent list as no tags.
      ...(tagNames(header.tags).length > 0 ? { tags: tagNames(header.tags) } : {}),
      textFormat: header.textFormat,
    },
    products: products.map(({ title, description, price, imageUrl, amazonUrl }) => ({
      title,
      description,
      price,
      imageUrl,
      amazonUrl,
    })),
    footer: { authorName: footer.authorName, authorTitle: footer.authorTitle, imageUrl: footer.imageUrl },
    // Left empty by a signed-in admin: the session cookie authorizes the request instead.
    ...(accessToken ? { accessToken } : {}),
  };
}

declare module '../../../app/store' {
  // Declaration merging: the store's type knows the editor key once this module exists.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the body comes from WithSlice
  export interface LazyLoadedSlices extends WithSlice<typeof baseEditorSlice> {}
}

/** The slice, injected into the root reducer: the editor key exists from the next action on. */
const editorSlice = baseEditorSlice.injectInto(rootReducer);

export const {
  headerChanged,
  sectionAdded,
  sectionRemoved,
  sectionChanged,
  columnHeadingChanged,
  listItemAdded,
  listItemChanged,
  listItemRemoved,
  productAdded,
  productChanged,
  productRemoved,
  footerChanged,
  publishingChanged,
  accessTokenChanged,
  draftReset,
  draftBlanked,
  postPublished,
} = editorSlice.actions;

export const {
  selectEditor,
  selectHeader,
  selectSections,
  selectProducts,
  selectFooter,
  selectPublishing,
  selectAccessToken,
} = editorSlice.selectors;

/** The editor's case reducers on a bare draft: the edit page runs the same actions on its own, separate draft. */
export const draftReducer = baseEditorSlice.reducer;

/** The submit payload for the current draft, memoised on the editor state. */
export const selectSubmission = createSelector([selectEditor], toSubmission);

export default editorSlice;
