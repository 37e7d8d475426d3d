// /blog (SPEC 2): 'Latest Sports Stories', newest first, with 'Load more' while the API has a next page.
// A failed fetch is logged and leaves the list empty (SPEC 8); the empty state offers a retry.
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useGetBlogsInfiniteQuery } from '../../api/queryHooks';
import { paths } from '../../app/paths';
import type { BlogSummary } from '../../../contract/types';
import { safeUrl } from '../../components/safeUrl';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import styles from './BlogListPage.module.scss';

function PostListItem({ post }: { post: BlogSummary }) {
  const image = safeUrl(post.imageUrl);
  return (
    <article className={styles.item}>
      {image && (
        <img className={styles.thumb} src={image} alt="" width={160} height={90} loading="lazy" decoding="async" />
      )}
      <div className={styles.text}>
        <h2 className={styles.title}>
          <Link to={paths.post(post.id)} className={styles.link}>
            {post.title}
          </Link>
        </h2>
        <p className={styles.byline}>{`By ${post.authorName} on ${post.publishDate}`}</p>
        {post.readTime && <p className={styles.readTime}>{post.readTime}</p>}
      </div>
    </article>
  );
}

export function BlogListPage() {
  useDocumentTitle('Blog');
  const { data, error, isError, isLoading, isFetching, hasNextPage, fetchNextPage, isFetchingNextPage, refetch } =
    useGetBlogsInfiniteQuery();

  useEffect(() => {
    if (isError) console.error('Failed to fetch blog posts', error);
  }, [isError, error]);

  const posts = data?.pages.flatMap((page) => page.posts) ?? [];

  return (
    <section aria-labelledby="blog-title" className={styles.page}>
      <h1 id="blog-title" className={styles.heading}>
        Latest Sports Stories
      </h1>
      {isLoading || (isFetching && posts.length === 0) ? (
        <p className="status" role="status">
          Loading posts...
        </p>
      ) : posts.length === 0 ? (
        <div className={styles.empty}>
          <p>{isError ? 'The stories could not be loaded right now.' : 'No stories yet. Check back soon.'}</p>
          {isError && (
            <button type="button" className="button button-secondary" onClick={() => refetch()}>
              Try again
            </button>
          )}
        </div>
      ) : (
        <>
          <ul className={styles.list}>
            {posts.map((post) => (
              <li key={post.id}>
                <PostListItem post={post} />
              </li>
            ))}
          </ul>
          {hasNextPage && (
            <p className={styles.more}>
              <button
                type="button"
                className="button button-secondary"
                onClick={() => fetchNextPage()}
                disabled={isFetchingNextPage}
              >
                {isFetchingNextPage ? 'Loading more...' : 'Load more'}
              </button>
            </p>
          )}
        </>
      )}
    </section>
  );
}
