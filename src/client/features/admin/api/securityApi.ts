// The signed-in person's second factors (passkeys, the authenticator app, recovery codes) and the owners' policy.
// Only the admin chunk imports this. Each change also puts a notice in the person's inbox, so it refreshes the inbox
// and its unread count in the nav.
import { blogApi } from '../../../api/blogApi';
import type { PasskeySummary, SecondFactorPolicy, SecondFactorStatus } from '../../../../contract/secondFactor';

/** What a change to one's sign-in settings makes stale: the settings, and the inbox that tells of it. */
const TOLD = ['SecondFactor' as const, 'Notification' as const];

export type TotpSetup = { secret: string; uri: string; qr: string };

export const securityApi = blogApi.enhanceEndpoints({ addTagTypes: ['SecondFactor', 'Notification'] }).injectEndpoints({
  endpoints: (build) => ({
    getSecondFactor: build.query<SecondFactorStatus, void>({
      query: () => 'account/second-factor',
      providesTags: ['SecondFactor'],
    }),
    passkeyOptions: build.mutation<Record<string, unknown>, void>({
      query: () => ({ url: 'account/passkeys/options', method: 'POST', body: {} }),
    }),
    addPasskey: build.mutation<
      { passkey: PasskeySummary; recoveryCodes?: string[] },
      { name: string; response: unknown }
    >({
      query: (body) => ({ url: 'account/passkeys', method: 'POST', body }),
      invalidatesTags: TOLD,
    }),
    removePasskey: build.mutation<null, number>({
      query: (id) => ({ url: `account/passkeys/${id}`, method: 'DELETE' }),
      invalidatesTags: TOLD,
    }),
    startTotp: build.mutation<TotpSetup, void>({
      query: () => ({ url: 'account/totp', method: 'POST', body: {} }),
    }),
    confirmTotp: build.mutation<{ totp: true; recoveryCodes?: string[] }, { code: string }>({
      query: (body) => ({ url: 'account/totp/confirm', method: 'POST', body }),
      invalidatesTags: TOLD,
    }),
    turnOffTotp: build.mutation<null, { code?: string; password?: string }>({
      query: (body) => ({ url: 'account/totp/off', method: 'POST', body }),
      invalidatesTags: TOLD,
    }),
    newRecoveryCodes: build.mutation<{ recoveryCodes: string[] }, void>({
      query: () => ({ url: 'account/recovery-codes', method: 'POST', body: {} }),
      invalidatesTags: TOLD,
    }),
    setPolicy: build.mutation<{ policy: SecondFactorPolicy }, SecondFactorPolicy>({
      query: (policy) => ({ url: 'account/second-factor/policy', method: 'PUT', body: { policy } }),
      invalidatesTags: ['SecondFactor'],
    }),
  }),
});
