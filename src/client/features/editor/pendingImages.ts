// Image files chosen in the editor but not uploaded yet, with their local preview addresses. A File is not
// serializable, so it stays out of the Redux draft: this module outlives the page, so a chosen file survives route
// changes, and pendingImageStore keeps it in IndexedDB for a reload or a closed tab (restorePendingImages).
import { useSyncExternalStore } from 'react';
import { clearPendingFiles, loadPendingFile, storePendingFile } from './pendingImageStore';

export type ImageSlot = 'headerImage' | 'authorImage';

export type PendingImage = { file: File; previewUrl: string };

const SLOTS: ImageSlot[] = ['headerImage', 'authorImage'];

let pending: Partial<Record<ImageSlot, PendingImage>> = {};
/** Bumped by every change, so a restore that finishes after the admin chose or removed a file leaves it be. */
let changes = 0;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

function revoke(image: PendingImage | undefined) {
  if (image?.previewUrl.startsWith('blob:')) URL.revokeObjectURL(image.previewUrl);
}

/** A local address for showing the file before it is uploaded ('' where the browser cannot make one). */
function previewUrlFor(file: File): string {
  try {
    return URL.createObjectURL(file);
  } catch {
    return '';
  }
}

function put(slot: ImageSlot, file: File | null): void {
  revoke(pending[slot]);
  const next = { ...pending };
  if (file) next[slot] = { file, previewUrl: previewUrlFor(file) };
  else delete next[slot];
  pending = next;
  emit();
}

export function setPendingImage(slot: ImageSlot, file: File | null): void {
  changes += 1;
  put(slot, file);
  void storePendingFile(slot, file);
}

/** Brings back the files chosen before a reload; a slot the admin has set or cleared since is left as it is. */
export async function restorePendingImages(): Promise<void> {
  const since = changes;
  const files = await Promise.all(SLOTS.map((slot) => loadPendingFile(slot)));
  if (changes !== since) return;
  SLOTS.forEach((slot, index) => {
    const file = files[index];
    if (file && !pending[slot]) put(slot, file);
  });
}

export function getPendingImages(): Partial<Record<ImageSlot, PendingImage>> {
  return pending;
}

export function clearPendingImages(): void {
  changes += 1;
  for (const image of Object.values(pending)) revoke(image);
  pending = {};
  emit();
  void clearPendingFiles();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function usePendingImage(slot: ImageSlot): PendingImage | undefined {
  return useSyncExternalStore(subscribe, () => pending[slot]);
}
