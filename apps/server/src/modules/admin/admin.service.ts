import { makePagination, type AdminUserDetail, type AdminUsersQuery, type Role } from '@atelier/shared';
import { badRequest, notFound } from '../../platform/http/errors.js';
import { runRoleChanged, type ModuleHooks } from '../../platform/module-hooks.js';
import type { Database } from '../../platform/db/db.js';
import * as repo from './admin.repository.js';
import { changeRole as storeRoleChange } from '../auth/index.js';

const LEDGER_PREVIEW = 20;

export async function listUsers(db: Database, query: AdminUsersQuery) {
  const { rows, total } = await repo.searchUsers(db, query);
  return { data: rows, pagination: makePagination(query.page, query.pageSize, total) };
}

export async function userDetail(db: Database, id: string): Promise<AdminUserDetail> {
  const user = await repo.findUser(db, id);
  if (!user) throw notFound('User not found');
  const [counts, ledger] = await Promise.all([repo.userCounts(db, id), repo.recentLedger(db, id, LEDGER_PREVIEW)]);
  return { user, counts, ledger };
}

export async function changeRole(
  db: Database,
  input: { actorId: string; userId: string; role: Role },
  hooks: readonly ModuleHooks[],
): Promise<AdminUserDetail> {
  // Demoting yourself could leave the site without an administrator, so it is refused outright.
  if (input.actorId === input.userId) throw badRequest('You cannot change your own role');
  const user = await repo.findUser(db, input.userId);
  if (!user) throw notFound('User not found');
  if (user.role !== input.role) {
    await storeRoleChange(db.db, { actorId: input.actorId, userId: input.userId, from: user.role, to: input.role });
    // Other modules follow the new role (modules/hooks.ts): open sockets reconnect as who the person is now.
    await runRoleChanged(hooks, { userId: input.userId, from: user.role, to: input.role });
  }
  return userDetail(db, input.userId);
}

export async function auditTrail(db: Database, page: number, pageSize: number) {
  const { rows, total } = await repo.auditTrail(db, page, pageSize);
  return { data: rows, pagination: makePagination(page, pageSize, total) };
}
