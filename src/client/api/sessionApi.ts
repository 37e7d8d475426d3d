// The session's requests as endpoints of the one api slice: who is signed in (GET /api/session), signing in (POST
// /api/session), signing up (POST /api/users) and signing out (DELETE /api/session). Injected from the chunks that
// use them (the sign-in card, the admin guard, the top bar of a browser that signed in before), never a visitor's.
import { blogApi } from './blogApi';
import type { StaffUser } from '../../contract/types';

/** What signing in or up answers: the account, when the server named one. */
export type SignedIn = { user?: StaffUser };
/** Sign-up needs an invitation link's token, or the first start's setup token. */
export type SignUp = { email: string; password: string } & ({ invitation: string } | { setup: string });

export const sessionApi = blogApi.injectEndpoints({
  endpoints: (build) => ({
    /** The signed-in user; null when nobody is (a 401); undefined when the answer named no one. */
    session: build.query<StaffUser | null | undefined, void>({
      query: () => ({
        url: 'session',
        headers: { Accept: 'application/json' },
        validateStatus: (response) => response.ok || response.status === 401,
      }),
      transformResponse: (body: SignedIn | null, meta) =>
        meta?.response?.status === 401 ? null : (body as SignedIn | null)?.user,
      // Asked afresh each time: the auth slice keeps the answer, the cache does not.
      keepUnusedDataFor: 0,
    }),
    signIn: build.mutation<SignedIn | null, { email: string; password: string }>({
      query: (body) => ({
        url: 'session',
        method: 'POST',
        body,
        validateStatus: (response) => response.status === 200,
      }),
    }),
    signUp: build.mutation<SignedIn | null, SignUp>({
      query: (body) => ({ url: 'users', method: 'POST', body, validateStatus: (response) => response.status === 201 }),
    }),
    signOut: build.mutation<null, void>({
      query: () => ({ url: 'session', method: 'DELETE' }),
    }),
  }),
});
