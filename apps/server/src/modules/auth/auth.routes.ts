import type { FastifyRequest } from 'fastify';
import { MSG, authContracts as c, usersContracts } from '@atelier/shared';
import { currentUser } from '../../platform/http/auth.js';
import { fromContract } from '../../platform/http/contract-route.js';
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

const security = [{ bearer: [] }];

/** Spec §7 "Auth" and GET /users/me. */
export const authRoutes: AppModule = (app, ctx) => {
  const { config } = ctx;
  const depsFor = (request: FastifyRequest): AuthDeps => ({
    db: ctx.database.db,
    clock: ctx.clock,
    mailer: ctx.mailer,
    tokens: ctx.tokens,
    log: request.log,
    limits: ctx.accountLimits,
    realtime: ctx.realtime,
    hooks: ctx.hooks,
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

  app.route({
    ...fromContract(c.register),
    config: rateLimited(config, 'register'),
    handler: async (request, reply) => {
      const data = await register(depsFor(request), request.body, client(request));
      return reply.status(201).send({ data });
    },
  });

  app.route({
    ...fromContract(c.login),
    config: rateLimited(config, 'login'),
    handler: async (request) => ({ data: await login(depsFor(request), request.body, client(request)) }),
  });

  app.route({
    ...fromContract(c.google),
    config: rateLimited(config, 'google'),
    handler: async (request) => ({
      data: await signInWithProvider(depsFor(request), google, request.body.idToken, client(request)),
    }),
  });

  app.route({
    ...fromContract(c.facebook),
    config: rateLimited(config, 'facebook'),
    handler: async (request) => ({
      data: await signInWithProvider(depsFor(request), facebook, request.body.accessToken, client(request)),
    }),
  });

  app.route({
    ...fromContract(c.logout, { security }),
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => {
      await logout(depsFor(request), currentUser(request), request.body?.token);
      return { data: null, message: AUTH_TEXT.signedOut };
    },
  });

  app.route({
    ...fromContract(c.logoutAll, { security }),
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => {
      await logoutAll(depsFor(request), currentUser(request));
      return { data: null, message: AUTH_TEXT.signedOutAll };
    },
  });

  app.route({
    ...fromContract(c.refresh),
    handler: async (request) => ({
      data: await refreshSession(depsFor(request), request.body.refreshToken, client(request)),
    }),
  });

  app.route({
    ...fromContract(c.forgotPassword),
    config: rateLimited(config, 'forgotPassword'),
    handler: async (request, reply) => {
      const deliver = await forgotPassword(depsFor(request), request.body.email);
      reply.send({ data: null, message: AUTH_TEXT.resetRequested });
      // The account lookup, the code and the mail happen once the reply is on its way.
      app.afterReply.run(deliver, request.log, 'could not send a reset code');
      return reply;
    },
  });

  app.route({
    ...fromContract(c.verifyResetOtp),
    config: rateLimited(config, 'verifyResetOtp'),
    handler: async (request) => ({
      data: await verifyResetOtp(depsFor(request), request.body.email, request.body.code),
    }),
  });

  app.route({
    ...fromContract(c.resetPassword),
    handler: async (request) => {
      await resetPassword(depsFor(request), request.body.resetToken, request.body.newPassword);
      return { data: null, message: AUTH_TEXT.passwordReset };
    },
  });

  app.route({
    ...fromContract(c.changePassword, { security }),
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => {
      const { currentPassword, newPassword } = request.body;
      await changePassword(depsFor(request), currentUser(request), currentPassword, newPassword);
      return { data: null, message: AUTH_TEXT.passwordChanged };
    },
  });

  app.route({
    ...fromContract(c.requestVerification, { security }),
    preHandler: ctx.auth.requireAuth,
    config: rateLimited(config, 'requestVerification'),
    handler: async (request) => {
      await requestVerification(depsFor(request), currentUser(request));
      return { data: null, message: AUTH_TEXT.verificationSent };
    },
  });

  app.route({
    ...fromContract(c.verifyEmail, { security }),
    preHandler: ctx.auth.requireAuth,
    config: rateLimited(config, 'verifyEmail'),
    handler: async (request) => ({
      data: { user: await verifyEmail(depsFor(request), currentUser(request), request.body.code) },
      message: AUTH_TEXT.emailVerified,
    }),
  });

  app.route({
    ...fromContract(c.sessions, { security }),
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => ({ data: await listSessions(depsFor(request), currentUser(request)) }),
  });

  app.route({
    ...fromContract(c.revokeSession, { security }),
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => {
      await revokeSession(depsFor(request), currentUser(request), request.params.id);
      return { data: null, message: AUTH_TEXT.sessionSignedOut };
    },
  });

  app.route({
    ...fromContract(usersContracts.me, { security }),
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => ({ data: await getMe(ctx.database.db, currentUser(request)) }),
  });
};
