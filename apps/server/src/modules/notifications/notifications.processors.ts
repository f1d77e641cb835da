import type { ActivityEvent } from '../../platform/module-hooks.js';
import type { Db } from '../../platform/db/db.js';
import { canSee, findById, findComment } from '../content/index.js';
import { findApplicationRefs } from '../applications/index.js';
import { findByUsernames, isLiveUser, withdrawActor, withdrawBySources, type Delivery } from './notifications.repository.js';

/** A delivery before settings decide about its email. */
export type Draft = Omit<Delivery, 'email'>;

/** What one activity does: notifications to write, and people whose list lost some (withdrawals). */
export interface Outcome {
  drafts: Draft[];
  withdrawnFrom: string[];
}

interface ProcessorDeps {
  db: Db;
  now: Date;
}

const EXCERPT_CHARS = 140;
const excerptOf = (text: string) => (text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS - 1)}…` : text);
const day = (d: Date) => d.toISOString().slice(0, 10);

/** `@name` in a comment: the names, lower-cased, once each (the username's own characters). */
export function mentionedUsernames(body: string): string[] {
  const names = new Set<string>();
  for (const m of body.matchAll(/(^|[^A-Za-z0-9_.@-])@([A-Za-z0-9_.-]{3,30})/g)) {
    const name = m[2]!.replace(/[.-]+$/, '');
    if (name.length >= 3) names.add(name.toLowerCase());
  }
  return [...names];
}

/** An item as a recipient may see it, or null: nobody hears of what they cannot open. */
async function visibleItem(db: Db, contentId: string) {
  const item = await findById(db, contentId);
  return item && item.status === 'ready' ? item : null;
}

const none: Outcome = { drafts: [], withdrawnFrom: [] };

/** comment, reply and mention: one comment can make each of them, each person hearing once. */
async function onComment(deps: ProcessorDeps, e: Extract<ActivityEvent, { type: 'comment' }>): Promise<Outcome> {
  const item = await visibleItem(deps.db, e.contentId);
  if (!item) return none;
  const told = new Set<string>([e.actorId]);
  const drafts: Draft[] = [];
  const about = { subjectType: 'content' as const, subjectId: e.contentId, sourceId: e.commentId, actorId: e.actorId, excerpt: excerptOf(e.body), refunded: null };
  if (e.parentId) {
    const parent = await findComment(deps.db, e.contentId, e.parentId);
    if (parent?.userId && !told.has(parent.userId) && canSee({ id: parent.userId }, item, 'item')) {
      told.add(parent.userId);
      drafts.push({ userId: parent.userId, kind: 'reply', groupKey: `reply:${e.commentId}`, ...about });
    }
  }
  if (!told.has(item.userId)) {
    told.add(item.userId);
    drafts.push({ userId: item.userId, kind: 'comment', groupKey: `comment:${e.commentId}`, ...about });
  }
  for (const person of await findByUsernames(deps.db, mentionedUsernames(e.body))) {
    if (told.has(person.id) || !canSee({ id: person.id }, item, 'item')) continue;
    told.add(person.id);
    drafts.push({ userId: person.id, kind: 'mention', groupKey: `mention:${e.commentId}`, ...about });
  }
  return { drafts, withdrawnFrom: [] };
}

/** like: one row per item and day, every liker of that day in it. */
async function onLike(deps: ProcessorDeps, e: Extract<ActivityEvent, { type: 'like' }>): Promise<Outcome> {
  const item = await visibleItem(deps.db, e.contentId);
  if (!item || item.userId === e.actorId) return none;
  return {
    drafts: [
      {
        userId: item.userId,
        kind: 'like',
        groupKey: `like:${e.contentId}:${day(deps.now)}`,
        subjectType: 'content',
        subjectId: e.contentId,
        sourceId: null,
        actorId: e.actorId,
        excerpt: null,
        refunded: null,
      },
    ],
    withdrawnFrom: [],
  };
}

async function onFollow(_deps: ProcessorDeps, e: Extract<ActivityEvent, { type: 'follow' }>): Promise<Outcome> {
  if (e.userId === e.actorId) return none;
  return {
    drafts: [
      {
        userId: e.userId,
        kind: 'follow',
        groupKey: `follow:${e.actorId}`,
        subjectType: 'user',
        subjectId: e.actorId,
        sourceId: null,
        actorId: e.actorId,
        excerpt: null,
        refunded: null,
      },
    ],
    withdrawnFrom: [],
  };
}

/** application: to the job's owner. */
async function onApplication(deps: ProcessorDeps, e: Extract<ActivityEvent, { type: 'application' }>): Promise<Outcome> {
  const r = await findApplicationRefs(deps.db, e.applicationId);
  if (!r || r.job.ownerId === e.actorId) return none;
  return {
    drafts: [
      {
        userId: r.job.ownerId,
        kind: 'application',
        groupKey: `application:${r.app.id}`,
        subjectType: 'job',
        subjectId: r.job.id,
        sourceId: r.app.id,
        actorId: e.actorId,
        excerpt: null,
        refunded: null,
      },
    ],
    withdrawnFrom: [],
  };
}

/** application-status: to the applicant, once per status their application reaches. */
async function onApplicationStatus(deps: ProcessorDeps, e: Extract<ActivityEvent, { type: 'application-status' }>): Promise<Outcome> {
  const r = await findApplicationRefs(deps.db, e.applicationId);
  if (!r) return none;
  return {
    drafts: [
      {
        userId: r.app.applicantId,
        kind: 'application-status',
        groupKey: `application-status:${r.app.id}:${e.status}`,
        subjectType: 'job',
        subjectId: r.job.id,
        sourceId: r.app.id,
        actorId: null,
        excerpt: e.status,
        refunded: null,
      },
    ],
    withdrawnFrom: [],
  };
}

/** generation: an item of one's own finished, or failed with its refund. */
async function onGeneration(_deps: ProcessorDeps, e: Extract<ActivityEvent, { type: 'generation' }>): Promise<Outcome> {
  return {
    drafts: [
      {
        userId: e.userId,
        kind: 'generation',
        groupKey: `generation:${e.contentId}`,
        subjectType: 'content',
        subjectId: e.contentId,
        sourceId: null,
        actorId: null,
        excerpt: e.outcome === 'failed' ? (e.reason ?? null) : null,
        refunded: e.outcome === 'failed' ? e.refunded : null,
      },
    ],
    withdrawnFrom: [],
  };
}

const people = (rows: { userId: string }[]) => [...new Set(rows.map((r) => r.userId))];

/** moderation: to the one person a moderator's decision concerns (the sentence is the excerpt). */
function onModeration(e: Extract<ActivityEvent, { type: 'moderation' }>): Outcome {
  return {
    drafts: [
      {
        userId: e.userId,
        kind: 'moderation',
        groupKey: `moderation:${e.key}`,
        subjectType: e.subjectType,
        subjectId: e.subjectId,
        sourceId: null,
        actorId: null,
        excerpt: e.text,
        refunded: null,
      },
    ],
    withdrawnFrom: [],
  };
}

/** One processor per kind of activity (DESIGN.md §12). */
export async function process(deps: ProcessorDeps, e: ActivityEvent): Promise<Outcome> {
  // Nothing from an account that is gone by the time the job runs.
  if ('actorId' in e && !(await isLiveUser(deps.db, e.actorId))) return none;
  switch (e.type) {
    case 'comment':
      return onComment(deps, e);
    case 'like':
      return onLike(deps, e);
    case 'follow':
      return onFollow(deps, e);
    case 'application':
      return onApplication(deps, e);
    case 'application-status':
      return onApplicationStatus(deps, e);
    case 'generation':
      return onGeneration(deps, e);
    case 'moderation':
      return onModeration(e);
    case 'unlike':
      return { drafts: [], withdrawnFrom: people(await withdrawActor(deps.db, 'like', e.contentId, e.actorId)) };
    case 'unfollow':
      return { drafts: [], withdrawnFrom: people(await withdrawActor(deps.db, 'follow', e.actorId, e.actorId)) };
    case 'comments-deleted':
      return { drafts: [], withdrawnFrom: people(await withdrawBySources(deps.db, e.commentIds)) };
  }
}
