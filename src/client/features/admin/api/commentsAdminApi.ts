// The comments desk's requests: the pending and reported comments with their counts, a decision on one or several,
// a member's ban, the comment settings, and a post's open/closed switch. The session cookie speaks (the server answers
// only signed-in editors and owners). Only the admin chunk imports this.
import { blogApi } from '../../../api/blogApi';
import type { CommentSettings, Decision, ModerationList } from '../../../../contract/comments';
import { blogPath } from './adminApi';

/** The two lists of the desk (the API's third, approved, is not one the desk works through). */
export type DeskStatus = 'pending' | 'reported';
export type ModerationQuery = { status: DeskStatus; cursor?: string };

export const commentsAdminApi = blogApi
  .enhanceEndpoints({ addTagTypes: ['Comments', 'CommentSettings', 'CommentsState'] })
  .injectEndpoints({
    endpoints: (build) => ({
      /** One page of a list, oldest first, with how many comments wait in each list. */
      getModeration: build.query<ModerationList, ModerationQuery>({
        query: ({ status, cursor }) =>
          `comments?status=${status}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        providesTags: ['Comments'],
        keepUnusedDataFor: 0,
      }),
      /** Approve or reject the comments named: one by its own URL, several at once. */
      moderateComments: build.mutation<{ ids: number[] }, { ids: number[]; decision: Decision }>({
        query: ({ ids, decision }) =>
          ids.length === 1
            ? { url: `comments/${ids[0]}/moderate`, method: 'POST', body: { decision } }
            : { url: 'comments/moderate', method: 'POST', body: { ids, decision } },
        invalidatesTags: ['Comments'],
      }),
      banMember: build.mutation<null, number>({
        query: (id) => ({
          url: `members/${id}/ban`,
          method: 'POST',
          validateStatus: (response) => response.status === 204,
        }),
        invalidatesTags: ['Comments'],
      }),
      getCommentSettings: build.query<CommentSettings, void>({
        query: () => 'comments/settings',
        providesTags: ['CommentSettings'],
        keepUnusedDataFor: 0,
      }),
      saveCommentSettings: build.mutation<CommentSettings, CommentSettings>({
        query: (body) => ({ url: 'comments/settings', method: 'PUT', body }),
        invalidatesTags: ['CommentSettings'],
      }),
      /** Whether members may comment on the post now (the editor's switch and the days after publishing). */
      getCommentsOpen: build.query<boolean, string>({
        query: (id) => `${blogPath(id)}/comments/state`,
        transformResponse: (answer: { open?: unknown } | null) => answer?.open === true,
        providesTags: (_result, _error, id) => [{ type: 'CommentsState', id }],
        keepUnusedDataFor: 0,
      }),
      setCommentsOpen: build.mutation<{ open: boolean }, { id: string; open: boolean }>({
        query: ({ id, open }) => ({ url: `${blogPath(id)}/comments/state`, method: 'PUT', body: { open } }),
        invalidatesTags: (_result, _error, { id }) => [
          { type: 'CommentsState', id },
          { type: 'Blog', id },
        ],
      }),
    }),
  });
