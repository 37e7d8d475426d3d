// What readers see of a live post's entries, drawn once for the reader's page and the writer's desk: an entry (its
// time, author and body) and the key events.
import { createContext, startTransition, useContext, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import type { LiveEntry } from '../../../contract/live';
import type { TextFormat } from '../../../contract/marks';
import { treeText } from '../../../contract/markText';
import { MarkTreesContext } from '../markTrees';
import { useHydrated } from '../../app/useHydrated';
import { RichText } from '../RichText';
import styles from './Live.module.scss';

// One formatter for every entry's time: making one per call (toLocaleTimeString) costs the page's main thread.
let localTime: Intl.DateTimeFormat | undefined;

/** Whether the entries' times are the reader's local time (else the UTC time the server wrote). */
const LocalTimes = createContext(true);

/**
 * Holds the entries' times as the server wrote them (UTC) while its markup hydrates, then shows the reader's local
 * time. The switch waits for public/clock-worker.js: a page's first date formatter costs 30 to 70 ms of ICU start-up
 * in Chromium (once per process, so the worker's pays for the page's), and it renders in a transition, in slices
 * that yield, where each time's own useHydrated() would re-render them all in one urgent task after hydration.
 */
export function LocalTimesAfterHydration({ children }: { children: ReactNode }) {
  // Only this component re-renders when useHydrated turns true: its children are the same elements.
  const [local, setLocal] = useState(useHydrated());
  useEffect(() => {
    if (local) return;
    const show = () => startTransition(() => setLocal(true));
    try {
      const worker = new Worker('/clock-worker.js');
      worker.onmessage = worker.onerror = show;
    } catch {
      show();
    }
  }, [local]);
  return <LocalTimes value={local}>{children}</LocalTimes>;
}

/**
 * An entry's time: the server (and hydration) writes the UTC time, the same on every render; after hydration the
 * reader's own local time replaces it, so there is no mismatch.
 */
export function EntryTime({ iso }: { iso: string }) {
  const local = useContext(LocalTimes);
  const date = new Date(iso);
  const text = Number.isNaN(date.getTime())
    ? iso
    : local
      ? (localTime ??= new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' })).format(date)
      : `${iso.slice(11, 16)} UTC`;
  return <time dateTime={iso}>{text}</time>;
}

type EntryViewProps = {
  entry: LiveEntry;
  format: TextFormat | undefined;
  /** false for the pinned copy at the top: the list's article holds the id */
  anchor?: boolean;
  label?: string;
  /** the desk's Edit and Delete */
  actions?: ReactNode;
  children?: ReactNode;
};

export function EntryView({ entry, format, anchor = true, label, actions, children }: EntryViewProps) {
  const at = `entry-${entry.id}`;
  // An entry of the list can take focus (the "new updates" button moves it there), named by itself: its time, author
  // and text are read out.
  return (
    <article
      id={anchor ? at : undefined}
      tabIndex={anchor ? -1 : undefined}
      aria-labelledby={anchor ? at : undefined}
      className={styles.entry}
    >
      <p className={styles.entryMeta}>
        {label && <span className={styles.pinnedLabel}>{label}</span>}
        {entry.key && <span className={styles.keyLabel}>Key event</span>}
        <EntryTime iso={entry.createdAt} />
        <span>{entry.author.name}</span>
      </p>
      {children ?? (
        <p className={styles.body}>
          <RichText text={entry.body} format={format} />
        </p>
      )}
      {actions}
    </article>
  );
}

/** At most `max` characters of `text`, cut at a word boundary with an ellipsis (mid-word only for one word longer than that). */
export function clipWords(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > 0 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?–—-]+$/, '')}…`;
}

/**
 * A key event's words for its link (a link holds no link): the text with its marks removed, from the tree the page
 * embeds (the server's lookup parses and embeds it), or as typed while no tree is known.
 */
function KeyEventText({ text, format }: { text: string; format: TextFormat | undefined }) {
  const lookup = useContext(MarkTreesContext);
  const tree = format === 'marks' ? lookup(text) : undefined;
  return <>{clipWords(tree ? treeText(tree) : text, 80)}</>;
}

/** The key events, each a link to its entry. */
export function KeyEvents({ entries, format }: { entries: readonly LiveEntry[]; format: TextFormat | undefined }) {
  const keys = entries.filter((entry) => entry.key);
  if (!keys.length) return null;
  return (
    <nav aria-labelledby="key-events" className={styles.keyEvents}>
      <h2 id="key-events">Key events</h2>
      <ul>
        {keys.map((entry) => (
          <li key={entry.id}>
            <a href={`#entry-${entry.id}`}>
              <EntryTime iso={entry.createdAt} /> <KeyEventText text={entry.body} format={format} />
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
