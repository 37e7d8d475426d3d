// The CSS boxes uploaded images are shown in, as `sizes` lists, and the srcset/sizes an image gets in one of them.
// Shared because the server's hero preload (routeHints.ts) must name exactly the file the page's <picture> picks:
// same srcset, same sizes, same format. Each list mirrors a stylesheet; change both together.
import { srcsetOf, variantUrl } from './images';
import type { ImageFacts } from './images';

export type ImageBox = {
  /**
   * The `sizes` of the box: the width it has at each viewport width, written like the stylesheet's (first matching
   * media condition wins, the last entry has none).
   */
  sizes: string;
  /**
   * width and height attributes for an image without facts (external, or an upload the server knows nothing of); their
   * ratio is the box's CSS aspect-ratio, which object-fit: cover fills
   */
  width: number;
  height: number;
};

// Boxes only one page uses live with it (BlogListPage's thumbnail, the editor's previews).
// Layout.module.scss .main: at most 72rem with 1rem padding; Article.module.scss .article: at most 46rem. The reading
// column is therefore min(100vw - 2rem, 46rem), 46rem from a 48rem viewport on.
export const IMAGE_BOXES = {
  /** Article .hero: the reading column, 16:9. */
  hero: { sizes: '(min-width: 48rem) 46rem, calc(100vw - 2rem)', width: 1200, height: 675 },
  /**
   * ProductCard .grid: repeat(auto-fill, minmax(15rem, 1fr)) with a 1rem gap in the reading column: one column below
   * a 33rem viewport (the column is under 31rem), two above ((46rem - 1rem) / 2 = 22.5rem at the widest); 4:3.
   */
  product: {
    sizes: '(min-width: 48rem) 22.5rem, (min-width: 33rem) calc(50vw - 1.5rem), calc(100vw - 2rem)',
    width: 480,
    height: 360,
  },
  /** Article .authorImage: a 4rem circle. */
  author: { sizes: '4rem', width: 64, height: 64 },
} satisfies Record<string, ImageBox>;

export type ImageSet = {
  sizes: string;
  /** one <source> per modern format, best first */
  sources: { type: string; srcset: string }[];
  /** the fallback format's srcset, for the <img> */
  srcset: string;
};

/**
 * The srcset and sizes of an uploaded image in a box; undefined when it has no variants. object-fit: cover scales an
 * image wider than its box by height, so its displayed width is the box's times (image ratio / box ratio): sizes says
 * so, or the browser would pick a file too narrow to be sharp.
 */
export function imageSet(url: string, facts: ImageFacts, box: ImageBox): ImageSet | undefined {
  if (!facts.widths.length || !variantUrl(url, 1, facts.fallback)) return undefined;
  const scale = Math.round(((facts.width * box.height) / facts.height / box.width) * 100) / 100;
  return {
    sizes:
      scale > 1
        ? box.sizes
            .split(', ')
            .map((entry) => {
              // "(media) width" or "width": the width follows the media condition's last ") ".
              const at = entry.lastIndexOf(') ') + 1;
              return `${entry.slice(0, at)} calc(${entry.slice(at).trim()} * ${scale})`.trim();
            })
            .join(', ')
        : box.sizes,
    sources: facts.formats.map((format) => ({ type: `image/${format}`, srcset: srcsetOf(url, facts, format) })),
    srcset: srcsetOf(url, facts, facts.fallback),
  };
}
