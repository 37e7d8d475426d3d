// Facts of the images this editor has uploaded (the upload answer's `image`), so the previews of an uploaded header or
// author image, and of products showing one, get the same srcset as the published post instead of the full-size file.
// Kept for the page's lifetime only: after a reload a preview falls back to the plain URL in its fixed box.
import type { ImageFacts, ImageMap } from '../../../../contract/images';

const known: ImageMap = {};

/** Records facts the server gave for uploaded images (an upload answer, or a loaded post's `images`). */
export function rememberImages(images: ImageMap | undefined): void {
  Object.assign(known, images);
}

export function uploadedImageFacts(url: string | undefined): ImageFacts | undefined {
  return url ? known[url] : undefined;
}

/** Every known fact, for a product grid preview. */
export function uploadedImages(): ImageMap {
  return known;
}
