// URL rules both sides share. Plain TypeScript (no zod) so every client chunk that shows an image or a link can use them.

/** '' or an http(s) URL or a root-relative path such as /uploads/x.png. Nothing else (javascript:, data:, //host). */
export function isSafeUrl(value: string): boolean {
  if (value === '') return true;
  if (/^\/(?![/\\])/.test(value)) return !/[\s\\]/.test(value);
  // The scheme must be followed by '//': 'https:evil.com' parses, but a browser reads it as a path on an https page.
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}
