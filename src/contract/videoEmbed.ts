// The addresses a video facade builds from a parsed YouTube URL (video.ts): apart from the parser, so the visitors'
// bundle carries these few lines and not the parser, which only the editor and the server need.
import type { VideoRef } from './video';

/** The page a no-JavaScript reader follows: the video on youtube.com, from its start. */
export function watchUrl(ref: VideoRef): string {
  return `https://www.youtube.com/watch?v=${ref.videoId}${ref.start > 0 ? `&t=${ref.start}s` : ''}`;
}

/** The privacy-enhanced player the facade opens once the reader presses play (and only then). */
export function embedUrl(ref: VideoRef): string {
  return `https://www.youtube-nocookie.com/embed/${ref.videoId}?autoplay=1${ref.start > 0 ? `&start=${ref.start}` : ''}`;
}

/** The one origin the page's frame-src admits. */
export const VIDEO_FRAME_ORIGIN = 'https://www.youtube-nocookie.com';
