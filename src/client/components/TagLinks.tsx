// What story lists show about a story beside its title: its tags as links to their pages (/tag/{slug}; lists show the
// primary tag only, PrimaryTag) and its byline, the author's name linking their page (Byline). One module, so the pages that show them share one small chunk.
import { Link } from './Link';
import type { BlogSummary, TagRef } from '../../contract/types';
import { pathTo } from '../../contract/routes';
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

/**
 * byline() as a paragraph whose author's name links their page (/author/{slug}) when an account wrote the story;
 * nothing when there is neither name nor date.
 */
export function Byline({
  post,
  className,
}: {
  post: Pick<BlogSummary, 'authorName' | 'authorSlug' | 'publishDate'>;
  className?: string;
}) {
  const { authorName, authorSlug, publishDate } = post;
  if (!authorName || !authorSlug) {
    const text = byline(post);
    return text ? <p className={className}>{text}</p> : null;
  }
  return (
    <p className={className}>
      By{' '}
      <Link to={pathTo('author', { slug: authorSlug })} className={styles.author}>
        {authorName}
      </Link>
      {publishDate && ` on ${publishDate}`}
    </p>
  );
}
