// The reader's side of the members API: a mailed link's button, the sign-in request, and the member's own
// preferences with the member session's cookie. Only the members chunk imports it.
import { baseUrl, blogApi } from '../../api/blogApi';
import type { MemberAccepted, MemberMe, MemberUpdate } from '../../../contract/members';

/** Which button a mailed link's page shows; each posts the token to its own endpoint. */
export type LinkPurpose = 'confirm' | 'signin' | 'unsubscribe';

/** The form post a link's button makes without JavaScript (and, as JSON, with it). */
export const LINK_ACTIONS: Record<Exclude<LinkPurpose, 'unsubscribe'>, string> = {
  confirm: 'members/confirm',
  signin: 'members/signin/complete',
};

/** The one-click unsubscribe URL of a mailed token: the page's button makes the POST a mail client makes (RFC 8058). */
export const unsubscribeUrl = (token: string) => `/api/members/unsubscribe?token=${encodeURIComponent(token)}`;
const unsubscribeEndpoint = (token: string) => `${baseUrl}/members/unsubscribe?token=${encodeURIComponent(token)}`;

/** The one-click unsubscribe, as a mail client sends it: a form body, no JSON (the api slice sends JSON). */
export async function unsubscribeByLink(token: string): Promise<string | undefined> {
  const response = await fetch(unsubscribeEndpoint(token), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    body: 'List-Unsubscribe=One-Click',
  });
  if (response.ok) return undefined;
  const answer = (await response.json().catch(() => null)) as { error?: unknown } | null;
  return typeof answer?.error === 'string' ? answer.error : 'The link could not unsubscribe you. Try again.';
}

// The tag type joins the api slice here, in the members chunk, not in every visitor's.
export const membersApi = blogApi.enhanceEndpoints({ addTagTypes: ['Member'] }).injectEndpoints({
  endpoints: (build) => ({
    // A visitor (401) is no error here: null, the same answer the server renders /account with for them.
    getMe: build.query<MemberMe | null, void>({
      query: () => ({ url: 'members/me', validateStatus: (response) => response.ok || response.status === 401 }),
      transformResponse: (data: MemberMe, meta) => (meta?.response?.status === 401 ? null : data),
      providesTags: ['Member'],
    }),
    redeemLink: build.mutation<MemberMe, { purpose: 'confirm' | 'signin'; token: string }>({
      query: ({ purpose, token }) => ({ url: LINK_ACTIONS[purpose], method: 'POST', body: { token } }),
      invalidatesTags: ['Member'],
    }),
    requestSignIn: build.mutation<MemberAccepted, string>({
      query: (email) => ({ url: 'members/signin', method: 'POST', body: { email } }),
    }),
    updateMe: build.mutation<MemberMe, MemberUpdate>({
      query: (body) => ({ url: 'members/me', method: 'PUT', body }),
      invalidatesTags: ['Member'],
    }),
    deleteMe: build.mutation<null, void>({
      query: () => ({ url: 'members/me', method: 'DELETE' }),
      invalidatesTags: ['Member'],
    }),
    signOut: build.mutation<null, void>({
      query: () => ({ url: 'members/signout', method: 'POST' }),
      invalidatesTags: ['Member'],
    }),
  }),
});
