// A video as a facade: our own poster and a play control, and not one byte from YouTube or Google until the reader
// presses play. The server renders a link to the video (complete without JavaScript); once hydrated it becomes a
// button that swaps in the privacy-enhanced player, already playing. Kept small: it ships to every reader.
import { useState } from 'react';
import { useHydrated } from '../../app/useHydrated';
import type { VideoSection } from '../../../contract/types';
import { embedUrl, watchUrl } from '../../../contract/videoEmbed';
// The article's stylesheet holds these sections' rules (sections/_sections.scss), so the server-rendered page has
// them from the first paint, before (or without) this code.
import styles from '../Article.module.scss';

export function VideoFacade({ section }: { section: VideoSection }) {
  const [playing, setPlaying] = useState(false);
  const Control = useHydrated() ? 'button' : 'a';
  return (
    <figure className={styles.video}>
      {playing ? (
        <iframe src={embedUrl(section)} title={section.caption || 'Video'} allow="autoplay; fullscreen" />
      ) : (
        <Control
          {...(Control === 'a' ? { href: watchUrl(section) } : { type: 'button', onClick: () => setPlaying(true) })}
          aria-label={`Play video: ${section.caption || 'video'}`}
        >
          {/* Served by this site (public/), cacheable, the same for every video: no thumbnail from YouTube. */}
          <img src="/video-poster.svg" alt="" width={1280} height={720} loading="lazy" />
        </Control>
      )}
      {section.caption && <figcaption>{section.caption}</figcaption>}
    </figure>
  );
}
