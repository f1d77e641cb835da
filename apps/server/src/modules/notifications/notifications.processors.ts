import type { ActivityEvent } from '../../platform/module-hooks.js';
import type { Db } from '../../platform/db/db.js';
import { canSee, commentContentId, findById, findComment, type ContentRow } from '../content/index.js';
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

/**
 * remix: a finished item made from someone else's (remixOf; an edit of one's own is not one),
 * public, tells the source's owner. A batch's candidates and one day's remixes of one item are
 * one line ("A and B remixed X"), linking to the newest remix.
 */
async function remixOf(deps: ProcessorDeps, remix: ContentRow): Promise<Draft | null> {
  if (!remix.parentId || remix.editOperation || remix.status !== 'ready') return null;
  const source = await findById(deps.db, remix.parentId);
  if (!source || source.userId === remix.userId) return null;
  // The owner hears only of a remix they can open, about an item of theirs that still stands.
  if (!canSee({ id: source.userId }, remix, 'item') || !canSee({ id: source.userId }, source, 'item')) return null;
  return {
    userId: source.userId,
    kind: 'remix',
    groupKey: `remix:${source.id}:${day(deps.now)}`,
    subjectType: 'content',
    subjectId: source.id,
    sourceId: remix.id,
    actorId: remix.userId,
    excerpt: null,
    refunded: null,
  };
}

const BATCH_GROUP = 'generation:batch:';

/** The group key of one batch's finished candidates. */
export const batchGroup = (batchId: string): string => `${BATCH_GROUP}${batchId}`;

/** The batch whose finished candidates a group key stands for, or null (written by onGeneration). */
export function batchOfGroup(groupKey: string): string | null {
  return groupKey.startsWith(BATCH_GROUP) ? groupKey.slice(BATCH_GROUP.length) : null;
}

/**
 * generation: an item of one's own finished, or failed with its refund; a finished remix also tells
 * the source's owner. The finished candidates of one batch are one notification, about its first
 * (the reply counts them, `itemCount`); each failure is its own, with its own refund.
 */
async function onGeneration(deps: ProcessorDeps, e: Extract<ActivityEvent, { type: 'generation' }>): Promise<Outcome> {
  const finished = e.outcome === 'completed' ? await findById(deps.db, e.contentId) : undefined;
  const remix = finished ? await remixOf(deps, finished) : null;
  return {
    drafts: [
      ...(remix ? [remix] : []),
      {
        userId: e.userId,
        kind: 'generation',
        groupKey: finished?.batchId ? batchGroup(finished.batchId) : `generation:${e.contentId}`,
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

/**
 * moderation: the owner of what a moderator hid hears of it (with the note); each person whose
 * report was closed by an action hears that it was acted on. Nobody is told who the moderator was.
 */
async function onModeration(deps: ProcessorDeps, e: Extract<ActivityEvent, { type: 'moderation' }>): Promise<Outcome> {
  const drafts: Draft[] = [];
  const note = e.note ? excerptOf(e.note) : null;
  if (e.action === 'warn' && e.ownerId) {
    const itemId = e.targetType === 'content' ? e.targetId : e.targetType === 'comment' ? await commentContentId(deps.db, e.targetId) : null;
    drafts.push({
      userId: e.ownerId,
      kind: 'moderation',
      groupKey: `moderation:${e.targetType}:${e.targetId}:warn`,
      subjectType: itemId ? 'content' : e.targetType === 'job' ? 'job' : 'report',
      subjectId: itemId ?? e.targetId,
      sourceId: e.targetType === 'comment' ? e.targetId : null,
      actorId: null,
      excerpt: note,
      refunded: null,
      action: 'warned',
    });
  }
  if (e.action === 'hide' && e.ownerId) {
    const onItem = e.targetType === 'content' || e.targetType === 'comment';
    const itemId = e.targetType === 'content' ? e.targetId : e.targetType === 'comment' ? await commentContentId(deps.db, e.targetId) : null;
    if (e.targetType === 'job' || (onItem && itemId)) {
      drafts.push({
        userId: e.ownerId,
        kind: 'moderation',
        groupKey: `moderation:${e.targetType}:${e.targetId}:hide`,
        subjectType: e.targetType === 'job' ? 'job' : 'content',
        subjectId: e.targetType === 'job' ? e.targetId : itemId!,
        sourceId: e.targetType === 'comment' ? e.targetId : null,
        actorId: null,
        excerpt: note,
        refunded: null,
        action: e.targetType === 'comment' ? 'comment-hidden' : 'hidden',
      });
    }
  }
  for (const reporterId of new Set(e.reporterIds)) {
    if (reporterId === e.ownerId) continue;
    drafts.push({
      userId: reporterId,
      kind: 'moderation',
      groupKey: `moderation:report:${e.targetType}:${e.targetId}`,
      subjectType: 'report',
      subjectId: e.targetId,
      sourceId: null,
      actorId: null,
      excerpt: null,
      refunded: null,
      action: `report-${e.action}`,
    });
  }
  return { drafts, withdrawnFrom: [] };
}

const people = (rows: { userId: string }[]) => [...new Set(rows.map((r) => r.userId))];

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
      return onModeration(deps, e);
    case 'unlike':
      return { drafts: [], withdrawnFrom: people(await withdrawActor(deps.db, 'like', e.contentId, e.actorId)) };
    case 'unfollow':
      return { drafts: [], withdrawnFrom: people(await withdrawActor(deps.db, 'follow', e.actorId, e.actorId)) };
    case 'comments-deleted':
      return { drafts: [], withdrawnFrom: people(await withdrawBySources(deps.db, e.commentIds)) };
  }
}
