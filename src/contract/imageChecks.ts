// The checks an image upload must pass, and the server's words for each failure: the server says them when it refuses
// an upload, and the editor says the same the moment an image is chosen, so the writer learns of it at once.
import { LIMITS } from './limits';

/** The upload types the server takes (it reads the bytes; a browser's file type is only a first look). */
export const UPLOAD_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/avif'] as const;

export const UNSUPPORTED_IMAGE_MESSAGE = 'Unsupported image type: upload a PNG, JPEG, WebP, GIF or AVIF image';
export const IMAGE_TOO_LARGE_MESSAGE = `Image is too large (max ${LIMITS.uploadMaxBytes / 1_048_576} MB)`;
export const UNDECODABLE_IMAGE_MESSAGE = 'The image could not be decoded: it is damaged or not an image';
const MEGAPIXELS = `${Math.round(LIMITS.uploadMaxPixels / 1_000_000)} megapixels`;

export function tooManyPixelsMessage(width: number, height: number): string {
  return `Image has too many pixels (${width}×${height}; at most ${MEGAPIXELS})`;
}

/**
 * What is wrong with a file's type or size before it is read, or undefined when both pass. A file whose type the
 * system does not know ('') is left to the decoding that follows, as the server reads the bytes, not the name.
 */
export function imageFileProblem(file: { type: string; size: number }): string | undefined {
  if (file.type !== '' && !(UPLOAD_IMAGE_TYPES as readonly string[]).includes(file.type)) {
    return UNSUPPORTED_IMAGE_MESSAGE;
  }
  if (file.size > LIMITS.uploadMaxBytes) return IMAGE_TOO_LARGE_MESSAGE;
  return undefined;
}

/** What is wrong with an image's decoded size, or undefined when it fits. */
export function imageSizeProblem(width: number, height: number): string | undefined {
  return width * height > LIMITS.uploadMaxPixels ? tooManyPixelsMessage(width, height) : undefined;
}
