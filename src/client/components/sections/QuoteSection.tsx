// A pull quote: the speaker's words (with their inline marks) and who said them.
import type { QuoteSection as Quote } from '../../../contract/types';
import type { TextFormat } from '../../../contract/marks';
import { RichText } from '../RichText';
// The article's stylesheet holds these sections' rules (sections/_sections.scss), so the server-rendered page has
// them from the first paint, before (or without) this code.
import styles from '../Article.module.scss';

export function QuoteSection({ section, format }: { section: Quote; format: TextFormat | undefined }) {
  return (
    <figure className={styles.quote}>
      <blockquote>
        <RichText text={section.text} format={format} />
      </blockquote>
      {section.cite && (
        <figcaption>
          <cite>{section.cite}</cite>
        </figcaption>
      )}
    </figure>
  );
}
