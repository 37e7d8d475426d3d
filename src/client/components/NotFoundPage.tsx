import { Link } from './Link';
import { paths } from '../app/paths';
import { useDocumentTitle } from './useDocumentTitle';
import styles from './NotFoundPage.module.scss';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <section className={styles.notFound} aria-labelledby="not-found-title">
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">Page not found</h1>
      <p>This page is off the pitch. The address may be mistyped, or the page has moved.</p>
      <p className={styles.actions}>
        <Link to={paths.home()} className="button">
          Back to home
        </Link>
        <Link to={paths.blog()} className="button button-secondary">
          Read the blog
        </Link>
      </p>
    </section>
  );
}
