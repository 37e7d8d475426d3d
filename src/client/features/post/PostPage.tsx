// /page/:id: loading, the server's error text, or the post. Products are validated with the contract schema:
// invalid product data is logged and only the product section is hidden.
import { Suspense, lazy, useEffect, useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { Link } from '../../components/Link';
import { paths } from '../../app/paths';
import { serverErrorText } from '../../api/apiErrors';
import { useEndpointQuery, useGetBlogQuery } from '../../api/queryHooks';
import { checkProductList } from '../../../contract/productCheck';
import { isRecord } from '../../../contract/records';
import type { BlogPost, Product } from '../../../contract/types';
import { Article } from '../../components/Article';
import { SubscribeForm, TickedTags } from '../../components/members/SubscribeForm';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { byline, TagLinks } from '../../components/TagLinks';
import { useCoverageStart } from '../../api/liveNowApi';
import { SharePost } from '../../components/share/SharePost';
import { relatedApi } from './relatedApi';
import { CommentsRegion } from './comments/lazyComments';
import styles from './PostPage.module.scss';

// Only a post whose coverage exists loads the live code (its entries, the stream and the waiting updates): a page
// opened before the start learns of it from useCoverageStart and loads it then.
const LiveCoverage = lazy(() => import('./live/LiveCoverage').then((m) => ({ default: m.LiveCoverage })));

export const FETCH_ERROR_TEXT = 'Failed to fetch blog content';

type ProductCheck = { products: Product[] | null; issues?: unknown };

/**
 * The post as far as it can be shown: a missing or malformed section list shows no sections instead of failing the
 * page (only the products have a rule of their own: invalid ones hide their section).
 */
function readablePost(post: BlogPost | undefined): BlogPost | undefined {
  if (!post) return undefined;
  const sections: unknown = post.sections;
  return { ...post, sections: Array.isArray(sections) ? (sections.filter(isRecord) as BlogPost['sections']) : [] };
}

function checkProducts(post: BlogPost | undefined): ProductCheck {
  if (!post) return { products: null };
  const result = checkProductList(post.products);
  return result.success ? { products: result.data } : { products: null, issues: result.issues };
}

/** "More on {primary tag}": up to 3 other stories of the post's primary tag (none: nothing at all). */
function MoreOn({ id, tagName }: { id: string; tagName: string }) {
  const { data } = useEndpointQuery(relatedApi.endpoints.getRelated, id);
  if (!data?.length) return null;
  return (
    <aside aria-labelledby="more-on" className={`reading-column ${styles.moreOn}`}>
      <h2 id="more-on">{`More on ${tagName}`}</h2>
      <ul>
        {data.map((story) => (
          <li key={story.id}>
            <Link to={paths.post(story.id)}>{story.title}</Link>
            {byline(story) && <p>{byline(story)}</p>}
          </li>
        ))}
      </ul>
    </aside>
  );
}

export function PostPage() {
  const { id = '' } = useParams();
  // The state is read per id, so the previous post never shows under a new URL while this one loads.
  const { data, error, isError } = useGetBlogQuery(id);
  const post = useMemo(() => readablePost(data), [data]);
  const { products, issues } = useMemo(() => checkProducts(post), [post]);

  useEffect(() => {
    if (issues) console.error(`Invalid product data in blog post ${id}; the product section is hidden.`, issues);
  }, [id, issues]);

  useEffect(() => {
    if (isError) console.error(`Failed to fetch blog post ${id}`, error);
  }, [id, isError, error]);

  const errorText = isError && !post ? (serverErrorText(error) ?? FETCH_ERROR_TEXT) : undefined;
  useDocumentTitle(post ? post.title : errorText ? 'Post unavailable' : undefined);

  useCoverageStart(id, post?.live);

  const primary = post?.tags?.[0];
  if (post) {
    const coverage = post.live && (
      <Suspense fallback={null}>
        <LiveCoverage id={id} live={post.live} format={post.textFormat} />
      </Suspense>
    );
    // Live: the score and newest updates lead, under the title, and the story follows as the match report.
    const leading = post.live?.state === 'live';
    return (
      <>
        <Article
          article={post}
          products={products}
          tagLinks={
            <>
              <TagLinks tags={post.tags} />
              {leading && coverage}
              {leading && <h2>Match report</h2>}
            </>
          }
          titleBadge={
            post.live && (
              <span className={`${styles.liveBadge} ${leading ? styles.liveNow : ''}`}>
                {leading ? 'Live' : 'Ended'}
              </span>
            )
          }
        />
        {!leading && coverage}
        <SharePost title={post.title} />
        <SubscribeForm heading="Get stories like this by email">
          <TickedTags tags={post.tags} />
        </SubscribeForm>
        <CommentsRegion key={id} id={id} />
        {primary && <MoreOn id={id} tagName={primary.name} />}
      </>
    );
  }
  if (errorText) {
    return (
      <div className="reading-column">
        <p className="error-text" role="alert">
          {errorText}
        </p>
        <p>
          <Link to={paths.blog()}>Back to all stories</Link>
        </p>
      </div>
    );
  }
  return (
    <p className="status reading-column" role="status">
      Loading blog content...
    </p>
  );
}
