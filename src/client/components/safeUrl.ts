// Render-time guard for URLs from posts and drafts, with the contract's rule: nothing else gets linked or loaded.
import { isSafeUrl } from '../../contract/urls';

/** The URL when it is an http(s) URL or a root-relative path; otherwise undefined (so nothing is linked/loaded). */
export function safeUrl(value: string | null | undefined): string | undefined {
  return value && isSafeUrl(value) ? value : undefined;
}
