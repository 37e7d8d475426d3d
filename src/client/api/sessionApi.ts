// The session's requests as endpoints of the one api slice: who is signed in (GET /api/session), signing in (POST
// /api/session), signing up (POST /api/users), a new password from a reset link (POST /api/password-resets),
// "Forgot password?" (GET and POST /api/password-reset-requests) and signing out (DELETE /api/session). Injected from the chunks that
// use them (the sign-in card, the admin guard, the top bar of a browser that signed in before), never a visitor's.
import { blogApi } from './blogApi';
import type { StaffUser } from '../../contract/types';

/** What signing in or up answers: the account, when the server named one. */
export type SignedIn = { user?: StaffUser };
/** A refusal's status and body, and its Retry-After in seconds when the server sent one (a 429). */
export type SessionError = { status: number | 'FETCH_ERROR'; data?: unknown; retryAfter?: number };

/** Seconds from a Retry-After header in seconds (the server never sends the date form); undefined without one. */
function retryAfterOf(response: Response | undefined): number | undefined {
  const value = Number(response?.headers.get('retry-after') ?? Number.NaN);
  return Number.isFinite(value) && value > 0 ? Math.ceil(value) : undefined;
}
/** Keeps the Retry-After of a refusal beside its status and body. */
const withRetryAfter = (error: SessionError, meta: { response?: Response } | undefined): SessionError => {
  const retryAfter = retryAfterOf(meta?.response);
  return retryAfter === undefined ? error : { ...error, retryAfter };
};

/** Sign-up needs an invitation link's token, or the first start's setup token. */
export type SignUp = { email: string; password: string; name?: string } & ({ invitation: string } | { setup: string });

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
      transformErrorResponse: withRetryAfter,
    }),
    signUp: build.mutation<SignedIn | null, SignUp>({
      query: (body) => ({ url: 'users', method: 'POST', body, validateStatus: (response) => response.status === 201 }),
      transformErrorResponse: withRetryAfter,
    }),
    /** A reset link's code and the new password: answers like signing in. */
    resetPassword: build.mutation<SignedIn | null, { code: string; password: string }>({
      query: (body) => ({
        url: 'password-resets',
        method: 'POST',
        body,
        validateStatus: (response) => response.status === 200,
      }),
      transformErrorResponse: withRetryAfter,
    }),
    /** Whether this site can mail a reset link ("Forgot password?"); false: the card says to ask an owner. */
    getMailStatus: build.query<boolean, void>({
      query: () => 'password-reset-requests',
      transformResponse: (body: { mail?: unknown } | null) => body?.mail === true,
    }),
    /** Mails a reset link to the account with this email, if there is one: the answer is the same either way. */
    requestReset: build.mutation<unknown, { email: string }>({
      query: (body) => ({ url: 'password-reset-requests', method: 'POST', body }),
      transformErrorResponse: withRetryAfter,
    }),
    signOut: build.mutation<null, void>({
      query: () => ({ url: 'session', method: 'DELETE' }),
    }),
  }),
});
