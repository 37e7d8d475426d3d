// The read-side product schema: what the post page accepts as a product list from GET /api/blogs/:id (invalid
// products are logged and hide their section).
// Hand-written rather than zod: the post page is its only user, and zod would add about 7 KB gzip to the
// visitor's download of /page/:id (over the 115 KB budget). It applies the same rules as the submit schema
// (URL_MAX, isSafeUrl), and tests/contract/productCheck.test.ts holds the two sides to agree.
import { URL_MAX } from './limits';
import { isRecord } from './records';
import type { Product } from './types';
import { isSafeUrl, URL_MESSAGE } from './urls';

export type ProductIssue = { path: (string | number)[]; message: string };

export type ProductListCheck = { success: true; data: Product[] } | { success: false; issues: ProductIssue[] };

const TEXT_FIELDS = ['title', 'description', 'price'] as const;
const URL_FIELDS = ['imageUrl', 'amazonUrl'] as const;

function productIssues(value: unknown, index: number): ProductIssue[] {
  if (!isRecord(value)) return [{ path: [index], message: 'must be an object' }];
  const issues: ProductIssue[] = [];
  if (typeof value.id !== 'number' || !Number.isFinite(value.id)) {
    issues.push({ path: [index, 'id'], message: 'must be a number' });
  }
  for (const field of TEXT_FIELDS) {
    if (typeof value[field] !== 'string') issues.push({ path: [index, field], message: 'must be a string' });
  }
  for (const field of URL_FIELDS) {
    const url = value[field];
    if (typeof url !== 'string') issues.push({ path: [index, field], message: 'must be a string' });
    else if (url.length > URL_MAX) {
      issues.push({ path: [index, field], message: `must be at most ${URL_MAX} characters` });
    } else if (!isSafeUrl(url)) {
      issues.push({ path: [index, field], message: URL_MESSAGE });
    }
  }
  return issues;
}

/** Checks a post's `products`: every entry must be a valid product, or the whole list is rejected. Unknown keys are dropped. */
export function checkProductList(value: unknown): ProductListCheck {
  if (!Array.isArray(value)) return { success: false, issues: [{ path: [], message: 'must be an array' }] };
  const issues = value.flatMap(productIssues);
  if (issues.length > 0) return { success: false, issues };
  const data = (value as Product[]).map(({ id, title, description, price, imageUrl, amazonUrl }) => ({
    id,
    title,
    description,
    price,
    imageUrl,
    amazonUrl,
  }));
  return { success: true, data };
}
