import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  MSG,
  authTokens,
  changePasswordBody,
  facebookBody,
  forgotPasswordBody,
  googleBody,
  idParam,
  loginBody,
  logoutBody,
  publicUser,
  refreshBody,
  registerBody,
  resetPasswordBody,
  sessionInfo,
  userSettings,
  verifyEmailBody,
  verifyResetOtpBody,
} from '@atelier/shared';
import { currentUser } from '../../platform/http/auth.js';
import type { AppModule } from '../../platform/http/types.js';
import { getMe, login, register } from './account.service.js';
import type { AuthDeps } from './auth.deps.js';
import { AUTH_TEXT } from './auth.policy.js';
import { makeFacebookVerifier, makeGoogleVerifier } from './oauth.js';
import { signInWithProvider, type ProviderSetup } from './oauth.service.js';
import { changePassword, forgotPassword, resetPassword, verifyResetOtp } from './password.service.js';
import { rateLimited } from './rate-limits.js';
import { clientInfo, listSessions, logout, logoutAll, refreshSession, revokeSession } from './session.service.js';
import { requestVerification, verifyEmail } from './verification.service.js';

const tokensReply = z.object({ data: authTokens });
const doneReply = z.object({ data: z.null(), message: z.string() });
const bearer = [{ bearer: [] }];

