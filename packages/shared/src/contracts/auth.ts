import { z } from 'zod';
import { idParam } from '../schemas/common.js';
import {
  authTokens,
  changePasswordBody,
  facebookBody,
  forgotPasswordBody,
  googleBody,
  loginBody,
  logoutBody,
  publicUser,
  refreshBody,
  registerBody,
  resetPasswordBody,
  sessionInfo,
  verifyEmailBody,
  verifyResetOtpBody,
} from '../schemas/auth.js';
import { contract } from './contract.js';
import { authEndpoints as e } from './auth.endpoints.js';

const tokensReply = z.object({ data: authTokens });
const doneReply = z.object({ data: z.null(), message: z.string() });

export const authContracts = {
  register: contract(e.register, {
    tags: ['auth'],
    summary: 'Create an account and sign in',
    body: registerBody,
    reply: { 201: tokensReply },
  }),
  login: contract(e.login, {
    tags: ['auth'],
    summary: 'Sign in with email (or username) and password',
    body: loginBody,
    reply: { 200: tokensReply },
  }),
  google: contract(e.google, {
    tags: ['auth'],
    summary: 'Sign in with a Google ID token',
    body: googleBody,
    reply: { 200: tokensReply },
  }),
  facebook: contract(e.facebook, {
    tags: ['auth'],
    summary: 'Sign in with a Facebook access token',
    body: facebookBody,
    reply: { 200: tokensReply },
  }),
  logout: contract(e.logout, {
    tags: ['auth'],
    summary: 'Sign out this device (and the session of `token`, if given)',
    body: logoutBody.nullish(),
    reply: { 200: doneReply },
  }),
  logoutAll: contract(e.logoutAll, { tags: ['auth'], summary: 'Sign out every device', reply: { 200: doneReply } }),
  refresh: contract(e.refresh, {
    tags: ['auth'],
    summary: 'Exchange a refresh token for a new token pair',
    body: refreshBody,
    reply: { 200: tokensReply },
  }),
  forgotPassword: contract(e.forgotPassword, {
    tags: ['auth'],
    summary: 'Mail a password reset code',
    body: forgotPasswordBody,
    reply: { 200: doneReply },
  }),
  verifyResetOtp: contract(e.verifyResetOtp, {
    tags: ['auth'],
    summary: 'Exchange a reset code for a reset token',
    body: verifyResetOtpBody,
    reply: { 200: z.object({ data: z.object({ resetToken: z.string() }) }) },
  }),
  resetPassword: contract(e.resetPassword, {
    tags: ['auth'],
    summary: 'Set a new password with a reset token',
    body: resetPasswordBody,
    reply: { 200: doneReply },
  }),
  changePassword: contract(e.changePassword, {
    tags: ['auth'],
    summary: 'Change the password; other devices are signed out',
    body: changePasswordBody,
    reply: { 200: doneReply },
  }),
  requestVerification: contract(e.requestVerification, {
    tags: ['auth'],
    summary: 'Mail a new email verification code',
    reply: { 200: doneReply },
  }),
  verifyEmail: contract(e.verifyEmail, {
    tags: ['auth'],
    summary: 'Confirm the email address with the mailed code',
    body: verifyEmailBody,
    reply: { 200: z.object({ data: z.object({ user: publicUser }), message: z.string() }) },
  }),
  sessions: contract(e.sessions, {
    tags: ['auth'],
    summary: 'Signed-in devices, newest first',
    reply: { 200: z.object({ data: z.array(sessionInfo) }) },
  }),
  revokeSession: contract(e.revokeSession, {
    tags: ['auth'],
    summary: 'Sign out one of your devices',
    params: idParam,
    reply: { 200: doneReply },
  }),
} as const;
