// A story list's byline with the author's name linking their page. Its own module, apart from TagLinks (which every
// story page shares): a post page, live or not, never loads it.
import { Link } from './Link';
import type { BlogSummary } from '../../contract/types';
import { pathTo } from '../../contract/routes';
import { byline } from './TagLinks';
import styles from './TagLinks.module.scss';

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
