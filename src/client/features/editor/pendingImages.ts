// Image files chosen in the editor but not uploaded yet, with their local preview addresses. A File is not
// serializable, so it stays out of the Redux draft; this module outlives the page, so a chosen file survives
// route changes (not a reload: the draft then simply has no pending image).
import { useSyncExternalStore } from 'react';

export type ImageSlot = 'headerImage' | 'authorImage';

export type PendingImage = { file: File; previewUrl: string };

let pending: Partial<Record<ImageSlot, PendingImage>> = {};
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

export function setPendingImage(slot: ImageSlot, file: File | null): void {
  revoke(pending[slot]);
  const next = { ...pending };
  if (file) next[slot] = { file, previewUrl: previewUrlFor(file) };
  else delete next[slot];
  pending = next;
  emit();
}

export function getPendingImages(): Partial<Record<ImageSlot, PendingImage>> {
  return pending;
}

export function clearPendingImages(): void {
  for (const image of Object.values(pending)) revoke(image);
  pending = {};
  emit();
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
