// /author/:slug: who writes, from their profile, with their stories and their feed.
import { useParams } from 'react-router-dom';
import { Link } from '../../components/Link';
import { paths } from '../../app/paths';
import { pathTo } from '../../../contract/routes';
import { useEndpointQuery } from '../../api/queryHooks';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { CommentCount } from '../../components/CommentCount';
import { authorApi } from './authorApi';
import styles from './AuthorPage.module.scss';

export function AuthorPage() {
  const { slug = '' } = useParams();
  const { data, isError } = useEndpointQuery(authorApi.endpoints.getAuthor, slug);
  useDocumentTitle(data ? data.author.name : isError ? 'Author not found' : undefined);
  if (isError)
    return (
      <div className="reading-column">
        <p className="error-text" role="alert">
          There is no author at this address.
        </p>
        <p>
          <Link to={paths.blog()}>Back to all stories</Link>
        </p>
      </div>
    );
  if (!data)
    return (
      <p className="status reading-column" role="status">
        Loading posts...
      </p>
    );
  const { author, posts } = data;
  return (
    <div className="reading-column">
      <header className={styles.header}>
        {author.photo && <img className={styles.photo} src={author.photo} alt="" width={96} height={96} />}
        <div>
          <h1>{author.name}</h1>
          {author.title && <p className={styles.title}>{author.title}</p>}
          <a href={`${pathTo('author', { slug: author.slug })}/feed.xml`} type="application/atom+xml">
            RSS feed of {author.name}’s stories
          </a>
        </div>
      </header>
      <h2>Stories</h2>
      <ul className={styles.stories}>
        {posts.map((post) => (
          <li key={post.id}>
            <Link to={paths.post(post.id)}>{post.title}</Link>
            <p>{post.publishDate}</p>
            <CommentCount count={post.commentCount} />
          </li>
        ))}
      </ul>
    </div>
  );
}
