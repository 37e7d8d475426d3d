// What story lists show about a story beside its title: its tags as links to their pages (/tag/{slug}; lists show the
// primary tag only, PrimaryTag) and its byline. One module, so the pages that show them share one small chunk.
import { Link } from './Link';
import type { TagRef } from '../../contract/types';
import { paths } from '../app/paths';
import styles from './TagLinks.module.scss';

export function TagLinks({ tags }: { tags: readonly TagRef[] | undefined }) {
  if (!tags?.length) return null;
  return (
    <ul className={styles.tags} aria-label="Tags">
      {tags.map((tag) => (
        <li key={tag.slug}>
          <Link to={paths.tag(tag.slug)} className={styles.tag}>
            {tag.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * A story list's item shows its primary tag alone: one link in a paragraph, not a list, so the story list's own items
 * stay the only list items on the page.
 */
export function PrimaryTag({ tag }: { tag: TagRef | undefined }) {
  if (tag === undefined) return null;
  return (
    <p className={styles.tags}>
      <Link to={paths.tag(tag.slug)} className={styles.tag}>
        {tag.name}
      </Link>
    </p>
  );
}

/** The list's 'By {author name} on {publish date}'; a post missing one of them does not read 'By  on'. */
export function byline({ authorName, publishDate }: { authorName: string; publishDate: string }): string {
  if (authorName && publishDate) return `By ${authorName} on ${publishDate}`;
  if (authorName) return `By ${authorName}`;
  return publishDate ? `Published ${publishDate}` : '';
}
