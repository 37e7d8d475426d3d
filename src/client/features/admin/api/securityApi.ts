// The signed-in person's second factors (passkeys, the authenticator app, recovery codes) and the owners' policy.
// Only the admin chunk imports this.
import { blogApi } from '../../../api/blogApi';
import type { PasskeySummary, SecondFactorPolicy, SecondFactorStatus } from '../../../../contract/secondFactor';

export type TotpSetup = { secret: string; uri: string; qr: string };

export const securityApi = blogApi.enhanceEndpoints({ addTagTypes: ['SecondFactor'] }).injectEndpoints({
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
      invalidatesTags: ['SecondFactor'],
    }),
    removePasskey: build.mutation<null, number>({
      query: (id) => ({ url: `account/passkeys/${id}`, method: 'DELETE' }),
      invalidatesTags: ['SecondFactor'],
    }),
    startTotp: build.mutation<TotpSetup, void>({
      query: () => ({ url: 'account/totp', method: 'POST', body: {} }),
    }),
    confirmTotp: build.mutation<{ totp: true; recoveryCodes?: string[] }, { code: string }>({
      query: (body) => ({ url: 'account/totp/confirm', method: 'POST', body }),
      invalidatesTags: ['SecondFactor'],
    }),
    turnOffTotp: build.mutation<null, { code?: string; password?: string }>({
      query: (body) => ({ url: 'account/totp/off', method: 'POST', body }),
      invalidatesTags: ['SecondFactor'],
    }),
    newRecoveryCodes: build.mutation<{ recoveryCodes: string[] }, void>({
      query: () => ({ url: 'account/recovery-codes', method: 'POST', body: {} }),
      invalidatesTags: ['SecondFactor'],
    }),
    setPolicy: build.mutation<{ policy: SecondFactorPolicy }, SecondFactorPolicy>({
      query: (policy) => ({ url: 'account/second-factor/policy', method: 'PUT', body: { policy } }),
      invalidatesTags: ['SecondFactor'],
    }),
  }),
});
