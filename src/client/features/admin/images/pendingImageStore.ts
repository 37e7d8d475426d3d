// Chosen image files kept in IndexedDB through idb-keyval (IndexedDB stores a File as it is), so an image picked but
// not yet uploaded survives a reload or a closed tab like the rest of the draft. Every call fails soft: without
// IndexedDB (private modes, old browsers, jsdom) a pending image simply lives as long as the page.
import { createStore, del, delMany, get, set } from 'idb-keyval';
import type { UseStore } from 'idb-keyval';

// The database and store names the editor has always used, so files chosen before this change are still found.
const DB_NAME = 'touchline-editor';
const STORE = 'pendingImages';

let store: UseStore | null | undefined;

/** The store, opened on first use; null where IndexedDB is missing or refuses to open. */
function pendingStore(): UseStore | null {
  if (store === undefined) {
    try {
      store = typeof indexedDB === 'undefined' ? null : createStore(DB_NAME, STORE);
    } catch {
      store = null;
    }
  }
  return store;
}

async function softly<T>(run: (db: UseStore) => Promise<T>): Promise<T | undefined> {
  const db = pendingStore();
  if (db === null) return undefined;
  try {
    return await run(db);
  } catch {
    return undefined;
  }
}

/** Keeps the file chosen for a slot, or forgets it (null). */
export function storePendingFile(slot: string, file: File | null): Promise<unknown> {
  return softly((db) => (file ? set(slot, file, db) : del(slot, db)));
}

export async function loadPendingFile(slot: string): Promise<File | undefined> {
  const value = await softly((db) => get<unknown>(slot, db));
  return value instanceof File ? value : undefined;
}

/** Forgets the files of these slots (one draft's), leaving other drafts' files alone. */
export function clearPendingFiles(keys: string[]): Promise<unknown> {
  return softly((db) => delMany(keys, db));
}
