// Render-time guard for URLs from posts and drafts, with the contract's rule: nothing else gets linked or loaded.
import { normalizeUrl } from '../../contract/urls';

/**
 * An http(s) URL or a root-relative path as the contract serializes it (what the server stores: a draft's raw text
 * shows the same); otherwise undefined, so nothing is linked or loaded.
 */
export function safeUrl(value: string | null | undefined): string | undefined {
  return (value && normalizeUrl(value)) || undefined;
}
