// msw answers of the manage API for the admin pages' tests.
import { http, HttpResponse } from 'msw';
import { samplePost } from '../../fixtures/posts';
import { API, server } from '../../helpers/mswServer';
import type { BlogPost, BlogSummary, PostStaff, PostState, StaffUser } from '../../../../src/contract/types';
import type { StaffNotification } from '../../../../src/contract/desk';

export const TOKEN = 'admin-token-123';

export const CONTRIBUTOR: StaffUser = {
  id: 9,
  email: 'cara@example.com',
  name: 'Cara Contributor',
  role: 'contributor',
};
/** GET /api/session answers this account from now on (the default is the owner). */
export const signedInAs = (user: StaffUser) =>
  server.use(http.get(`${API}/session`, () => HttpResponse.json({ user })));

/** A notification about "Cup final" (post 5) by Eddie Editor. */
export const notification = (id: number, text: string, read: boolean): StaffNotification => ({
  id,
  kind: read ? 'changes' : 'published',
  postId: 5,
  postTitle: 'Cup final',
  actor: { name: 'Eddie Editor' },
  text,
  createdAt: '2026-11-25T10:00:00.000Z',
  read,
});

export type AdminBlogSummary = BlogSummary & PostState & Partial<PostStaff>;

export const summary = (id: number, title: string, state: Partial<PostState> = {}): AdminBlogSummary => ({
  id,
  title,
  icon: 'Trophy',
  authorName: 'Maya Okafor',
  publishDate: 'March 14, 2024',
  readTime: '5 min read',
  imageUrl: '',
  createdAt: '2026-11-20T10:00:00.000Z',
  status: 'published',
  publishAt: null,
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...state,
});

export const editablePost = (changes: Partial<BlogPost & PostState> = {}): BlogPost & PostState => ({
  ...samplePost,
  status: 'published',
  publishAt: null,
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...changes,
});

export type Seen = { method: string; url: string; auth: string | null; ifMatch: string | null; body?: unknown };

/**
 * Records every admin request; GET /blogs?status=all answers `pages` (linked with rel=next), 401 for another token or,
 * when not signed in, for none.
 */
export function adminApi({
  pages = [[summary(3, 'Derby Day')]],
  post = editablePost(),
  etag = '"v1"',
  put = 200,
  del = 204,
  signedIn = true,
}: {
  pages?: AdminBlogSummary[][];
  post?: BlogPost & PostState;
  etag?: string;
  put?: number;
  del?: number;
  /** Whether a request without a token counts as a signed-in owner's (jsdom sends no cookie; this stands for it). */
  signedIn?: boolean;
} = {}) {
  const seen: Seen[] = [];
  const record = async (request: Request, withBody = false) => {
    seen.push({
      method: request.method,
      url: request.url,
      auth: request.headers.get('Authorization'),
      ifMatch: request.headers.get('If-Match'),
      body: withBody ? await request.json() : undefined,
    });
  };
  const denied = (request: Request) => {
    const auth = request.headers.get('Authorization');
    return auth === null ? !signedIn : auth !== `Bearer ${TOKEN}`;
  };
  const state = { post, etag };
  server.use(
    http.get(`${API}/blogs`, async ({ request }) => {
      const url = new URL(request.url);
      if (url.searchParams.get('status') !== 'all') return HttpResponse.json([]);
      await record(request);
      if (denied(request)) return HttpResponse.json({ error: 'Invalid or missing access token' }, { status: 401 });
      const index = Number(url.searchParams.get('cursor') ?? 0);
      const headers: Record<string, string> =
        index + 1 < pages.length ? { Link: `</api/blogs?status=all&cursor=${index + 1}>; rel="next"` } : {};
      return HttpResponse.json(pages[index] ?? [], { headers });
    }),
    http.get(`${API}/blogs/:id`, async ({ request, params }) => {
      await record(request);
      const anonymous = request.headers.get('Authorization') === null && !signedIn;
      if (!anonymous && denied(request)) {
        return HttpResponse.json({ error: 'Invalid or missing access token' }, { status: 401 });
      }
      if (String(params.id) !== String(state.post.id) || (anonymous && state.post.status !== 'published')) {
        return HttpResponse.json({ error: 'Blog not found' }, { status: 404 });
      }
      if (String(params.id) !== String(state.post.id)) {
        return HttpResponse.json({ error: 'Blog not found' }, { status: 404 });
      }
      return HttpResponse.json(state.post, { headers: { ETag: state.etag } });
    }),
    http.put(`${API}/blogs/:id`, async ({ request }) => {
      await record(request, true);
      if (put !== 200) return HttpResponse.json({ error: 'The post has changed since it was read' }, { status: put });
      const body = (await seen.at(-1)?.body) as { header: { title: string } };
      state.post = { ...state.post, title: body.header.title };
      state.etag = '"v2"';
      return HttpResponse.json(state.post, { headers: { ETag: state.etag } });
    }),
    http.delete(`${API}/blogs/:id`, async ({ request }) => {
      await record(request);
      return del === 204 ? new HttpResponse(null, { status: 204 }) : HttpResponse.json({ error: 'x' }, { status: del });
    }),
  );
  return { seen, state };
}
