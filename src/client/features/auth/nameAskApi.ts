// The question after a sign-in for an account that never gave a name (bylines would show its email's local part):
// whether to ask (GET /api/account/name-ask), and the answer, a name or "Not now" (POST): either way, asked once.
import { blogApi } from '../../api/blogApi';
import type { StaffUser } from '../../../contract/types';

export const nameAskApi = blogApi.injectEndpoints({
  endpoints: (build) => ({
    getNameAsk: build.query<boolean, void>({
      query: () => 'account/name-ask',
      transformResponse: (body: { ask?: unknown } | null) => body?.ask === true,
      keepUnusedDataFor: 0,
    }),
    answerNameAsk: build.mutation<StaffUser | undefined, { name?: string }>({
      query: (body) => ({ url: 'account/name-ask', method: 'POST', body }),
      transformResponse: (body: { user?: StaffUser } | null) => body?.user,
    }),
  }),
});
