import type { ContentStatus, Role } from '@atelier/shared';
import type { AccountDeletionStep, AfterCommit } from './account-deletion.js';
import type { Db } from './db/db.js';

/** A content item as its deletion's transaction locked it, just before the row goes. */
export interface DeletedContent {
  id: string;
  userId: string;
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
  /** After a person's role changed. */
  roleChanged?(change: RoleChange): Promise<void> | void;
  /**
   * Inside the transaction that voids every credential an account had (it passed to whoever
   * proved control of its mailbox): what the module keeps that acts as the person stops working.
   */
  credentialsVoided?(tx: Db, userId: string, at: Date): Promise<void>;
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

export async function runRoleChanged(hooks: readonly ModuleHooks[], change: RoleChange): Promise<void> {
  for (const hook of hooks) await hook.roleChanged?.(change);
}

/** Runs every module's credentialsVoided inside `tx`, in order. */
export async function runCredentialsVoided(tx: Db, hooks: readonly ModuleHooks[], userId: string, at: Date): Promise<void> {
  for (const hook of hooks) await hook.credentialsVoided?.(tx, userId, at);
}
