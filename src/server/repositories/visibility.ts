// Which posts anyone may see: one rule for every anonymous read, count, feed, sitemap, tag and search result.
import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../db/database';

/**
 * The condition of a public post at `now`, for any query on posts (also joined with other tables: tags, search). The
 * one visibility rule: every anonymous read, count, feed, sitemap, tag and search result goes through it.
 */
/** Out of the trash: what staff reads (drafts and scheduled posts included) still never show. */
export const notTrashed = (eb: ExpressionBuilder<Database, 'posts'>) => eb('posts.deleted_at', 'is', null);

export const isPublic = (now: Date) => (eb: ExpressionBuilder<Database, 'posts'>) =>
  eb.and([
    eb('posts.deleted_at', 'is', null), // a post in the trash is gone for every public read
    eb('posts.status', '=', 'published'),
    eb.or([eb('posts.publish_at', 'is', null), eb('posts.publish_at', '<=', now.toISOString())]),
  ]);
