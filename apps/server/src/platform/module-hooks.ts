import type { ContentStatus, ReportAction, ReportTargetType, Role } from '@atelier/shared';
import type { AccountDeletionStep, AfterCommit } from './account-deletion.js';
import type { Db } from './db/db.js';

/** A content item as its deletion's transaction locked it, just before the row goes. */
export interface DeletedContent {
  id: string;
  userId: string;
  /** The request of several candidates it was made in, if any. */
  batchId: string | null;
  status: ContentStatus;
  charged: number;
  refunded: number;
}

/** A role an admin changed; told after it is stored. */
export interface RoleChange {
  userId: string;
  from: Role;
  to: Role;
}

/**
 * Something a person did that others may want to hear of (DESIGN.md §12 "Notifications"). The
 * module where it happens tells the list after its change is stored; a listener must only queue
 * work (one statement at most) and never fail or slow the request.
 */
export type ActivityEvent =
  | { type: 'comment'; actorId: string; contentId: string; commentId: string; parentId: string | null; body: string }
  | { type: 'comments-deleted'; contentId: string; commentIds: string[] }
  | { type: 'like'; actorId: string; contentId: string }
  | { type: 'unlike'; actorId: string; contentId: string }
  | { type: 'follow'; actorId: string; userId: string }
  | { type: 'unfollow'; actorId: string; userId: string }
  | { type: 'application'; actorId: string; applicationId: string; jobId: string }
  | { type: 'application-status'; applicationId: string; status: string }
  | { type: 'generation'; contentId: string; userId: string; outcome: 'completed' | 'failed'; refunded: number; reason?: string }
  /**
   * A moderator acted on reports about a target: its owner hears of a `hide`, the people whose
   * reports it closed hear that they were acted on. The moderator stays unnamed.
   */
  | {
      type: 'moderation';
      action: Exclude<ReportAction, 'dismiss'>;
      targetType: ReportTargetType;
      targetId: string;
      ownerId: string | null;
      reporterIds: string[];
      note: string | null;
    };

/**
 * What one module does when something owned by another happens (DESIGN.md §11): the emitting
 * module runs the one list (modules/hooks.ts) and never calls the others itself.
 */
export interface ModuleHooks {
  module: string;
  /** Its part of deleting an account. */
  accountDeletion?: AccountDeletionStep;
  /**
   * Inside the transaction that deletes a content item; may return work for after the commit
   * (telling someone), which must never undo the deletion when it fails.
   */
  contentDeleted?(tx: Db, item: DeletedContent): Promise<AfterCommit | void>;
  /**
   * Inside the transaction that creates an account (a sign-up, or a first sign-in with Google or
   * Facebook): what the module gives every new account (credits: the welcome grant).
   */
  accountCreated?(tx: Db, userId: string): Promise<void>;
  /** After a person verified their email; a failure is logged and never undoes the verification. */
  accountVerified?(userId: string): Promise<void>;
  /** After a person's role changed. */
  roleChanged?(change: RoleChange): Promise<void> | void;
  /**
   * Inside the transaction that voids every credential an account had (it passed to whoever
   * proved control of its mailbox): what the module keeps that acts as the person stops working.
   */
  credentialsVoided?(tx: Db, userId: string, at: Date): Promise<void>;
  /**
   * Inside the transaction that deletes a category: what the module files under it moves to `to`
   * (null: to no category).
   */
  categoryDeleted?(tx: Db, from: string, to: string | null): Promise<void>;
  /** After an activity others may hear of was stored (see ActivityEvent). */
  activity?(event: ActivityEvent): Promise<void> | void;
}

/** The account deletion steps of the list, in its order. */
export function accountDeletionSteps(hooks: readonly ModuleHooks[]): AccountDeletionStep[] {
  return hooks.flatMap((h) => (h.accountDeletion ? [h.accountDeletion] : []));
}

/** Runs every module's contentDeleted inside `tx`, in order; returns their after-commit work. */
export async function runContentDeleted(tx: Db, hooks: readonly ModuleHooks[], item: DeletedContent): Promise<AfterCommit[]> {
  const after: AfterCommit[] = [];
  for (const hook of hooks) {
    const run = await hook.contentDeleted?.(tx, item);
    if (run) after.push(run);
  }
  return after;
}

/** Runs every module's categoryDeleted inside `tx`, in order. */
export async function runCategoryDeleted(tx: Db, hooks: readonly ModuleHooks[], from: string, to: string | null): Promise<void> {
  for (const hook of hooks) await hook.categoryDeleted?.(tx, from, to);
}

/** Runs every module's accountCreated inside `tx`, in order. */
export async function runAccountCreated(tx: Db, hooks: readonly ModuleHooks[], userId: string): Promise<void> {
  for (const hook of hooks) await hook.accountCreated?.(tx, userId);
}

/** Runs every module's accountVerified; one that fails is logged and the next still runs. */
export async function runAccountVerified(
  hooks: readonly ModuleHooks[],
  userId: string,
  log?: { error(obj: object, msg?: string): void },
): Promise<void> {
  for (const hook of hooks) {
    if (!hook.accountVerified) continue;
    try {
      await hook.accountVerified(userId);
    } catch (err) {
      log?.error({ err, module: hook.module, userId }, 'accountVerified listener failed');
    }
  }
}

export async function runRoleChanged(hooks: readonly ModuleHooks[], change: RoleChange): Promise<void> {
  for (const hook of hooks) await hook.roleChanged?.(change);
}

/** Runs every module's credentialsVoided inside `tx`, in order. */
export async function runCredentialsVoided(tx: Db, hooks: readonly ModuleHooks[], userId: string, at: Date): Promise<void> {
  for (const hook of hooks) await hook.credentialsVoided?.(tx, userId, at);
}

/**
 * Tells every module of an activity, after its change is stored. A listener that fails is logged
 * and never fails the caller: the change has happened whatever its listeners do.
 */
export async function runActivity(
  hooks: readonly ModuleHooks[],
  event: ActivityEvent,
  log?: { error(obj: object, msg?: string): void },
): Promise<void> {
  for (const hook of hooks) {
    if (!hook.activity) continue;
    try {
      await hook.activity(event);
    } catch (err) {
      log?.error({ err, module: hook.module, activity: event.type }, 'activity listener failed');
    }
  }
}
