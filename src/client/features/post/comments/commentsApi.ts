// The first page of a post's comments as the server rendered it: the page's api state carries it under getComments,
// which the section reads without subscribing (so hydration never fetches it again); the thread fetches on its own.
import { blogApi } from '../../../api/blogApi';
import type { CommentPage } from '../../../../contract/comments';

export const commentsApi = blogApi.injectEndpoints({
  endpoints: (build) => ({
    getComments: build.query<CommentPage, number>({ query: (id) => `blogs/${id}/comments` }),
  }),
});
