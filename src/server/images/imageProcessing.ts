// Every use of sharp (libvips): decoding an upload, cleaning it (upright, sRGB, no metadata) and encoding variants.
// Pure functions of bytes; scheduling and storage are imageService.ts's.
import { availableParallelism } from 'node:os';
import sharp from 'sharp';
import type { Sharp } from 'sharp';
import type { ImageFacts, ModernImageFormat } from '../../contract/images';
import { LIMITS } from '../../contract/limits';

// libvips threads per image. Together with the one-job queue in imageService.ts, encoding takes at most half the
// cores, so a burst of uploads leaves the other half to the event loop answering readers.
sharp.concurrency(Math.max(1, Math.floor(availableParallelism() / 2)));
// libvips' operation cache keeps decoded images around for reuse; every upload is decoded once, so it would only
// hold memory.
sharp.cache(false);

/**
 * Variant widths: the post header's widest box at DPR 2 (~1920), the product cards, and down to the 64 px author
 * avatar (64 at DPR 1, 128 at DPR 2). 800 is for the common phone: a 360 to 412 px wide screen at DPR 1.75 to 2 shows
 * the header and a product card 328 to 380 px wide, 575 to 760 device pixels, which 960 overshot by up to 1.7 times
 * the pixels (the header of the Lighthouse photo post: 142 KB at 960, 99 KB at 800).
 */
export const LADDER = [64, 128, 320, 640, 800, 960, 1280, 1920] as const;

/**
 * Modern formats made for every width, best first. AVIF only, at low effort (the encoder settings below), measured on
 * the textured 4000×3000 and 2000×2000 photos that `npm run lighthouse` uploads: against WebP at quality 75 it is 27 to
 * 41 % fewer bytes at the same PSNR (800 px: 84 KB against 125 KB, both 28.5 dB; 1920 px: 409 KB against 691 KB) for
 * about 4 times the encoding time (800 px: 0.35 s against 0.09 s on one core). A variant is encoded once and read
 * by every visitor, so the readers' bytes win. Every browser that shows <picture> sources and lacks AVIF (Safari
 * before 16.4) gets the JPEG or PNG fallback, which mozjpeg keeps within about 15 % of WebP's bytes on these photos.
 * Uploads processed earlier keep the formats their facts list (WebP), so their URLs never change.
 */
export const MODERN_FORMATS: readonly ModernImageFormat[] = ['avif'];

export type VariantFormat = ModernImageFormat | ImageFacts['fallback'];

export const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
};

/** Why an upload cannot be used; the route turns each into its 4xx. */
export class ImageRejected extends Error {
  constructor(
    readonly reason: 'undecodable' | 'too-many-pixels',
    message: string,
  ) {
    super(message);
    this.name = 'ImageRejected';
  }
}

/** Widths with a variant for an image `width` pixels wide: the ladder below it, and its own width up to the top. */
export function widthsFor(width: number): number[] {
  const below = LADDER.filter((w) => w < width);
  const top = LADDER[LADDER.length - 1];
  return width <= top ? [...below, width] : [...below];
}

type InputOptions = { lenient?: boolean };

/**
 * A decoder for untrusted bytes. limitInputPixels is checked against the header before any pixel is decoded, so a
 * decompression bomb costs nothing; failOn 'warning' refuses truncated and corrupt data (sharp's default, explicit
 * here). `lenient` ('none') salvages what browsers would show of uploads stored before processing existed.
 */
function decoder(bytes: Buffer, { lenient = false }: InputOptions = {}): Sharp {
  return sharp(bytes, {
    limitInputPixels: LIMITS.uploadMaxPixels,
    failOn: lenient ? 'none' : 'warning',
    autoOrient: true,
  });
}

const MEGAPIXELS = `${Math.round(LIMITS.uploadMaxPixels / 1_000_000)} megapixels`;

/** Header facts only (no pixel decoded): upright size and alpha. Throws ImageRejected. */
export async function probe(bytes: Buffer): Promise<{ width: number; height: number; hasAlpha: boolean }> {
  let meta: sharp.Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRejected('undecodable', 'The image could not be decoded: it is damaged or not an image');
  }
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  if (!(width > 0 && height > 0)) {
    throw new ImageRejected('undecodable', 'The image could not be decoded: it is damaged or not an image');
  }
  if (width * height > LIMITS.uploadMaxPixels) {
    throw new ImageRejected('too-many-pixels', `Image has too many pixels (${width}×${height}; at most ${MEGAPIXELS})`);
  }
  return { width, height, hasAlpha: meta.hasAlpha === true };
}

