// /search?q=…: a search form that works without JavaScript (a GET form to this page, which the server
// renders with its results) and the results: title link, byline, tags and the snippet with its matches marked.
import { useLocation } from 'react-router-dom';
import { Link } from '../../components/Link';
import { useEndpointQuery } from '../../api/queryHooks';
import { paths } from '../../app/paths';
import { byline, TagLinks } from '../../components/TagLinks';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { searchApi } from './searchApi';
import type { SearchArg } from './searchApi';
import styles from './SearchPage.module.scss';

/** The API's query limit (characters after trimming): a longer query is not sent (the server would refuse it). */
const QUERY_MAX = 200;

/** The snippet's plain text with its <mark>…</mark> runs as <mark> elements; everything else stays text. */
function Snippet({ text }: { text: string }) {
  const parts = text.split(/<mark>([\s\S]*?)<\/mark>/);
  return (
    <p className={styles.snippet}>{parts.map((part, index) => (index % 2 ? <mark key={index}>{part}</mark> : part))}</p>
  );
}

function Results({ q, cursor }: SearchArg) {
  const { data, isError, isLoading } = useEndpointQuery(searchApi.endpoints.searchPosts, { q, cursor });
  if (isLoading)
    return (
      <p className="status" role="status">
        Searching...
      </p>
    );
  if (isError || !data)
    return (
      <p className="error-text" role="alert">
        The search could not be run right now. Please try again.
      </p>
    );
  if (data.items.length === 0) return <p className={styles.none}>{`No posts match “${q}”.`}</p>;
  return (
    <>
      <ol className={styles.results}>
        {data.items.map((item) => (
          <li key={item.id} className={styles.result}>
            <h2 className={styles.title}>
              <Link to={paths.post(item.id)}>{item.title}</Link>
            </h2>
            {byline(item) && <p className={styles.byline}>{byline(item)}</p>}
            <TagLinks tags={item.tags} />
            {item.snippet && <Snippet text={item.snippet} />}
          </li>
        ))}
      </ol>
      {data.nextCursor !== null && (
        <p className={styles.more}>
          <Link
            className="button button-secondary"
            to={`${paths.search()}?q=${encodeURIComponent(q)}&cursor=${data.nextCursor}`}
          >
            Load more
          </Link>
        </p>
      )}
    </>
  );
}

export function SearchPage() {
  useDocumentTitle('Search');
  // useLocation, not useSearchParams: the latter would add react-router code to every visitor's JavaScript.
  const params = new URLSearchParams(useLocation().search);
  const q = (params.get('q') ?? '').trim();
  const cursorText = params.get('cursor') ?? '0';
  const cursor = /^\d{1,4}$/.test(cursorText) ? Number(cursorText) : 0;
  return (
    <section aria-labelledby="search-title" className={styles.page}>
      <h1 id="search-title" className={styles.heading}>
        Search
      </h1>
      <form role="search" action={paths.search()} method="get" className={styles.form}>
        <label htmlFor="search-query" className={styles.label}>
          Search posts
        </label>
        <div className={styles.row}>
          <input
            key={q}
            id="search-query"
            className={styles.input}
            type="search"
            name="q"
            defaultValue={q}
            maxLength={QUERY_MAX}
            required
          />
          <button type="submit" className="button">
            Search
          </button>
        </div>
      </form>
      {q.length >= 1 && q.length <= QUERY_MAX && <Results q={q} cursor={cursor} />}
    </section>
  );
}
