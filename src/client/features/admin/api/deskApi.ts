// The desk's requests: the review queue and decisions, a post's review steps and editorial notes, the signed-in
// person's notifications and their author profile. The session cookie speaks (the desk is for signed-in staff, never a
// typed token). The tag types join the api slice here, in the admin's chunk, so a visitor's store never carries them.
import { blogApi, nextCursorFromLink } from '../../../api/blogApi';
import type { AuthorProfile } from '../../../../contract/account';
import type {
  EditorialNote,
  NotificationsAnswer,
  ReviewDecision,
  ReviewInfo,
  ReviewStep,
} from '../../../../contract/desk';
import { blogPath, postTags } from './adminApi';
import type { AdminPost, AdminSummary, PostWithTag } from './adminApi';

/** One post waiting in the queue, with who submitted it and when. */
export type QueuedPost = { post: AdminSummary; review: ReviewInfo };

export type { AuthorProfile };

/** The queue is read 100 at a time; a desk has far fewer posts in review than this many pages hold. */
const QUEUE_PAGES = 10;

const submittedTime = (entry: QueuedPost) => Date.parse(entry.review.submittedAt ?? '') || 0;

export const deskApi = blogApi
  .enhanceEndpoints({ addTagTypes: ['Review', 'Notes', 'Notification', 'Profile'] })
  .injectEndpoints({
    endpoints: (build) => ({
      /**
       * The posts in review (GET /api/blogs?status=review), the oldest submission first: each post's review is read
       * beside it for when and by whom it was submitted.
       */
      reviewQueue: build.query<QueuedPost[], void>({
        async queryFn(_arg, _api, _extra, fetch) {
          const inReview: AdminSummary[] = [];
          let cursor: string | null = null;
          for (let page = 0; page < QUEUE_PAGES; page += 1) {
            const answer = await fetch(
              `blogs?status=review&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
            );
            if (answer.error) return { error: answer.error };
            const posts = Array.isArray(answer.data) ? (answer.data as AdminSummary[]) : [];
            inReview.push(...posts.filter((post) => post.status === 'review'));
            cursor = nextCursorFromLink(answer.meta?.response?.headers.get('Link'));
            if (!cursor) break;
          }
          const queue: QueuedPost[] = [];
          for (const post of inReview) {
            const answer = await fetch(`${blogPath(String(post.id))}/review`);
            // A post withdrawn or decided meanwhile is no longer in the queue.
            if (answer.error) {
              if ((answer.error as { status?: unknown }).status === 404) continue;
              return { error: answer.error };
            }
            queue.push({ post, review: answer.data as ReviewInfo });
          }
          queue.sort((a, b) => submittedTime(a) - submittedTime(b));
          return { data: queue };
        },
        providesTags: ['Review'],
        keepUnusedDataFor: 0,
      }),
      /** The version that was submitted, for the word diff against the post as it is now. */
      submittedVersion: build.query<AdminPost, { id: string; rev: number }>({
        query: ({ id, rev }) => `${blogPath(id)}/revisions/${rev}`,
        keepUnusedDataFor: 0,
      }),
      /** Publish, schedule (approve with a future publishAt) or send back with a note. */
      reviewDecided: build.mutation<PostWithTag, { id: string; decision: ReviewDecision }>({
        query: ({ id, decision }) => ({ url: `${blogPath(id)}/review`, method: 'POST', body: decision }),
        transformResponse: (post: AdminPost, meta) => ({ post, etag: meta?.response?.headers.get('ETag') ?? '' }),
        invalidatesTags: (_result, _error, { id }) => [
          'Review',
          'Notification',
          { type: 'Notes', id },
          ...postTags(id),
        ],
      }),
      /** The review steps of a post (submitted, withdrawn, approved, changes requested), shown among its versions. */
      reviewSteps: build.query<ReviewStep[], string>({
        query: (id) => `${blogPath(id)}/review-steps`,
        transformResponse: (steps: unknown) => (Array.isArray(steps) ? (steps as ReviewStep[]) : []),
        keepUnusedDataFor: 0,
      }),
      notes: build.query<EditorialNote[], string>({
        query: (id) => `${blogPath(id)}/notes`,
        transformResponse: (notes: unknown) => (Array.isArray(notes) ? (notes as EditorialNote[]) : []),
        providesTags: (_result, _error, id) => [{ type: 'Notes', id }],
        keepUnusedDataFor: 0,
      }),
      noteAdded: build.mutation<EditorialNote, { id: string; body: string }>({
        query: ({ id, body }) => ({
          url: `${blogPath(id)}/notes`,
          method: 'POST',
          body: { body },
          validateStatus: (response) => response.status === 201,
        }),
        invalidatesTags: (_result, _error, { id }) => [{ type: 'Notes', id }],
      }),
      noteResolved: build.mutation<EditorialNote, { id: string; noteId: number; resolved: boolean }>({
        query: ({ id, noteId, resolved }) => ({
          url: `${blogPath(id)}/notes/${noteId}`,
          method: 'PATCH',
          body: { resolved },
        }),
        invalidatesTags: (_result, _error, { id }) => [{ type: 'Notes', id }],
      }),
      notifications: build.query<NotificationsAnswer, void>({
        query: () => 'notifications',
        transformResponse: (answer: Partial<NotificationsAnswer> | null) => ({
          items: Array.isArray(answer?.items) ? answer.items : [],
          unread: typeof answer?.unread === 'number' ? answer.unread : 0,
        }),
        providesTags: ['Notification'],
        keepUnusedDataFor: 0,
      }),
      /** Marks the notifications read: those named, or every one without ids. */
      notificationsRead: build.mutation<unknown, { ids?: number[] }>({
        query: (body) => ({ url: 'notifications/read', method: 'POST', body }),
        invalidatesTags: ['Notification'],
      }),
      profile: build.query<AuthorProfile, void>({
        query: () => 'account/profile',
        transformResponse: (answer: Partial<AuthorProfile> | null) => ({
          name: answer?.name ?? '',
          title: answer?.title ?? '',
          photo: answer?.photo ?? '',
        }),
        providesTags: ['Profile'],
      }),
      profileSaved: build.mutation<AuthorProfile, AuthorProfile>({
        query: (body) => ({ url: 'account/profile', method: 'PUT', body }),
        invalidatesTags: ['Profile'],
      }),
    }),
  });
