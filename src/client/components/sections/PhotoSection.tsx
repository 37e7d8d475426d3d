// A photo inside the story: the header image's responsive <picture> in the reading column, lazy (it is below the
// header), sized from the upload's own width and height (or a fixed 16:9 box for an external image) so nothing
// moves when it arrives, with its caption and credit.
import type { ImageSection } from '../../../contract/types';
import type { ImageFacts } from '../../../contract/images';
import { IMAGE_BOXES } from '../../../contract/imageBoxes';
import { ResponsiveImage } from '../ResponsiveImage';
import { safeUrl } from '../safeUrl';
// The article's stylesheet holds these sections' rules (sections/_sections.scss), so the server-rendered page has
// them from the first paint, before (or without) this code.
import styles from '../Article.module.scss';

export function PhotoSection({ section, facts }: { section: ImageSection; facts: ImageFacts | undefined }) {
  const src = safeUrl(section.image);
  if (!src) return null;
  const { caption, credit } = section;
  return (
    <figure className={styles.figure}>
      <ResponsiveImage
        className={styles.photo}
        src={src}
        alt={section.alt}
        // Shown at its own ratio, so the box is the photo's: srcset then needs no cover scaling.
        box={facts ? { ...IMAGE_BOXES.hero, width: facts.width, height: facts.height } : IMAGE_BOXES.hero}
        facts={facts}
      />
      {(caption || credit) && (
        <figcaption>{caption && credit ? `${caption} · ${credit}` : caption || credit}</figcaption>
      )}
    </figure>
  );
}
