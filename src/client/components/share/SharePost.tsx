// Share a post: the browser's own share sheet (Web Share API) where it has one, otherwise "Copy link" and plain links
// to each site's own share page. No third-party script, pixel or request until the reader follows a link.
import { useState } from 'react';
import { useHydrated } from '../../app/useHydrated';
import styles from './SharePost.module.scss';

export type SharePostProps = { title: string };

/** Each site's share page, from the URL and the title, both already URL-encoded. */
const SITES: [label: string, href: (url: string, title: string) => string][] = [
  ['Email', (url, title) => `mailto:?subject=${title}&body=${title}%0A${url}`],
  ['WhatsApp', (url, title) => `https://wa.me/?text=${title}%20${url}`],
  ['X', (url, title) => `https://x.com/intent/post?url=${url}&text=${title}`],
  ['Facebook', (url) => `https://www.facebook.com/sharer/sharer.php?u=${url}`],
];

export function SharePost({ title }: SharePostProps) {
  const hydrated = useHydrated();
  const [status, setStatus] = useState('');
  // The page's own address is only known in the browser; the server renders nothing here, so hydration matches.
  if (!hydrated) return null;
  const url = location.origin + location.pathname;
  const sheet = typeof navigator.share == 'function';
  return (
    <section aria-label="Share" className={`reading-column ${styles.share}`}>
      <ul>
        <li>
          <button
            type="button"
            className="button button-secondary"
            onClick={() =>
              sheet
                ? // A dismissed sheet rejects: nothing to tell the reader.
                  void navigator.share({ title, url }).catch(() => undefined)
                : void navigator.clipboard.writeText(url).then(
                    () => setStatus('Link copied'),
                    () => setStatus('Could not copy: copy the address bar instead'),
                  )
            }
          >
            {sheet ? 'Share' : 'Copy link'}
          </button>
        </li>
        {!sheet &&
          SITES.map(([label, href]) => (
            <li key={label}>
              <a
                href={href(encodeURIComponent(url), encodeURIComponent(title))}
                target="_blank"
                rel="noopener noreferrer"
              >
                {label}
              </a>
            </li>
          ))}
      </ul>
      <p role="status" className={styles.status}>
        {status}
      </p>
    </section>
  );
}
