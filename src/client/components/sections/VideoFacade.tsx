// A video as a facade: our own poster and a play control, and not one byte from YouTube or Google until the reader
// presses play. The server renders a link to the video (complete without JavaScript); once hydrated it becomes a
// button that swaps in the privacy-enhanced player, already playing.
import { useState } from 'react';
import { useHydrated } from '../../app/useHydrated';
import type { VideoSection } from '../../../contract/types';
import { embedUrl, watchUrl } from '../../../contract/video';
import styles from './Sections.module.scss';

/** Served by this site (public/), cacheable, the same for every video: no thumbnail request to YouTube's servers. */
export const VIDEO_POSTER = '/video-poster.svg';

export function VideoFacade({ section }: { section: VideoSection }) {
  const hydrated = useHydrated();
  const [playing, setPlaying] = useState(false);
  if (!section.videoId) return null;
  const name = `Play video: ${section.caption || 'video'}`;
  const face = (
    <>
      <img className={styles.poster} src={VIDEO_POSTER} alt="" width={1280} height={720} loading="lazy" />
      <span className={styles.play} aria-hidden="true" />
    </>
  );
  return (
    <figure className={styles.figure}>
      <div className={styles.video}>
        {playing ? (
          <iframe
            className={styles.player}
            src={embedUrl(section)}
            title={section.caption || 'Video'}
            allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
            allowFullScreen
          />
        ) : hydrated ? (
          <button type="button" className={styles.facade} aria-label={name} onClick={() => setPlaying(true)}>
            {face}
          </button>
        ) : (
          <a className={styles.facade} href={watchUrl(section)} aria-label={name}>
            {face}
          </a>
        )}
      </div>
      {section.caption && <figcaption className={styles.caption}>{section.caption}</figcaption>}
    </figure>
  );
}
