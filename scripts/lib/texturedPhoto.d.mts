// Types for texturedPhoto.mjs, which the Playwright suite (TypeScript) imports as well as the Lighthouse script.
export function texturedPhotoJpeg(
  width: number,
  height: number,
  options?: { seed?: number; quality?: number },
): Promise<Buffer>;
