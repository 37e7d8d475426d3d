// Chosen image files kept in IndexedDB (which stores a File as it is), so an image picked but not yet uploaded
// survives a reload or a closed tab like the rest of the draft. Every call fails soft: without IndexedDB (private
// modes, old browsers, jsdom) a pending image simply lives as long as the page.
const DB_NAME = 'touchline-editor';
const STORE = 'pendingImages';

let opening: Promise<IDBDatabase | undefined> | undefined;

function openDb(): Promise<IDBDatabase | undefined> {
  opening ??= new Promise((resolve) => {
    try {
      if (typeof indexedDB === 'undefined') return resolve(undefined);
      const request = indexedDB.open(DB_NAME, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(undefined);
      request.onblocked = () => resolve(undefined);
    } catch {
      resolve(undefined);
    }
  });
  return opening;
}

async function run(mode: IDBTransactionMode, makeRequest: (store: IDBObjectStore) => IDBRequest): Promise<unknown> {
  const db = await openDb();
  if (db === undefined) return undefined;
  return new Promise((resolve) => {
    try {
      const request = makeRequest(db.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(undefined);
    } catch {
      resolve(undefined);
    }
  });
}

/** Keeps the file chosen for a slot, or forgets it (null). */
export function storePendingFile(slot: string, file: File | null): Promise<unknown> {
  return run('readwrite', (store) => (file ? store.put(file, slot) : store.delete(slot)));
}

export async function loadPendingFile(slot: string): Promise<File | undefined> {
  const value = await run('readonly', (store) => store.get(slot));
  return value instanceof File ? value : undefined;
}

/** Forgets the files of these slots (one draft's), leaving other drafts' files alone. */
export function clearPendingFiles(keys: string[]): Promise<unknown> {
  return Promise.all(keys.map((key) => run('readwrite', (store) => store.delete(key))));
}
