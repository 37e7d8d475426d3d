// /blog: 'Latest Sports Stories', newest first, with 'Load more' while the API has a next page. /tag/{slug}
// is the same list filtered to one tag, under the tag's name. Each story shows its primary tag.
// A failed fetch is only logged and leaves the list empty; the empty state offers a retry.
import { useEffect, useRef } from 'react';
import { useParams } from 'react-router-dom';
import { Link } from '../../components/Link';
import { useGetBlogsInfiniteQuery } from '../../api/queryHooks';
import { paths } from '../../app/paths';
import { useHydrated } from '../../app/useHydrated';
import type { BlogSummary } from '../../../contract/types';
import { ResponsiveImage } from '../../components/ResponsiveImage';
import { safeUrl } from '../../components/safeUrl';
import type { ImageBox } from '../../../contract/imageBoxes';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { PrimaryTag } from '../../components/TagLinks';
import { Byline } from '../../components/Byline';
import { CommentCount } from '../../components/CommentCount';
import { isLiveNow, useLiveNow } from '../../api/liveNowApi';
import type { LiveNowAnswer } from '../../../contract/live';
import { SubscribeForm } from '../../components/members/SubscribeForm';
import styles from './BlogListPage.module.scss';
import { matchdayName, TagMatchday, useTagMatchday } from '../../components/matches/TagMatchday';

/** BlogListPage.module.scss .thumb: 8rem wide, 5.5rem up to a 24rem viewport; 16:9. */
const THUMB_BOX: ImageBox = { sizes: '(max-width: 24rem) 5.5rem, 8rem', width: 160, height: 90 };

function PostListItem({ post, now }: { post: BlogSummary; now: LiveNowAnswer | undefined }) {
  const image = safeUrl(post.imageUrl);
  return (
    <article className={styles.item}>
      {image && (
        <ResponsiveImage className={styles.thumb} src={image} alt="" box={THUMB_BOX} facts={post.images?.[image]} />
      )}
      <div className={styles.text}>
        <h2 className={styles.title}>
          <Link to={paths.post(post.id)} className={styles.link}>
            {post.title}
          </Link>
          {isLiveNow(post.id, post.live, now) && <span className={`${styles.liveBadge} ${styles.liveNow}`}>Live</span>}
        </h2>
        <Byline post={post} className={styles.byline} />
        {post.readTime && <p className={styles.readTime}>{post.readTime}</p>}
        <CommentCount count={post.commentCount} className={styles.readTime} />
        <PrimaryTag tag={post.tags?.[0]} />
      </div>
    </article>
  );
}

export function BlogListPage() {
  const { slug } = useParams();
  const { data, error, isError, isLoading, isFetching, hasNextPage, fetchNextPage, isFetchingNextPage, refetch } =
    useGetBlogsInfiniteQuery(slug);
  // A tag page's heading is the tag's name as its stories carry it, or as its matches do before any story.
  const matchday = useTagMatchday(slug);
  const tagName =
    slug && (data?.pages[0]?.posts[0]?.tags?.find((tag) => tag.slug === slug)?.name ?? matchdayName(matchday, slug));
  useDocumentTitle(slug ? tagName || undefined : 'Blog');

  useEffect(() => {
    if (isError) console.error('Failed to fetch blog posts', error);
  }, [isError, error]);

  const posts = data?.pages.flatMap((page) => page.posts) ?? [];
  const now = useLiveNow();
  // Before the script runs (or without JavaScript) 'Load more' is a link to the next page, rendered by the server, so
  // readers and crawlers reach every post; once hydrated it is the button that adds the next page in place.
  const hydrated = useHydrated();
  const nextCursor = data?.pages[data.pages.length - 1]?.nextCursor;

  // After 'Load more', keyboard focus goes to the first story it added (the button may be gone: last page).
  const listRef = useRef<HTMLUListElement>(null);
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    if (focusFrom.current === null || isFetchingNextPage) return;
    const firstNew = listRef.current?.children[focusFrom.current]?.querySelector('a');
    focusFrom.current = null;
    firstNew?.focus();
  }, [isFetchingNextPage, posts.length]);

  return (
    <section aria-labelledby="blog-title" className={styles.page}>
      <h1 id="blog-title" className={styles.heading}>
        {slug ? tagName || slug : 'Latest Sports Stories'}
      </h1>
      {slug && <TagMatchday slug={slug} />}
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
          <ul className={styles.list} ref={listRef}>
            {posts.map((post) => (
              <li key={post.id}>
                <PostListItem post={post} now={now} />
              </li>
            ))}
          </ul>
          {hasNextPage && !hydrated && nextCursor && (
            <p className={styles.more}>
              <a
                className="button button-secondary"
                href={`${slug ? paths.tag(slug) : paths.blog()}?cursor=${encodeURIComponent(nextCursor)}`}
              >
                Load more
              </a>
            </p>
          )}
          {hasNextPage && hydrated && (
            <p className={styles.more}>
              {/* aria-disabled, not disabled: a disabled button drops keyboard focus to the top of the page. */}
              <button
                type="button"
                className="button button-secondary"
                onClick={() => {
                  if (isFetchingNextPage) return;
                  focusFrom.current = posts.length;
                  fetchNextPage();
                }}
                aria-disabled={isFetchingNextPage}
              >
                {isFetchingNextPage ? 'Loading more...' : 'Load more'}
              </button>
            </p>
          )}
        </>
      )}
      {slug && (
        <SubscribeForm heading={`Follow ${tagName || slug} by email`}>
          <input type="hidden" name="tags" value={slug} />
        </SubscribeForm>
      )}
    </section>
  );
}
