// A pull quote: the speaker's words (with their inline marks) and who said them.
import type { QuoteSection as Quote } from '../../../contract/types';
import type { TextFormat } from '../../../contract/marks';
import { RichText } from '../RichText';
import styles from './Sections.module.scss';

export function QuoteSection({ section, format }: { section: Quote; format: TextFormat | undefined }) {
  return (
    <figure className={styles.quote}>
      <blockquote className={styles.quoteText}>
        <p>
          <RichText text={section.text} format={format} />
        </p>
      </blockquote>
      {section.cite && (
        <figcaption className={styles.cite}>
          <cite>{section.cite}</cite>
        </figcaption>
      )}
    </figure>
  );
}
