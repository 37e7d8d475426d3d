// The signed-in person's own account: their author profile and their password. The session cookie speaks (only a
// signed-in person has an account page). Only the admin chunk imports this.
import { blogApi } from '../../../api/blogApi';
import type { AuthorProfile } from '../../../../contract/account';

// The tag type joins the api slice here, in the admin's chunk, not in every visitor's.
export const accountApi = blogApi.enhanceEndpoints({ addTagTypes: ['Profile'] }).injectEndpoints({
  endpoints: (build) => ({
    getProfile: build.query<AuthorProfile, void>({
      query: () => 'account/profile',
      transformResponse: (answer: Partial<AuthorProfile> | null) => ({
        name: answer?.name ?? '',
        title: answer?.title ?? '',
        photo: answer?.photo ?? '',
      }),
      providesTags: ['Profile'],
    }),
    saveProfile: build.mutation<AuthorProfile, AuthorProfile>({
      query: (body) => ({ url: 'account/profile', method: 'PUT', body }),
      invalidatesTags: ['Profile'],
    }),
    changePassword: build.mutation<null, { currentPassword: string; newPassword: string }>({
      query: (body) => ({ url: 'account/password', method: 'POST', body }),
    }),
  }),
});
