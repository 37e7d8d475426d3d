// Where the card goes after signing in: the `next` the guard or the server's 303 named, only when it is a path on
// this site. '//evil.example' and '/\evil.example' are read by browsers as other hosts, so they are refused.

export function safeNext(next: string | null | undefined, fallback: string): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  // Control characters (a tab or newline inside '/\t/evil') are dropped by URL parsers: refuse them too.
  // eslint-disable-next-line no-control-regex -- the point is to find control characters
  if (/[\u0000-\u001f\u007f]/.test(next)) return fallback;
  return next;
}
