// Image files chosen in the editor but not uploaded yet, with their local preview addresses. A File is not
// serializable, so it stays out of the Redux draft: this module outlives the page, so a chosen file survives route
// changes, and pendingImageStore keeps it in IndexedDB for a reload or a closed tab (restorePendingImages).
// Each draft has its own images: a scope ('' for the new post at /admin, 'edit:<id>:' for a post being edited)
// prefixes the slot, so editing a post never touches the images chosen for the new one.
import { useSyncExternalStore } from 'react';
import { clearPendingFiles, loadPendingFile, storePendingFile } from './pendingImageStore';

/** The header's, the author's, or a photo section's (`section:<section id>`). */
export type ImageSlot = 'headerImage' | 'authorImage' | `section:${string}`;

/** The slot of a photo section's image. */
export const sectionSlot = (sectionId: string): ImageSlot => `section:${sectionId}`;

export type PendingImage = { file: File; previewUrl: string };

const SLOTS: ImageSlot[] = ['headerImage', 'authorImage'];

/** The scope's pending photo-section keys (scope '' is the new post: its keys start with 'section:', not 'edit:'). */
const sectionKeysOf = (scope: string) => Object.keys(pending).filter((key) => key.startsWith(`${scope}section:`));

/** Keyed by scope + slot, e.g. 'headerImage' (the new post, as before scopes existed) or 'edit:7:headerImage'. */
let pending: Record<string, PendingImage> = {};
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

function put(key: string, file: File | null): void {
  revoke(pending[key]);
  const next = { ...pending };
  if (file) next[key] = { file, previewUrl: previewUrlFor(file) };
  else delete next[key];
  pending = next;
  emit();
}

const keysOf = (scope: string) => SLOTS.map((slot) => scope + slot);

export function setPendingImage(slot: ImageSlot, file: File | null, scope = ''): void {
  changes += 1;
  put(scope + slot, file);
  // A photo section's file lives for this page only: its slot is named by a section id the reload may not bring back.
  if ((SLOTS as string[]).includes(slot)) void storePendingFile(scope + slot, file);
}

/** Brings back the files chosen before a reload; a slot the admin has set or cleared since is left as it is. */
export async function restorePendingImages(scope = ''): Promise<void> {
  const since = changes;
  const keys = keysOf(scope);
  const files = await Promise.all(keys.map((key) => loadPendingFile(key)));
  if (changes !== since) return;
  keys.forEach((key, index) => {
    const file = files[index];
    if (file && !pending[key]) put(key, file);
  });
}

/** The scope's pending images by slot. */
export function getPendingImages(scope = ''): Partial<Record<ImageSlot, PendingImage>> {
  const images: Partial<Record<ImageSlot, PendingImage>> = {};
  for (const slot of SLOTS) if (pending[scope + slot]) images[slot] = pending[scope + slot];
  for (const key of sectionKeysOf(scope)) images[key.slice(scope.length) as ImageSlot] = pending[key];
  return images;
}

/** Forgets the scope's pending images (the new post's by default); other drafts keep theirs. */
export function clearPendingImages(scope = ''): void {
  changes += 1;
  const keys = keysOf(scope);
  const next = { ...pending };
  for (const key of [...keys, ...sectionKeysOf(scope)]) {
    revoke(next[key]);
    delete next[key];
  }
  pending = next;
  emit();
  void clearPendingFiles(keys);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function usePendingImage(slot: ImageSlot, scope = ''): PendingImage | undefined {
  return useSyncExternalStore(subscribe, () => pending[scope + slot]);
}
