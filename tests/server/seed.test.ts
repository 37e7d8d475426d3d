import { existsSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod/mini';
import { blogSubmissionSchema } from '../../src/contract/schemas';
import type { BlogPost, BlogSummary } from '../../src/contract/types';
import { findPost, listPosts } from '../../src/server/repositories/postsRepository';
import { SEED_POSTS, seedIfEmpty } from '../../src/server/seed';
import { createTestDb } from './helpers/testDb';
import type { TestDb } from './helpers/testDb';

const publicDir = join(__dirname, '..', '..', 'public');

describe('seedIfEmpty', () => {
  let t: TestDb;
  beforeEach(async () => {
    t = await createTestDb();
  });
  afterEach(async () => {
    await t.drop();
  });

  it('adds three valid sports posts to an empty database, once', async () => {
    expect(await seedIfEmpty(t.db)).toBe(3);
    expect(await seedIfEmpty(t.db)).toBe(0);
    const { posts } = await listPosts(t.db, { limit: 10 });
    expect(posts).toHaveLength(3);
    const full = (await Promise.all(posts.map((p: BlogSummary) => findPost(t.db, p.id)))) as BlogPost[];
    for (const post of full) {
      expect(new Set(post.sections.map((s) => s.type))).toEqual(new Set(['single-paragraph', 'two-column']));
      expect(post.products.length).toBeGreaterThan(0);
      for (const product of post.products) expect(product.amazonUrl).toMatch(/^https:\/\/www\.amazon\.com\//);
    }
  });

  it('passes the API validation and points only at images shipped in public/images/seed', () => {
    for (const post of SEED_POSTS) {
      expect(z.safeParse(blogSubmissionSchema, post).success).toBe(true);
      const images = [post.header.image, post.footer.imageUrl, ...post.products.map((p) => p.imageUrl)];
      for (const image of images) {
        expect(image).toMatch(/^\/images\/seed\/[a-z0-9-]+\.svg$/);
        expect(existsSync(join(publicDir, image))).toBe(true);
      }
    }
  });
});
