import { assertFormText, multipartFailure } from '../../platform/http/request-text.js';
import type { FastifyRequest } from 'fastify';
import { accountDeletionSteps } from '../account-deletion.js';
import { z } from 'zod';
import {
  MSG,
  collectionWithFlag,
  content,
  deleteAccountBody,
  followResult,
  idParam,
  makePagination,
  ownProfile,
  pagination,
  paginationQuery,
  profileByUsername,
  publicProfileSummary,
  publicUser,
  referralsData,
  updateProfileBody,
  updateSettingsBody,
  userContentQuery,
  userSearchQuery,
  userSettings,
  userStats,
  type UpdateProfileBody,
} from '@atelier/shared';
import { currentUser } from '../../platform/http/auth.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import { bearerOrApiKey, fileResponse } from '../../platform/http/openapi.js';
import type { AppModule } from '../../platform/http/types.js';
import { listCollections } from '../collections/index.js';
import { buildContentArchive, listContentByOwner } from '../content/index.js';
import { listReferrals, registerReferralProgram, type ReferralProgram } from './referrals.service.js';
import { findLiveUser, listFollowPeople, searchPeople } from './users.repository.js';
import {
  AVATAR_MAX_BYTES,
  USERS_TEXT,
  canSeeDetails,
  deleteAccount,
  follow,
  getOwnProfile,
  getProfileByUsername,
  getStats,
  sendDeletionCode,
  unfollow,
  updateProfile,
  updateSettings,
  type UsersDeps,
} from './users.service.js';

const bearer = [{ bearer: [] }];
const summaries = z.object({ data: z.array(publicProfileSummary), pagination });
const done = z.object({ data: z.null(), message: z.string() });

/** The multipart form of PATCH /users/profile: the text fields plus an optional `avatar` image. */
async function readProfileForm(request: FastifyRequest): Promise<{ body: UpdateProfileBody; avatar?: Buffer }> {
  const fields: Record<string, string> = {};
  let avatar: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1 } })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname === 'avatar' && data.length > 0) avatar = data;
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    throw multipartFailure(err, { tooLarge: USERS_TEXT.avatarTooLarge, oneFile: 'Please attach a single image' });
  }
  assertFormText(fields);
  const parsed = updateProfileBody.safeParse(fields);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    throw badRequest(details[0]?.message ?? MSG.users.updateProfileFailed, details);
  }
  return { body: parsed.data, avatar };
}

