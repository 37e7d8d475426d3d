// Talks to the server under test directly, to arrange data and to check what a flow stored.
import { expect } from '@playwright/test';
import type { APIRequestContext, APIResponse } from '@playwright/test';
import type { BlogPost, BlogSummary } from '../../../src/contract/types';
import type { BlogSubmission } from '../../../src/contract/schemas';
import { ADMIN_TOKEN } from './constants';

/** Every post the API lists (follows the Link rel="next" cursor). */
export async function listPosts(request: APIRequestContext): Promise<BlogSummary[]> {
  const posts: BlogSummary[] = [];
  let next: string | null = '/api/blogs?limit=100';
  while (next) {
    const response: APIResponse = await request.get(next);
    expect(response.status()).toBe(200);
    posts.push(...((await response.json()) as BlogSummary[]));
    next = /<([^>]+)>;\s*rel="next"/.exec(response.headers()['link'] ?? '')?.[1] ?? null;
  }
  return posts;
}

export async function getPost(request: APIRequestContext, id: number): Promise<BlogPost> {
  const response = await request.get(`/api/blogs/${id}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as BlogPost;
}

/** The newest post: there is always one, the server seeds an empty database. */
export async function newestPost(request: APIRequestContext): Promise<BlogSummary> {
  const response = await request.get('/api/blogs?limit=1');
  expect(response.status()).toBe(200);
  const [post] = (await response.json()) as BlogSummary[];
  expect(post, 'the server seeds posts into an empty database').toBeTruthy();
  return post;
}

/** Publishes a post through the API (for flows that need a known post, not for testing the editor). */
export async function publishPost(request: APIRequestContext, submission: BlogSubmission): Promise<BlogPost> {
  const response = await request.post('/api/blogs', { data: { ...submission, accessToken: ADMIN_TOKEN } });
  expect(response.status()).toBe(201);
  return (await response.json()) as BlogPost;
}

/** One of the sample posts the server seeded at start (the oldest post): full content, images included. */
export async function seededPost(request: APIRequestContext): Promise<BlogPost> {
  const oldest = (await listPosts(request)).at(-1);
  expect(oldest, 'the server seeds posts into an empty database').toBeTruthy();
  return getPost(request, oldest!.id);
}

/** A complete post: both section types, list items, two products, images that ship with the app. */
export function richSubmission(title: string): BlogSubmission {
  return {
    header: {
      icon: 'Trophy',
      title,
      image: '/images/seed/football-press.svg',
      publishDate: 'October 3, 2026',
      readTime: '6 min read',
      sections: [
        {
          type: 'single-paragraph',
          icon: 'Users',
          title: 'Why the press starts up front',
          paragraph: 'The first defender decides where the ball can go.',
          list: ['Curve the run to cut the passing lane', 'Press on the back pass'],
        },
        {
          type: 'two-column',
          icon: 'Search',
          title: 'Reading the triggers',
          paragraph: 'Two kinds of cue tell a team when to jump.',
          columns: [
            { heading: 'Ball cues', list: ['A bouncing ball', 'A heavy touch'] },
            { heading: 'Body cues', list: ['Receiver facing his own goal'] },
          ],
        },
      ],
    },
    products: [
      {
        title: 'Training Cones',
        description: 'Fifty bright cones for pressing drills.',
        price: '$19.99',
        imageUrl: '/images/seed/cones.svg',
        amazonUrl: 'https://www.amazon.com/s?k=training+cones',
      },
      {
        title: 'Match Ball',
        description: 'A size 5 ball with a true flight.',
        price: '$34.99',
        imageUrl: '/images/seed/ball.svg',
        amazonUrl: 'https://www.amazon.com/s?k=match+ball',
      },
    ],
    footer: { authorName: 'Maya Lindqvist', authorTitle: 'Tactics Writer', imageUrl: '/images/seed/author-maya.svg' },
  };
}

/** Replaces a post through the API (PUT), as an edit saved by the editor would. */
export async function editPost(request: APIRequestContext, id: number, submission: BlogSubmission): Promise<BlogPost> {
  const response = await request.put(`/api/blogs/${id}`, {
    data: submission,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as BlogPost;
}

/** Moves a post to the trash through the API. */
export async function trashPost(request: APIRequestContext, id: number): Promise<void> {
  const response = await request.delete(`/api/blogs/${id}`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
  expect(response.status()).toBe(204);
}
