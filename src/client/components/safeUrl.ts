// Render-time guard for URLs from posts and drafts. Mirrors isSafeUrl in src/contract/schemas.ts without pulling
// zod into every chunk that shows an image or a link.
/** The URL when it is an http(s) URL or a root-relative path; otherwise undefined (so nothing is linked/loaded). */
export function safeUrl(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  if (/^\/(?![/\\])/.test(value)) return /[\s\\]/.test(value) ? undefined : value;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '' ? value : undefined;
  } catch {
    return undefined;
  }
}
