// The live coverage reads and the pure rules by which an update reaches a page: the reader's page and the writer's
// desk both keep a post's entries in one RTK Query cache entry and apply the stream's events to it through these.
import { blogApi } from '../../api/blogApi';
import type { EntriesAnswer, LiveCoverage, LiveEntry } from '../../../contract/live';

/** One page of a post's entries: the newest (before null) or the one after `before`. */
export type EntriesArg = { id: string; before: number | null };

export const entriesPath = (id: string, query = '') => `blogs/${encodeURIComponent(id)}/entries${query}`;

export const liveApi = blogApi.injectEndpoints({
  endpoints: (build) => ({
    getEntries: build.query<EntriesAnswer, EntriesArg>({
      query: ({ id, before }) => entriesPath(id, before ? `?before=${before}` : ''),
    }),
  }),
});

/** Puts an entry, new or edited, in its place (newest first by id; an edit keeps its place) and keeps one pinned. */
export function placeEntry(answer: EntriesAnswer, entry: LiveEntry): void {
  const at = answer.entries.findIndex((shown) => shown.id === entry.id);
  if (at >= 0) answer.entries[at] = entry;
  else {
    const before = answer.entries.findIndex((shown) => shown.id < entry.id);
    answer.entries.splice(before < 0 ? answer.entries.length : before, 0, entry);
  }
  if (entry.pinned) {
    answer.pinned = entry;
    for (const shown of answer.entries) if (shown.id !== entry.id && shown.pinned) shown.pinned = false;
  } else if (answer.pinned?.id === entry.id) answer.pinned = null;
}

/** Removes an entry (and its pin). */
export function dropEntry(answer: EntriesAnswer, id: number): void {
  answer.entries = answer.entries.filter((shown) => shown.id !== id);
  if (answer.pinned?.id === id) answer.pinned = null;
}

export function setCoverage(answer: EntriesAnswer, live: LiveCoverage | null): void {
  answer.live = live;
}

/**
 * Where an arriving entry goes: an edit of a shown entry, or any entry while the reader is at the top with nothing
 * waiting, is placed at once; otherwise it waits (replacing a waiting copy of itself) behind the "new updates" button.
 */
export function arrive(
  shownIds: ReadonlySet<number>,
  waiting: readonly LiveEntry[],
  entry: LiveEntry,
  atTop: boolean,
): { place: LiveEntry[]; waiting: LiveEntry[] } {
  if (shownIds.has(entry.id)) return { place: [entry], waiting: [...waiting] };
  const others = waiting.filter((held) => held.id !== entry.id);
  if (atTop) return { place: [...others, entry], waiting: [] };
  return { place: [], waiting: [...others, entry] };
}

/** The waiting-count button's text. */
export const waitingText = (count: number) => (count === 1 ? '1 new update' : `${count} new updates`);

/** The tab title while `count` updates wait: "({N}) " before the page's own title. */
export function titleWithCount(title: string, count: number): string {
  const bare = title.replace(/^\(\d+\) /, '');
  return count > 0 ? `(${count}) ${bare}` : bare;
}

/** The newest entry id a page knows (shown or waiting): polling asks for those after it. */
export function newestId(answer: EntriesAnswer | undefined, waiting: readonly LiveEntry[]): number {
  let newest = 0;
  for (const entry of [...(answer?.entries ?? []), ...waiting]) newest = Math.max(newest, entry.id);
  return newest;
}
