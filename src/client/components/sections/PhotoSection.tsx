// A photo inside the story: the header image's responsive <picture> in the reading column, lazy (it is below the
// header), sized from the upload's own width and height (or a fixed 16:9 box for an external image) so nothing
// moves when it arrives, with its caption and credit.
import type { ImageSection } from '../../../contract/types';
import type { ImageFacts } from '../../../contract/images';
import { IMAGE_BOXES } from '../../../contract/imageBoxes';
import { ResponsiveImage } from '../ResponsiveImage';
import { safeUrl } from '../safeUrl';
import styles from './Sections.module.scss';

export function PhotoSection({ section, facts }: { section: ImageSection; facts: ImageFacts | undefined }) {
  const src = safeUrl(section.image);
  if (!src) return null;
  // Shown at its own ratio, so the box is the photo's: srcset then needs no cover scaling.
  const box = facts ? { ...IMAGE_BOXES.hero, width: facts.width, height: facts.height } : IMAGE_BOXES.hero;
  return (
    <figure className={styles.figure}>
      <ResponsiveImage
        className={facts ? styles.photo : `${styles.photo} ${styles.external}`}
        src={src}
        alt={section.alt}
        box={box}
        facts={facts}
      />
      {(section.caption || section.credit) && (
        <figcaption className={styles.caption}>
          {section.caption}
          {section.caption && section.credit && ' · '}
          {section.credit && <span className={styles.credit}>{section.credit}</span>}
        </figcaption>
      )}
    </figure>
  );
}