/** Spec §7 "Auth" and GET /users/me. */
export const authRoutes: AppModule = (app, ctx) => {
  const { config } = ctx;
  const depsFor = (request: FastifyRequest): AuthDeps => ({
    db: ctx.database.db,
    clock: ctx.clock,
    mailer: ctx.mailer,
    tokens: ctx.tokens,
    signupCredits: config.SIGNUP_CREDITS,
    log: request.log,
    limits: ctx.accountLimits,
    realtime: ctx.realtime,
  });
  const client = (request: FastifyRequest) => clientInfo(request.headers, request.ip);

  const google: ProviderSetup = {
    provider: 'google',
    verify: config.GOOGLE_CLIENT_ID
      ? makeGoogleVerifier({ clientId: config.GOOGLE_CLIENT_ID, jwksUrl: config.GOOGLE_JWKS_URL, clock: ctx.clock })
      : null,
    notConfigured: AUTH_TEXT.googleNotConfigured,
    failed: MSG.auth.googleLoginFailed,
    noEmail: MSG.auth.googleLoginFailed,
  };
  const facebook: ProviderSetup = {
    provider: 'facebook',
    verify:
      config.FACEBOOK_APP_ID && config.FACEBOOK_APP_SECRET
        ? makeFacebookVerifier({
            appId: config.FACEBOOK_APP_ID,
            appSecret: config.FACEBOOK_APP_SECRET,
            graphUrl: config.FACEBOOK_GRAPH_URL,
          })
        : null,
    notConfigured: AUTH_TEXT.facebookNotConfigured,
    failed: MSG.auth.facebookLoginFailed,
    noEmail: AUTH_TEXT.facebookNoEmail,
  };

  app.post(
    '/auth/register',
    {
      config: rateLimited(config, 'register'),
      schema: {
        tags: ['auth'],
        summary: 'Create an account and sign in',
        body: registerBody,
        response: { 201: tokensReply },
      },
    },
    async (request, reply) => {
      const data = await register(depsFor(request), request.body, client(request));
      return reply.status(201).send({ data });
    },
  );

  app.post(
    '/auth/login',
    {
      config: rateLimited(config, 'login'),
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email (or username) and password',
        body: loginBody,
        response: { 200: tokensReply },
      },
    },
    async (request) => ({ data: await login(depsFor(request), request.body, client(request)) }),
  );

  app.post(
    '/auth/google',
    {
      config: rateLimited(config, 'google'),
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a Google ID token',
        body: googleBody,
        response: { 200: tokensReply },
      },
    },
    async (request) => ({
      data: await signInWithProvider(depsFor(request), google, request.body.idToken, client(request)),
    }),
  );

  app.post(
    '/auth/facebook',
    {
      config: rateLimited(config, 'facebook'),
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a Facebook access token',
        body: facebookBody,
        response: { 200: tokensReply },
      },
    },
    async (request) => ({
      data: await signInWithProvider(depsFor(request), facebook, request.body.accessToken, client(request)),
    }),
  );

  app.post(
    '/auth/logout',
    {
      preHandler: ctx.auth.requireAuth,
      schema: {
        tags: ['auth'],
        summary: 'Sign out this device (and the session of `token`, if given)',
        security: bearer,
        body: logoutBody.nullish(),
        response: { 200: doneReply },
      },
    },
    async (request) => {
      await logout(depsFor(request), currentUser(request), request.body?.token);
      return { data: null, message: AUTH_TEXT.signedOut };
    },
  );

  app.post(
    '/auth/logout-all',
    {
      preHandler: ctx.auth.requireAuth,
      schema: { tags: ['auth'], summary: 'Sign out every device', security: bearer, response: { 200: doneReply } },
    },
    async (request) => {
      await logoutAll(depsFor(request), currentUser(request));
      return { data: null, message: AUTH_TEXT.signedOutAll };
    },
  );

  app.post(
    '/auth/refresh-token',
    {
      schema: {
        tags: ['auth'],
        summary: 'Exchange a refresh token for a new token pair',
        body: refreshBody,
        response: { 200: tokensReply },
      },
    },
    async (request) => ({
      data: await refreshSession(depsFor(request), request.body.refreshToken, client(request)),
    }),
  );

  app.post(
    '/auth/forgot-password',
    {
      config: rateLimited(config, 'forgotPassword'),
      schema: {
        tags: ['auth'],
        summary: 'Mail a password reset code',
        body: forgotPasswordBody,
        response: { 200: doneReply },
      },
    },
    async (request, reply) => {
      const deliver = await forgotPassword(depsFor(request), request.body.email);
      reply.send({ data: null, message: AUTH_TEXT.resetRequested });
      // The account lookup, the code and the mail happen once the reply is on its way.
      app.afterReply.run(deliver, request.log, 'could not send a reset code');
      return reply;
    },
  );

  app.post(
    '/auth/verify-reset-otp',
    {
      config: rateLimited(config, 'verifyResetOtp'),
      schema: {
        tags: ['auth'],
        summary: 'Exchange a reset code for a reset token',
        body: verifyResetOtpBody,
        response: { 200: z.object({ data: z.object({ resetToken: z.string() }) }) },
      },
    },
    async (request) => ({
      data: await verifyResetOtp(depsFor(request), request.body.email, request.body.code),
    }),
  );

  app.post(
    '/auth/reset-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset token',
        body: resetPasswordBody,
        response: { 200: doneReply },
      },
    },
    async (request) => {
      await resetPassword(depsFor(request), request.body.resetToken, request.body.newPassword);
      return { data: null, message: AUTH_TEXT.passwordReset };
    },
  );

  app.post(
    '/auth/change-password',
    {
      preHandler: ctx.auth.requireAuth,
      schema: {
        tags: ['auth'],
        summary: 'Change the password; other devices are signed out',
        security: bearer,
        body: changePasswordBody,
        response: { 200: doneReply },
      },
    },
    async (request) => {
      const { currentPassword, newPassword } = request.body;
      await changePassword(depsFor(request), currentUser(request), currentPassword, newPassword);
      return { data: null, message: AUTH_TEXT.passwordChanged };
    },
  );

  app.post(
    '/auth/request-verification',
    {
      preHandler: ctx.auth.requireAuth,
      config: rateLimited(config, 'requestVerification'),
      schema: {
        tags: ['auth'],
        summary: 'Mail a new email verification code',
        security: bearer,
        response: { 200: doneReply },
      },
    },
    async (request) => {
      await requestVerification(depsFor(request), currentUser(request));
      return { data: null, message: AUTH_TEXT.verificationSent };
    },
  );

  app.post(
    '/auth/verify-email',
    {
      preHandler: ctx.auth.requireAuth,
      config: rateLimited(config, 'verifyEmail'),
      schema: {
        tags: ['auth'],
        summary: 'Confirm the email address with the mailed code',
        security: bearer,
        body: verifyEmailBody,
        response: { 200: z.object({ data: z.object({ user: publicUser }), message: z.string() }) },
      },
    },
    async (request) => ({
      data: { user: await verifyEmail(depsFor(request), currentUser(request), request.body.code) },
      message: AUTH_TEXT.emailVerified,
    }),
  );

  app.get(
    '/auth/sessions',
    {
      preHandler: ctx.auth.requireAuth,
      schema: {
        tags: ['auth'],
        summary: 'Signed-in devices, newest first',
        security: bearer,
        response: { 200: z.object({ data: z.array(sessionInfo) }) },
      },
    },
    async (request) => ({ data: await listSessions(depsFor(request), currentUser(request)) }),
  );

  app.delete(
    '/auth/sessions/:id',
    {
      preHandler: ctx.auth.requireAuth,
      schema: {
        tags: ['auth'],
        summary: 'Sign out one of your devices',
        security: bearer,
        params: idParam,
        response: { 200: doneReply },
      },
    },
    async (request) => {
      await revokeSession(depsFor(request), currentUser(request), request.params.id);
      return { data: null, message: AUTH_TEXT.sessionSignedOut };
    },
  );

  app.get(
    '/users/me',
    {
      preHandler: ctx.auth.requireAuth,
      schema: {
        tags: ['users'],
        summary: 'The signed-in account and its settings',
        security: bearer,
        response: { 200: z.object({ data: z.object({ user: publicUser, settings: userSettings }) }) },
      },
    },
    async (request) => ({ data: await getMe(ctx.database.db, currentUser(request)) }),
  );
};
