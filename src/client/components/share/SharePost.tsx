// Share a post: the browser's own share sheet (Web Share API) where it has one, otherwise "Copy link" and plain links
// to each site's own share page. No third-party script, pixel or request until the reader follows a link.
import { useState } from 'react';
import { useHydrated } from '../../app/useHydrated';
import styles from './SharePost.module.scss';

export type SharePostProps = { title: string };

/** Each site's share page for a URL and title: plain links, nothing loaded from them beforehand. */
export function shareLinks(url: string, title: string) {
  const u = encodeURIComponent(url);
  const text = encodeURIComponent(title);
  return [
    { label: 'Email', href: `mailto:?subject=${text}&body=${encodeURIComponent(`${title}\n${url}`)}` },
    { label: 'WhatsApp', href: `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}` },
    { label: 'X', href: `https://x.com/intent/post?url=${u}&text=${text}` },
    { label: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
  ];
}

export function SharePost({ title }: SharePostProps) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState<'yes' | 'failed' | undefined>();
  // The page's own address is only known in the browser; the server renders nothing here, so hydration matches.
  if (!hydrated) return null;
  const url = `${window.location.origin}${window.location.pathname}`;

  if (typeof navigator.share === 'function')
    return (
      <div className={`reading-column ${styles.share}`}>
        <button
          type="button"
          className={styles.button}
          // A dismissed sheet rejects: nothing to tell the reader.
          onClick={() => void navigator.share({ title, url }).catch(() => undefined)}
        >
          Share
        </button>
      </div>
    );

  const copy = () =>
    navigator.clipboard.writeText(url).then(
      () => setCopied('yes'),
      () => setCopied('failed'),
    );
  return (
    <section aria-labelledby="share-post" className={`reading-column ${styles.share}`}>
      <h2 id="share-post" className={styles.heading}>
        Share
      </h2>
      <ul>
        <li>
          <button type="button" className={styles.button} onClick={() => void copy()}>
            Copy link
          </button>
        </li>
        {shareLinks(url, title).map((link) => (
          <li key={link.label}>
            <a href={link.href} target="_blank" rel="noopener noreferrer">
              {link.label}
            </a>
          </li>
        ))}
      </ul>
      <p role="status" className={styles.status}>
        {copied === 'yes' ? 'Link copied' : copied === 'failed' ? 'Could not copy: copy the address bar instead' : ''}
      </p>
    </section>
  );
}
