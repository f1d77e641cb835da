import {
  authEndpoints,
  usersEndpoints,
  type BodyOf,
  type DataOf,
  type LoginBody,
  type RegisterBody,
  type ReplyOf,
  type authContracts,
  type usersContracts,
} from '@atelier/shared';
import { api, call } from '../../lib/api';

/** What an action reply carries for the person: the server's sentence, when it sent one. */
export interface ActionResult {
  message: string | null;
}

export type Me = DataOf<typeof usersContracts.me>;

type Tokens = DataOf<typeof authContracts.login>;

const tokensOf = (reply: ReplyOf<typeof authContracts.login>): Tokens => reply.data;
const messageOf = (reply: { message?: string }): ActionResult => ({ message: reply.message ?? null });

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<Tokens, LoginBody>({
      query: (body) => call(authEndpoints.login, { body }),
      transformResponse: tokensOf,
    }),
    register: build.mutation<Tokens, RegisterBody>({
      query: (body) => call(authEndpoints.register, { body }),
      transformResponse: tokensOf,
    }),
    googleLogin: build.mutation<Tokens, BodyOf<typeof authContracts.google>>({
      query: (body) => call(authEndpoints.google, { body }),
      transformResponse: tokensOf,
    }),
    facebookLogin: build.mutation<Tokens, BodyOf<typeof authContracts.facebook>>({
      query: (body) => call(authEndpoints.facebook, { body }),
      transformResponse: tokensOf,
    }),
    logout: build.mutation<ActionResult, { token?: string }>({
      query: (body) => call(authEndpoints.logout, { body }),
      transformResponse: messageOf,
    }),
    logoutAll: build.mutation<ActionResult, void>({
      query: () => call(authEndpoints.logoutAll),
      transformResponse: messageOf,
    }),
    forgotPassword: build.mutation<ActionResult, BodyOf<typeof authContracts.forgotPassword>>({
      query: (body) => call(authEndpoints.forgotPassword, { body }),
      transformResponse: messageOf,
    }),
    verifyResetOtp: build.mutation<
      DataOf<typeof authContracts.verifyResetOtp>,
      BodyOf<typeof authContracts.verifyResetOtp>
    >({
      query: (body) => call(authEndpoints.verifyResetOtp, { body }),
      transformResponse: (reply: ReplyOf<typeof authContracts.verifyResetOtp>) => reply.data,
    }),
    resetPassword: build.mutation<ActionResult, BodyOf<typeof authContracts.resetPassword>>({
      query: (body) => call(authEndpoints.resetPassword, { body }),
      transformResponse: messageOf,
    }),
    changePassword: build.mutation<ActionResult, BodyOf<typeof authContracts.changePassword>>({
      query: (body) => call(authEndpoints.changePassword, { body }),
      transformResponse: messageOf,
    }),
    requestVerification: build.mutation<ActionResult, void>({
      query: () => call(authEndpoints.requestVerification),
      transformResponse: messageOf,
    }),
    verifyEmail: build.mutation<
      DataOf<typeof authContracts.verifyEmail> & ActionResult,
      BodyOf<typeof authContracts.verifyEmail>
    >({
      query: (body) => call(authEndpoints.verifyEmail, { body }),
      transformResponse: (reply: ReplyOf<typeof authContracts.verifyEmail>) => ({
        user: reply.data.user,
        ...messageOf(reply),
      }),
      invalidatesTags: ['Me'],
    }),
    getSessions: build.query<DataOf<typeof authContracts.sessions>, void>({
      query: () => call(authEndpoints.sessions),
      transformResponse: (reply: ReplyOf<typeof authContracts.sessions>) => reply.data,
      providesTags: ['Sessions'],
    }),
    revokeSession: build.mutation<ActionResult, string>({
      query: (id) => call(authEndpoints.revokeSession, { params: { id } }),
      transformResponse: messageOf,
      invalidatesTags: ['Sessions'],
    }),
    getMe: build.query<Me, void>({
      query: () => call(usersEndpoints.me),
      transformResponse: (reply: ReplyOf<typeof usersContracts.me>) => reply.data,
      providesTags: ['Me'],
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
} = authApi;
