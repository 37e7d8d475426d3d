// How a rendered page is sent: the answer prepared whole for each content coding (http/contentCoding.ts negotiates).
import { codedAnswer } from '../http/contentCoding';
import type { Compression } from '../http/contentCoding';
import type { PreparedAnswer } from '../http/answers';

/** The compressions a page is sent in, best first (negotiated with Accept-Encoding). */
export type PageEncoding = Compression;

/**
 * The page as sent in each coding (none: `body` as it is), prepared whole on first use and kept in `store` (the cached
 * page's), so a page is compressed once however often it is sent. Each coding is its own representation with its own
 * tag, derived from the body's. `security`: the pages' security headers (http/security.ts), which the answer carries.
 */
export function pageAnswers(
  body: string,
  { status, etag, security }: { status: number; etag: string; security: Readonly<Record<string, string>> },
  store: Partial<Record<string, PreparedAnswer>>,
) {
  return (encoding: PageEncoding | undefined): PreparedAnswer =>
    codedAnswer(
      store,
      body,
      encoding ?? 'identity',
      // HTML names hashed assets, so it is revalidated on every use (the ETag makes that a 304).
      { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' },
      { status, etag, security },
    );
}
