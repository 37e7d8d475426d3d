import { makeStore } from '../../../../../src/client/app/store';
import {
  DRAFT_STORAGE_KEY,
  ensureDraftPersisted,
  parseDraft,
} from '../../../../../src/client/features/admin/draft/draftStorage';
import {
  DRAFT_SAVE_DELAY_MS,
  cancelPendingDraftSaves,
} from '../../../../../src/client/features/admin/draft/draftPersister';
import {
  accessTokenChanged,
  draftReset,
  headerChanged,
  listItemAdded,
  listItemChanged,
  blankDraft,
  sampleDraft,
  sectionAdded,
  selectEditor,
} from '../../../../../src/client/features/admin/draft/editorSlice';
import type { DraftSingleParagraphSection } from '../../../../../src/client/features/admin/draft/draftTypes';
import type { EditorState } from '../../../../../src/client/features/admin/draft/draftTypes';

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  cancelPendingDraftSaves();
  jest.useRealTimers();
});

const saved = () => localStorage.getItem(DRAFT_STORAGE_KEY);

/** A store as the admin page leaves it: editor slice in, draft persistence running. */
function editorStore(preloadedState?: Parameters<typeof makeStore>[0]) {
  const store = makeStore(preloadedState);
  ensureDraftPersisted(store);
  return store;
}

test('a new store restores the draft the previous one saved', () => {
  const first = editorStore();
  first.dispatch(headerChanged({ title: 'Derby Day Diary' }));
  first.dispatch(sectionAdded('single-paragraph'));
  const added = selectEditor(first.getState()).header.sections[2];
  first.dispatch(listItemAdded({ sectionId: added.id }));
  const item = (selectEditor(first.getState()).header.sections[2] as DraftSingleParagraphSection).list[0];
  first.dispatch(listItemChanged({ sectionId: added.id, itemId: item.id, text: 'Kick-off at noon' }));
  jest.advanceTimersByTime(DRAFT_SAVE_DELAY_MS);

  const second = editorStore();
  expect(selectEditor(second.getState())).toEqual(selectEditor(first.getState()));
  expect(selectEditor(second.getState()).header.title).toBe('Derby Day Diary');
});

test('saving is debounced: nothing is written until the typing pauses', () => {
  const store = editorStore();
  store.dispatch(headerChanged({ title: 'D' }));
  jest.advanceTimersByTime(DRAFT_SAVE_DELAY_MS - 50);
  store.dispatch(headerChanged({ title: 'De' }));
  jest.advanceTimersByTime(DRAFT_SAVE_DELAY_MS - 50);
  expect(saved()).toBeNull();
  jest.advanceTimersByTime(50);
  expect(JSON.parse(saved()!).draft.header.title).toBe('De');
});

test('a pending save happens at once when the page is left or hidden, so the last keystrokes survive', () => {
  const store = editorStore();
  store.dispatch(headerChanged({ title: 'Typed just before the reload' }));
  expect(saved()).toBeNull();
  window.dispatchEvent(new Event('pagehide'));
  expect(JSON.parse(saved()!).draft.header.title).toBe('Typed just before the reload');

  store.dispatch(headerChanged({ title: 'Typed before switching tabs' }));
  const visibility = jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
  try {
    document.dispatchEvent(new Event('visibilitychange'));
  } finally {
    visibility.mockRestore();
  }
  expect(JSON.parse(saved()!).draft.header.title).toBe('Typed before switching tabs');
});

test('leaving the page with nothing pending writes nothing', () => {
  editorStore();
  window.dispatchEvent(new Event('pagehide'));
  expect(saved()).toBeNull();
});

test('the access token is never written to storage', () => {
  const store = editorStore();
  store.dispatch(accessTokenChanged('super-secret-token'));
  jest.advanceTimersByTime(DRAFT_SAVE_DELAY_MS * 2);
  store.dispatch(headerChanged({ title: 'With a token typed' }));
  jest.advanceTimersByTime(DRAFT_SAVE_DELAY_MS * 2);

  expect(saved()).toContain('With a token typed');
  for (let index = 0; index < localStorage.length; index += 1) {
    const key = localStorage.key(index)!;
    expect(localStorage.getItem(key)).not.toContain('super-secret-token');
  }
  expect(selectEditor(editorStore().getState()).accessToken).toBe('');
});

