// The desk's requests: the review queue and decisions, a post's review steps and editorial notes, the signed-in
// person's notifications. The session cookie speaks (the desk is for signed-in staff, never a
// typed token). The tag types join the api slice here, in the admin's chunk, so a visitor's store never carries them.
import { blogApi } from '../../../api/blogApi';
import type {
  EditorialNote,
  NotificationsAnswer,
  ReviewDecision,
  ReviewQueueEntry,
  ReviewStep,
} from '../../../../contract/desk';
import { blogPath, postTags } from './adminApi';
import type { AdminBlogPost } from '../../../../contract/types';
import type { PostWithTag } from './adminApi';

export const deskApi = blogApi.enhanceEndpoints({ addTagTypes: ['Review', 'Notes', 'Notification'] }).injectEndpoints({
  endpoints: (build) => ({
    /** The posts in review with when and by whom each was submitted, the oldest submission first. */
    getReviewQueue: build.query<ReviewQueueEntry[], void>({
      query: () => 'reviews',
      providesTags: ['Review'],
      keepUnusedDataFor: 0,
    }),
    /** The version that was submitted, for the word diff against the post as it is now. */
    getSubmittedVersion: build.query<AdminBlogPost, { id: string; rev: number }>({
      query: ({ id, rev }) => `${blogPath(id)}/revisions/${rev}`,
      keepUnusedDataFor: 0,
    }),
    /** Publish, schedule (approve with a future publishAt) or send back with a note. */
    decideReview: build.mutation<PostWithTag, { id: string; decision: ReviewDecision }>({
      query: ({ id, decision }) => ({ url: `${blogPath(id)}/review`, method: 'POST', body: decision }),
      transformResponse: (post: AdminBlogPost, meta) => ({ post, etag: meta?.response?.headers.get('ETag') ?? '' }),
      invalidatesTags: (_result, _error, { id }) => ['Review', 'Notification', { type: 'Notes', id }, ...postTags(id)],
    }),
    /** The review steps of a post (submitted, withdrawn, approved, changes requested), shown among its versions. */
    getReviewSteps: build.query<ReviewStep[], string>({
      query: (id) => `${blogPath(id)}/review-steps`,
      transformResponse: (steps: unknown) => (Array.isArray(steps) ? (steps as ReviewStep[]) : []),
      keepUnusedDataFor: 0,
    }),
    getNotes: build.query<EditorialNote[], string>({
      query: (id) => `${blogPath(id)}/notes`,
      transformResponse: (notes: unknown) => (Array.isArray(notes) ? (notes as EditorialNote[]) : []),
      providesTags: (_result, _error, id) => [{ type: 'Notes', id }],
      keepUnusedDataFor: 0,
    }),
    addNote: build.mutation<EditorialNote, { id: string; body: string }>({
      query: ({ id, body }) => ({
        url: `${blogPath(id)}/notes`,
        method: 'POST',
        body: { body },
        validateStatus: (response) => response.status === 201,
      }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Notes', id }],
    }),
    resolveNote: build.mutation<EditorialNote, { id: string; noteId: number; resolved: boolean }>({
      query: ({ id, noteId, resolved }) => ({
        url: `${blogPath(id)}/notes/${noteId}`,
        method: 'PATCH',
        body: { resolved },
      }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Notes', id }],
    }),
    getNotifications: build.query<NotificationsAnswer, void>({
      query: () => 'notifications',
      transformResponse: (answer: Partial<NotificationsAnswer> | null) => ({
        items: Array.isArray(answer?.items) ? answer.items : [],
        unread: typeof answer?.unread === 'number' ? answer.unread : 0,
      }),
      providesTags: ['Notification'],
      keepUnusedDataFor: 0,
    }),
    /** Marks the notifications read: those named, or every one without ids. */
    markNotificationsRead: build.mutation<unknown, { ids?: number[] }>({
      query: (body) => ({ url: 'notifications/read', method: 'POST', body }),
      invalidatesTags: ['Notification'],
    }),
  }),
});
