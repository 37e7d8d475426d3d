// What both sides know of an uploaded image: its upright size and the responsive variants the server serves of it,
// named by one URL rule, so the client builds srcset without asking. Plain TypeScript: every page chunk may use it.

export type ModernImageFormat = 'avif' | 'webp';

/** An uploaded image (/uploads/<sha256>.<ext>) as the server stored it, after orientation and metadata stripping. */
export type ImageFacts = {
  /** intrinsic size, upright (EXIF orientation applied) */
  width: number;
  height: number;
  /** widths with a variant, ascending, none above `width` */
  widths: number[];
  /** modern formats every width exists in, best first */
  formats: ModernImageFormat[];
  /** the format every width also exists in, for browsers without the modern ones */
  fallback: 'jpg' | 'png';
};

/** Facts of the uploaded images a post or summary shows, keyed by the exact URL the post stores. */
export type ImageMap = Record<string, ImageFacts>;

const UPLOAD = /^\/uploads\/([0-9a-f]{64})\.[a-z0-9]+$/;

/** /uploads/<hash>.<ext> → /uploads/<hash>-<width>.<format>; undefined for any other URL. */
export function variantUrl(url: string, width: number, format: ModernImageFormat | ImageFacts['fallback']) {
  const match = UPLOAD.exec(url);
  return match ? `/uploads/${match[1]}-${width}.${format}` : undefined;
}

/** A srcset of every width of one format: "/uploads/h-320.webp 320w, …". */
export function srcsetOf(url: string, facts: ImageFacts, format: ModernImageFormat | ImageFacts['fallback']): string {
  return facts.widths.map((width) => `${variantUrl(url, width, format)} ${width}w`).join(', ');
}