test('the draft does not use the theme key', () => {
  localStorage.setItem('theme', 'light');
  const store = editorStore();
  store.dispatch(headerChanged({ title: 'Theme stays' }));
  jest.advanceTimersByTime(DRAFT_SAVE_DELAY_MS);
  expect(localStorage.getItem('theme')).toBe('light');
});

test.each([
  ['corrupt JSON', '{"version":1,"draft":'],
  ['another shape', '"hello"'],
  ['an unknown version', JSON.stringify({ version: 99, draft: sampleDraft() })],
])('a store built over %s starts from the sample draft', (_name, raw) => {
  localStorage.setItem(DRAFT_STORAGE_KEY, raw);
  expect(selectEditor(editorStore().getState())).toEqual({ ...sampleDraft(), accessToken: '' });
});

test("the header photo's alt text survives a reload; a draft saved before it existed has none", () => {
  const first = editorStore();
  first.dispatch(headerChanged({ imageAlt: 'Fans under the floodlights' }));
  jest.advanceTimersByTime(DRAFT_SAVE_DELAY_MS);
  expect(selectEditor(editorStore().getState()).header.imageAlt).toBe('Fans under the floodlights');

  const { imageAlt: _none, ...older } = sampleDraft().header;
  expect(parseDraft({ version: 1, draft: { ...sampleDraft(), header: older } })?.header.imageAlt).toBe('');
});

test('a partly damaged draft keeps what is readable and drops what is not', () => {
  const draft = parseDraft({
    version: 1,
    draft: {
      header: {
        title: 'Kept',
        icon: 42,
        sections: [
          { id: 's1', type: 'single-paragraph', title: 'Ok', list: [{ id: 'i1', text: 'one' }, 'two', 7] },
          { id: 's2', type: 'mystery' },
          { id: 's3', type: 'two-column', columns: [] },
        ],
      },
      products: [{ id: 'p1', title: 'Ball', price: 5 }, null],
      footer: 'nope',
    },
  });
  expect(draft?.header.title).toBe('Kept');
  expect(draft?.header.icon).toBe('');
  expect(draft?.header.sections).toHaveLength(1);
  expect((draft?.header.sections[0] as DraftSingleParagraphSection).list.map((entry) => entry.text)).toEqual([
    'one',
    'two',
  ]);
  expect(draft?.products).toEqual([
    { id: 'p1', title: 'Ball', description: '', price: '', imageUrl: '', amazonUrl: '' },
  ]);
  expect(draft?.footer).toEqual({ authorName: '', authorTitle: '', imageUrl: '' });
});

test('a preloaded editor state wins over the saved draft', () => {
  const store = editorStore();
  store.dispatch(headerChanged({ title: 'Saved' }));
  jest.advanceTimersByTime(DRAFT_SAVE_DELAY_MS);
  const preloaded = editorStore({ editor: { ...sampleDraft(), accessToken: '' } });
  expect(selectEditor(preloaded.getState()).header.title).toBe(sampleDraft().header.title);
});

test('discarding the draft saves a blank post over the old one', () => {
  const store = editorStore();
  store.dispatch(headerChanged({ title: 'Old idea' }));
  jest.advanceTimersByTime(DRAFT_SAVE_DELAY_MS);
  store.dispatch(draftReset());
  jest.advanceTimersByTime(DRAFT_SAVE_DELAY_MS);
  expect(selectEditor(editorStore().getState()).header).toEqual(blankDraft().header);
});

test("the admin's first keystroke is saved even when it is the first action since the editor slice arrived", () => {
  // The admin page can mount behind the session check with no action since the slice was injected: the store then
  // has no editor key yet, and the keystroke's action is the one that brings it. A store in that state:
  let state: { editor?: EditorState } = {};
  const listeners = new Set<() => void>();
  const store = {
    getState: () => state,
    subscribe: (listener: () => void) => (listeners.add(listener), () => listeners.delete(listener)),
  };
  ensureDraftPersisted(store);
  const sample = sampleDraft();
  state = { editor: { ...sample, header: { ...sample.header, title: 'Typed at once' }, accessToken: '' } };
  for (const listener of listeners) listener();
  jest.advanceTimersByTime(DRAFT_SAVE_DELAY_MS);
  expect(saved()).toContain('Typed at once');
});