/** Spec §7 "Users" (GET /users/me lives with auth). */
export const usersRoutes: AppModule = (app, ctx) => {
  const db = ctx.database.db;
  const program: ReferralProgram = { bonusCredits: ctx.config.REFERRAL_BONUS_CREDITS, realtime: ctx.realtime, publicUrl: ctx.config.PUBLIC_URL };
  registerReferralProgram(db, program);
  const deletionSteps = accountDeletionSteps(ctx);
  const depsFor = (request: FastifyRequest): UsersDeps => ({
    db,
    storage: ctx.storage,
    mailer: ctx.mailer,
    clock: ctx.clock,
    realtime: ctx.realtime,
    log: request.log,
    deletionSteps,
  });
  const viewerOf = (request: FastifyRequest) => request.auth ?? null;

  app.get(
    '/users/profile',
    { preHandler: ctx.auth.requireAuth, schema: { tags: ['users'], summary: 'Your full profile and settings', security: bearer, response: { 200: z.object({ data: ownProfile }) } } },
    async (request) => ({ data: await getOwnProfile(db, currentUser(request)) }),
  );

  app.get(
    '/users/profile/:username',
    {
      preHandler: ctx.auth.optionalAuth,
      schema: {
        tags: ['users'],
        summary: 'A public profile with follower, following and content counts',
        description: 'A private profile shows only name, username and avatar to others.',
        params: z.object({ username: z.string().min(1).max(60) }),
        response: { 200: z.object({ data: profileByUsername }) },
      },
    },
    async (request) => ({ data: await getProfileByUsername(db, request.params.username, viewerOf(request)) }),
  );

  app.patch(
    '/users/profile',
    {
      preHandler: ctx.auth.requireAuth,
      schema: {
        tags: ['users'],
        summary: 'Update your profile',
        description: 'JSON, or multipart/form-data with the same fields and an optional `avatar` image (PNG, JPEG, WebP or GIF, at most 5 MB).',
        security: bearer,
        consumes: ['application/json', 'multipart/form-data'],
        body: updateProfileBody.nullish(),
        response: { 200: z.object({ data: z.object({ user: publicUser }), message: z.string() }) },
      },
    },
    async (request) => {
      const form = request.isMultipart() ? await readProfileForm(request) : { body: request.body ?? {} };
      const user = await updateProfile(depsFor(request), currentUser(request), form.body, 'avatar' in form ? form.avatar : undefined);
      return { data: { user }, message: USERS_TEXT.profileUpdated };
    },
  );

  app.patch(
    '/users/settings',
    {
      preHandler: ctx.auth.requireAuth,
      schema: { tags: ['users'], summary: 'Update your settings', security: bearer, body: updateSettingsBody, response: { 200: z.object({ data: z.object({ settings: userSettings }), message: z.string() }) } },
    },
    async (request) => ({ data: { settings: await updateSettings(depsFor(request), currentUser(request), request.body) }, message: USERS_TEXT.settingsUpdated }),
  );

  app.get(
    '/users/collections',
    {
      preHandler: ctx.auth.requireAuth,
      schema: { tags: ['users'], summary: 'Your collections', security: bearerOrApiKey('collections'), querystring: paginationQuery, response: { 200: z.object({ data: z.array(collectionWithFlag), pagination }) } },
    },
    async (request) => listCollections({ db, storage: ctx.storage, clock: ctx.clock }, currentUser(request), request.query),
  );

  app.get(
    '/users/content',
    {
      preHandler: ctx.auth.requireAuth,
      schema: {
        tags: ['users'],
        summary: 'Your content, private and failed items included',
        security: bearerOrApiKey('content:read'),
        querystring: userContentQuery,
        response: { 200: z.object({ data: z.array(content), pagination }) },
      },
    },
    async (request) => {
      const { page, pageSize, type, status, isPrivate } = request.query;
      const result = await listContentByOwner({ db, storage: ctx.storage }, currentUser(request).id, { type, status, isPrivate, publicOnly: false, viewerId: currentUser(request).id }, page, pageSize);
      return { data: result.items, pagination: makePagination(page, pageSize, result.total) };
    },
  );

  app.get(
    '/users/content/archive',
    {
      preHandler: ctx.auth.requireAuth,
      schema: {
        tags: ['users'],
        summary: 'Download everything you own as one ZIP',
        description:
          'Streams a ZIP of all your content, private included: per ready item `items/<folder>/original.<ext>` and `metadata.json`, plus `index.json` listing every item (queued and failed ones too, without a file).',
        security: bearerOrApiKey('content:read'),
        produces: ['application/zip'],
        response: fileResponse('application/zip', 'A ZIP of everything you own'),
      },
    },
    async (request, reply) => {
      const archive = await buildContentArchive({ db, storage: ctx.storage, clock: ctx.clock, log: request.log }, currentUser(request).id);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${archive.fileName}"`)
        .header('cache-control', 'no-store')
        .send(archive.stream);
    },
  );

  app.get(
    '/users/:id/content',
    {
      preHandler: ctx.auth.optionalAuth,
      schema: {
        tags: ['users'],
        summary: "A user's public, ready content (everything when it is yours)",
        params: idParam,
        querystring: userContentQuery.pick({ page: true, pageSize: true, type: true }),
        response: { 200: z.object({ data: z.array(content), pagination }) },
      },
    },
    async (request) => {
      const { page, pageSize, type } = request.query;
      const viewer = viewerOf(request);
      const owner = await findLiveUser(db, request.params.id);
      if (!owner) throw notFound(USERS_TEXT.userNotFound);
      const isSelf = viewer?.id === owner.id;
      if (!isSelf && !canSeeDetails(owner, viewer)) return { data: [], pagination: makePagination(page, pageSize, 0) };
      const result = await listContentByOwner({ db, storage: ctx.storage }, owner.id, { type, publicOnly: !isSelf, viewerId: viewer?.id ?? null }, page, pageSize);
      return { data: result.items, pagination: makePagination(page, pageSize, result.total) };
    },
  );

  for (const [method, path, action, summary] of [
    ['post', '/users/follow/:id', follow, 'Follow a user (409 when you already do)'],
    ['delete', '/users/follow/:id', unfollow, 'Stop following a user (a no-op when you do not)'],
  ] as const) {
    app[method](
      path,
      { preHandler: ctx.auth.requireAuth, schema: { tags: ['users'], summary, security: bearer, params: idParam, response: { 200: z.object({ data: followResult, message: z.string() }) } } },
      async (request) => {
        const data = await action(db, currentUser(request), request.params.id);
        return { data, message: data.isFollowing ? USERS_TEXT.followed : USERS_TEXT.unfollowed };
      },
    );
  }

  for (const direction of ['followers', 'following'] as const) {
    app.get(
      `/users/${direction}`,
      { preHandler: ctx.auth.requireAuth, schema: { tags: ['users'], summary: `Your ${direction}`, security: bearer, querystring: paginationQuery, response: { 200: summaries } } },
      async (request) => {
        const { page, pageSize } = request.query;
        const me = currentUser(request);
        const r = await listFollowPeople(db, me.id, direction, me.id, page, pageSize);
        return { data: r.items, pagination: makePagination(page, pageSize, r.total) };
      },
    );
    app.get(
      `/users/:id/${direction}`,
      {
        preHandler: ctx.auth.optionalAuth,
        schema: { tags: ['users'], summary: `A user's ${direction} (empty for a private profile)`, params: idParam, querystring: paginationQuery, response: { 200: summaries } },
      },
      async (request) => {
        const { page, pageSize } = request.query;
        const viewer = viewerOf(request);
        const owner = await findLiveUser(db, request.params.id);
        if (!owner) throw notFound(USERS_TEXT.userNotFound);
        if (!canSeeDetails(owner, viewer)) return { data: [], pagination: makePagination(page, pageSize, 0) };
        const r = await listFollowPeople(db, owner.id, direction, viewer?.id ?? null, page, pageSize);
        return { data: r.items, pagination: makePagination(page, pageSize, r.total) };
      },
    );
  }

  app.get(
    '/users/referrals',
    {
      preHandler: ctx.auth.requireAuth,
      schema: { tags: ['users'], summary: 'People who joined with your referral code', security: bearer, querystring: paginationQuery, response: { 200: z.object({ data: referralsData, pagination }) } },
    },
    async (request) => listReferrals(db, program, currentUser(request).id, request.query.page, request.query.pageSize),
  );

  app.get(
    '/users/search',
    { preHandler: ctx.auth.optionalAuth, schema: { tags: ['users'], summary: 'Find people by username or name', querystring: userSearchQuery, response: { 200: summaries } } },
    async (request) => {
      const { query, page, pageSize } = request.query;
      const r = await searchPeople(db, query, viewerOf(request)?.id ?? null, page, pageSize);
      return { data: r.items, pagination: makePagination(page, pageSize, r.total) };
    },
  );

  app.get(
    '/users/stats',
    { preHandler: ctx.auth.requireAuth, schema: { tags: ['users'], summary: 'Your numbers', security: bearer, response: { 200: z.object({ data: z.object({ stats: userStats }) }) } } },
    async (request) => ({ data: { stats: await getStats(db, currentUser(request)) } }),
  );

  app.post(
    '/users/account/deletion-code',
    { preHandler: ctx.auth.requireAuth, schema: { tags: ['users'], summary: 'Mail a code that confirms deleting an account without a password', security: bearer, response: { 200: done } } },
    async (request) => {
      await sendDeletionCode(depsFor(request), currentUser(request));
      return { data: null, message: USERS_TEXT.deletionCodeSent };
    },
  );

  app.delete(
    '/users/account',
    {
      preHandler: ctx.auth.requireAuth,
      schema: {
        tags: ['users'],
        summary: 'Delete your account',
        description:
          'Confirm with your password, or with the code from /users/account/deletion-code when the account has none. A live subscription is cancelled at the payment provider first. Then, in one transaction, every module removes what was only the person\'s: sessions and codes, saved cards and payment sessions, their applications and their jobs (with those jobs\' applications and résumé files), conversations and messages, contact messages, private and unfinished content (with its files), likes, collections and follows; the account is anonymised. Public content and comments stay, attributed to "Deleted user"; credit ledger, checkouts and the admin audit trail stay as anonymous records.',
        security: bearer,
        body: deleteAccountBody,
        response: { 200: done },
      },
    },
    async (request) => {
      await deleteAccount(depsFor(request), currentUser(request), request.body);
      return { data: null, message: USERS_TEXT.accountDeleted };
    },
  );
};
