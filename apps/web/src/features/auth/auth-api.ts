import type { AuthTokens, LoginBody, PublicUser, RegisterBody, SessionInfo, UserSettings } from '@atelier/shared';
import { api } from '../../app/api';

interface Envelope<T> {
  data: T;
  message?: string;
}

/** What an action reply carries for the person: the server's sentence, when it sent one. */
export interface ActionResult {
  message: string | null;
}

export interface PublicConfig {
  googleClientId: string | null;
  facebookAppId: string | null;
  signupCredits: number;
  generationProvider: string;
  /** 'stripe' when the server has a Stripe key: the checkout dialog then shows Stripe's embedded checkout. */
  paymentProvider: 'local' | 'stripe';
  stripePublishableKey: string | null;
}

export interface Me {
  user: PublicUser;
  settings: UserSettings;
}

const unwrapData = <T>(reply: Envelope<T>): T => reply.data;
const unwrapMessage = (reply: Envelope<unknown>): ActionResult => ({ message: reply.message ?? null });

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<AuthTokens, LoginBody>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body }),
      transformResponse: unwrapData<AuthTokens>,
    }),
    register: build.mutation<AuthTokens, RegisterBody>({
      query: (body) => ({ url: '/auth/register', method: 'POST', body }),
      transformResponse: unwrapData<AuthTokens>,
    }),
    googleLogin: build.mutation<AuthTokens, { idToken: string }>({
      query: (body) => ({ url: '/auth/google', method: 'POST', body }),
      transformResponse: unwrapData<AuthTokens>,
    }),
    facebookLogin: build.mutation<AuthTokens, { accessToken: string }>({
      query: (body) => ({ url: '/auth/facebook', method: 'POST', body }),
      transformResponse: unwrapData<AuthTokens>,
    }),
    logout: build.mutation<ActionResult, { token?: string }>({
      query: (body) => ({ url: '/auth/logout', method: 'POST', body }),
      transformResponse: unwrapMessage,
    }),
    logoutAll: build.mutation<ActionResult, void>({
      query: () => ({ url: '/auth/logout-all', method: 'POST' }),
      transformResponse: unwrapMessage,
    }),
    forgotPassword: build.mutation<ActionResult, { email: string }>({
      query: (body) => ({ url: '/auth/forgot-password', method: 'POST', body }),
      transformResponse: unwrapMessage,
    }),
    verifyResetOtp: build.mutation<{ resetToken: string }, { email: string; code: string }>({
      query: (body) => ({ url: '/auth/verify-reset-otp', method: 'POST', body }),
      transformResponse: unwrapData<{ resetToken: string }>,
    }),
    resetPassword: build.mutation<ActionResult, { resetToken: string; newPassword: string }>({
      query: (body) => ({ url: '/auth/reset-password', method: 'POST', body }),
      transformResponse: unwrapMessage,
    }),
    changePassword: build.mutation<ActionResult, { currentPassword: string; newPassword: string }>({
      query: (body) => ({ url: '/auth/change-password', method: 'POST', body }),
      transformResponse: unwrapMessage,
    }),
    requestVerification: build.mutation<ActionResult, void>({
      query: () => ({ url: '/auth/request-verification', method: 'POST' }),
      transformResponse: unwrapMessage,
    }),
    verifyEmail: build.mutation<{ user: PublicUser } & ActionResult, { code: string }>({
      query: (body) => ({ url: '/auth/verify-email', method: 'POST', body }),
      transformResponse: (reply: Envelope<{ user: PublicUser }>) => ({
        user: reply.data.user,
        message: reply.message ?? null,
      }),
      invalidatesTags: ['Me'],
    }),
    getSessions: build.query<SessionInfo[], void>({
      query: () => '/auth/sessions',
      transformResponse: unwrapData<SessionInfo[]>,
      providesTags: ['Sessions'],
    }),
    revokeSession: build.mutation<ActionResult, string>({
      query: (id) => ({ url: `/auth/sessions/${encodeURIComponent(id)}`, method: 'DELETE' }),
      transformResponse: unwrapMessage,
      invalidatesTags: ['Sessions'],
    }),
    getMe: build.query<Me, void>({
      query: () => '/users/me',
      transformResponse: unwrapData<Me>,
      providesTags: ['Me'],
    }),
    getPublicConfig: build.query<PublicConfig, void>({
      query: () => '/config',
      transformResponse: unwrapData<PublicConfig>,
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const {
  useLoginMutation,
  useRegisterMutation,
  useGoogleLoginMutation,
  useFacebookLoginMutation,
  useLogoutMutation,
  useLogoutAllMutation,
  useForgotPasswordMutation,
  useVerifyResetOtpMutation,
  useResetPasswordMutation,
  useChangePasswordMutation,
  useRequestVerificationMutation,
  useVerifyEmailMutation,
  useGetSessionsQuery,
  useRevokeSessionMutation,
  useLazyGetMeQuery,
  useGetMeQuery,
  useGetPublicConfigQuery,
} = authApi;
