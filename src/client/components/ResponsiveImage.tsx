// Every picture of a post goes through here. An upload the server has facts for becomes a <picture>: a source per
// modern format and srcset/sizes fitted to its CSS box, so a phone downloads a small file and a desktop a sharp one,
// with the intrinsic width/height so nothing moves when it arrives. Anything else (an external http(s) image, an
// upload without facts) is a plain <img> whose box has a fixed aspect ratio in the stylesheet: it never shifts the
// layout either, and the server never fetches it.
import { imageSet } from '../../contract/imageBoxes';
import type { ImageBox } from '../../contract/imageBoxes';
import type { ImageFacts } from '../../contract/images';

export type ResponsiveImageProps = {
  /** a URL that passed safeUrl */
  src: string;
  alt: string;
  box: ImageBox;
  facts?: ImageFacts;
  className?: string;
  /** the page's largest paint: fetched at once with high priority; every other image loads lazily */
  priority?: boolean;
};

export function ResponsiveImage({ src, alt, box, facts, className, priority }: ResponsiveImageProps) {
  const set = facts && imageSet(src, facts, box);
  const image = (
    <img
      className={className}
      // srcset and sizes before src: the browser must not start on src before it knows the candidates.
      srcSet={set?.srcset}
      sizes={set?.sizes}
      // Only a browser without srcset reads src (with w descriptors it is no candidate): the cleaned original.
      src={src}
      alt={alt}
      width={facts?.width ?? box.width}
      height={facts?.height ?? box.height}
      loading={priority ? undefined : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
    />
  );
  if (!set) return image;
  return (
    <picture>
      {set.sources.map(({ type, srcset }) => (
        <source key={type} type={type} srcSet={srcset} sizes={set.sizes} />
      ))}
      {image}
    </picture>
  );
}
