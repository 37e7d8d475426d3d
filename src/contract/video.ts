// YouTube URLs as writers paste them: which video, and from which second. Plain TypeScript (no zod) so the editor
// checks a URL exactly as the server does, and the read side derives the id and start from the stored URL.

/** The providers a video section accepts, as the refusal names them. */
export const VIDEO_MESSAGE = 'must be a YouTube video URL (youtube.com or youtu.be)';

export type VideoRef = { videoId: string; start: number };

const ID = /^[A-Za-z0-9_-]{11}$/;
const HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'music.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);
// Path forms that carry the id as their second segment.
const ID_PATHS = new Set(['shorts', 'embed', 'live', 'v']);

/** t= / start= as YouTube writes it: '90', '90s', '1m30s', '1h2m3s'; 0 for anything else. */
function seconds(value: string | null): number {
  if (value === null || value === '') return 0;
  if (/^\d+$/.test(value)) return Number(value);
  const match = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(value);
  if (match === null) return 0;
  const [, h = '0', m = '0', s = '0'] = match;
  const total = Number(h) * 3600 + Number(m) * 60 + Number(s);
  return Number.isSafeInteger(total) ? total : 0;
}

/**
 * The video a YouTube URL names, and its start in whole seconds (0 when none): youtube.com/watch?v=, m.youtube.com,
 * youtu.be/ID, /shorts/ID, /embed/ID, /live/ID, with t= or start= (also in a youtu.be URL). Undefined for anything
 * else, including a YouTube URL that names no video (a channel, a playlist alone).
 */
export function parseYouTube(value: string): VideoRef | undefined {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  if (url.username !== '' || url.password !== '' || url.port !== '') return undefined;
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter((s) => s !== '');
  let id: string | undefined;
  if (host === 'youtu.be' || host === 'www.youtu.be') {
    id = segments.length === 1 ? segments[0] : undefined;
  } else if (HOSTS.has(host)) {
    if (segments.length === 1 && segments[0] === 'watch') id = url.searchParams.get('v') ?? undefined;
    else if (segments.length === 2 && ID_PATHS.has(segments[0] ?? '')) id = segments[1];
  }
  if (id === undefined || !ID.test(id)) return undefined;
  // A fragment start (#t=90) is the older spelling of the same thing.
  const fragment = new URLSearchParams(url.hash.slice(1));
  const start = seconds(url.searchParams.get('t') ?? url.searchParams.get('start') ?? fragment.get('t'));
  return { videoId: id, start };
}