function encode(pipeline: Sharp, format: string): Sharp {
  switch (format) {
    case 'webp':
      return pipeline.webp({ quality: 75, effort: 4 });
    case 'avif':
      return pipeline.avif({ quality: 50, effort: 2 });
    case 'png':
      return pipeline.png({ compressionLevel: 9, adaptiveFiltering: true });
    case 'gif':
      return pipeline.gif();
    default:
      return pipeline.jpeg({ quality: 80, mozjpeg: true });
  }
}

async function run<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ImageRejected) throw error;
    const message = error instanceof Error ? error.message : '';
    if (/pixel limit/i.test(message)) {
      throw new ImageRejected('too-many-pixels', `Image has too many pixels (at most ${MEGAPIXELS})`);
    }
    throw new ImageRejected('undecodable', 'The image could not be decoded: it is damaged or not an image');
  }
}

/**
 * The image as every URL serves it: fully decoded (so a truncated file is refused here), upright, converted to sRGB,
 * re-encoded in its own format with no EXIF, XMP, IPTC or ICC profile (sharp strips them unless asked to keep them).
 * Animated GIF and WebP keep their first frame only.
 */
export async function cleanImage(bytes: Buffer, ext: string, options: InputOptions = {}): Promise<CleanedImage> {
  return run(async () => {
    const pipeline = decoder(bytes, options).toColourspace('srgb');
    const cleaned =
      ext === 'jpg'
        ? pipeline.jpeg({ quality: 90 })
        : ext === 'png'
          ? pipeline.png()
          : ext === 'webp'
            ? pipeline.webp({ quality: 90 })
            : ext === 'avif'
              ? pipeline.avif({ quality: 60, effort: 2 })
              : pipeline.gif();
    const { data, info } = await cleaned.toBuffer({ resolveWithObject: true });
    // GIF (and many PNGs) decode with an alpha channel that is opaque everywhere: those get a JPEG fallback.
    const alphaChannel = info.channels === 4 || info.channels === 2;
    const hasAlpha = alphaChannel && !(await sharp(data).stats()).isOpaque;
    return { data, width: info.width, height: info.height, hasAlpha };
  });
}

export type CleanedImage = { data: Buffer; width: number; height: number; hasAlpha: boolean };

/** One variant, never wider than the source (withoutEnlargement), from uploaded or cleaned bytes. */
export async function encodeVariant(
  source: Buffer,
  width: number,
  format: VariantFormat,
  options: InputOptions = {},
): Promise<Buffer> {
  return run(() =>
    encode(
      decoder(source, options).toColourspace('srgb').resize({ width, withoutEnlargement: true }),
      format,
    ).toBuffer(),
  );
}

export type ProcessedImage = {
  cleaned: Buffer;
  facts: ImageFacts;
  variants: { width: number; format: VariantFormat; data: Buffer }[];
};

/** Clean an upload and make every variant of it. Throws ImageRejected for bytes that cannot become an image. */
export function processImage(bytes: Buffer, ext: string, options: InputOptions = {}): Promise<ProcessedImage> {
  return run(() => makeVariants(bytes, ext, options));
}

async function makeVariants(bytes: Buffer, ext: string, options: InputOptions): Promise<ProcessedImage> {
  await probe(bytes);
  const cleaned = await cleanImage(bytes, ext, options);
  const fallback: ImageFacts['fallback'] = cleaned.hasAlpha ? 'png' : 'jpg';
  const facts: ImageFacts = {
    width: cleaned.width,
    height: cleaned.height,
    widths: widthsFor(cleaned.width),
    formats: [...MODERN_FORMATS],
    fallback,
  };
  // Decoded once, at the widest variant, and every variant resized from those pixels: half the time of decoding the
  // photo again for each of the 14 (bench:images). From the cleaned image, already known to be whole and upright.
  const top = Math.max(...facts.widths);
  let base = sharp(cleaned.data).resize({ width: top });
  if (!cleaned.hasAlpha) base = base.removeAlpha();
  const { data: pixels, info } = await base.raw().toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  const variants: ProcessedImage['variants'] = [];
  for (const width of facts.widths) {
    for (const format of [...facts.formats, fallback]) {
      const data = await encode(sharp(pixels, { raw }).resize({ width, withoutEnlargement: true }), format).toBuffer();
      variants.push({ width, format, data });
    }
  }
  return { cleaned: cleaned.data, facts, variants };
}
