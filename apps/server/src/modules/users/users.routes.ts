import { assertFormText, multipartFailure } from '../../platform/http/request-text.js';
import type { FastifyRequest } from 'fastify';
import { accountDeletionSteps } from '../../platform/module-hooks.js';
import { MSG, makePagination, updateProfileBody, usersContracts as c, type UpdateProfileBody } from '@atelier/shared';
import { currentUser } from '../../platform/http/auth.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import { fromContract } from '../../platform/http/contract-route.js';
import { runActivity } from '../../platform/module-hooks.js';
import type { AppModule } from '../../platform/http/types.js';
import { profileForViewer } from './profile-for-viewer.js';
import { listReferrals, registerReferralProgram, type ReferralProgram } from './referrals.service.js';
import { findLiveUser, listFollowPeople, searchPeople, suggestedPeople } from './users.repository.js';
import {
  AVATAR_MAX_BYTES,
  USERS_TEXT,
  type PersonTotals,
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

const security = [{ bearer: [] }];

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
export const usersRoutes = (totals: PersonTotals): AppModule => (app, ctx) => {
  const db = ctx.database.db;
  const program: ReferralProgram = { bonusCredits: ctx.config.REFERRAL_BONUS_CREDITS, realtime: ctx.realtime, publicUrl: ctx.config.PUBLIC_URL };
  registerReferralProgram(db, program);
  const deletionSteps = accountDeletionSteps(ctx.hooks);
  const depsFor = (request: FastifyRequest): UsersDeps => ({
    db,
    storage: ctx.storage,
    mailer: ctx.mailer,
    clock: ctx.clock,
    realtime: ctx.realtime,
    log: request.log,
    deletionSteps,
    limits: ctx.accountLimits,
  });
  const viewerOf = (request: FastifyRequest) => request.auth ?? null;

  app.route({
    ...fromContract(c.profile, { security }),
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => ({ data: await getOwnProfile(db, currentUser(request)) }),
  });

  app.route({
    ...fromContract(c.profileByUsername),
    config: { publicRead: 'cache', forViewer: profileForViewer(db) },
    preHandler: ctx.auth.optionalAuth,
    handler: async (request) => ({ data: await getProfileByUsername(db, totals, request.params.username, viewerOf(request)) }),
  });

  app.route({
    ...fromContract(c.updateProfile, { security }),
    config: { changesPublicReads: true },
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => {
      const form = request.isMultipart() ? await readProfileForm(request) : { body: request.body ?? {} };
      const user = await updateProfile(depsFor(request), currentUser(request), form.body, 'avatar' in form ? form.avatar : undefined);
      return { data: { user }, message: USERS_TEXT.profileUpdated };
    },
  });

  app.route({
    ...fromContract(c.updateSettings, { security }),
    config: { changesPublicReads: true },
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => ({ data: { settings: await updateSettings(depsFor(request), currentUser(request), request.body) }, message: USERS_TEXT.settingsUpdated }),
  });

  for (const [route, action] of [
    [c.follow, follow],
    [c.unfollow, unfollow],
  ] as const) {
    app.route({
      ...fromContract(route, { security }),
      config: { changesPublicReads: true },
      preHandler: ctx.auth.requireAuth,
      handler: async (request) => {
        const viewer = currentUser(request);
        const data = await action(db, viewer, request.params.id);
        const type = data.isFollowing ? 'follow' : 'unfollow';
        await runActivity(ctx.hooks, { type, actorId: viewer.id, userId: request.params.id }, request.log);
        return { data, message: data.isFollowing ? USERS_TEXT.followed : USERS_TEXT.unfollowed };
      },
    });
  }

  for (const [direction, own, theirs] of [
    ['followers', c.followers, c.userFollowers],
    ['following', c.following, c.userFollowing],
  ] as const) {
    app.route({
      ...fromContract(own, { security }),
      preHandler: ctx.auth.requireAuth,
      handler: async (request) => {
        const { page, pageSize } = request.query;
        const me = currentUser(request);
        const r = await listFollowPeople(db, me.id, direction, me.id, page, pageSize);
        return { data: r.items, pagination: makePagination(page, pageSize, r.total) };
      },
    });
    app.route({
      ...fromContract(theirs),
      preHandler: ctx.auth.optionalAuth,
      handler: async (request) => {
        const { page, pageSize } = request.query;
        const viewer = viewerOf(request);
        const owner = await findLiveUser(db, request.params.id);
        if (!owner) throw notFound(USERS_TEXT.userNotFound);
        if (!canSeeDetails(owner, viewer)) return { data: [], pagination: makePagination(page, pageSize, 0) };
        const r = await listFollowPeople(db, owner.id, direction, viewer?.id ?? null, page, pageSize);
        return { data: r.items, pagination: makePagination(page, pageSize, r.total) };
      },
    });
  }

  app.route({
    ...fromContract(c.referrals, { security }),
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => listReferrals(db, program, currentUser(request).id, request.query.page, request.query.pageSize),
  });

  app.route({
    ...fromContract(c.search),
    preHandler: ctx.auth.optionalAuth,
    handler: async (request) => {
      const { query, page, pageSize, sort } = request.query;
      const r = await searchPeople(db, query, viewerOf(request)?.id ?? null, page, pageSize, sort);
      return { data: r.items, pagination: makePagination(page, pageSize, r.total) };
    },
  });

  app.route({
    ...fromContract(c.suggested),
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => ({ data: await suggestedPeople(db, currentUser(request).id, ctx.clock(), 6) }),
  });

  app.route({
    ...fromContract(c.stats, { security }),
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => ({ data: { stats: await getStats(db, totals, currentUser(request)) } }),
  });

  app.route({
    ...fromContract(c.deletionCode, { security }),
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => {
      await sendDeletionCode(depsFor(request), currentUser(request));
      return { data: null, message: USERS_TEXT.deletionCodeSent };
    },
  });

  app.route({
    ...fromContract(c.deleteAccount, { security }),
    config: { changesPublicReads: true },
    preHandler: ctx.auth.requireAuth,
    handler: async (request) => {
      await deleteAccount(depsFor(request), currentUser(request), request.body);
      return { data: null, message: USERS_TEXT.accountDeleted };
    },
  });
};
