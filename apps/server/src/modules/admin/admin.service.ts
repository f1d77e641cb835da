import { makePagination, type AdminUserDetail, type AdminUsersQuery, type Role } from '@atelier/shared';
import { badRequest, notFound } from '../../platform/http/errors.js';
import { disconnectUser, type Realtime } from '../../platform/realtime/realtime.js';
import type { Query } from '../../platform/db/db.js';
import * as repo from './admin.repository.js';

const LEDGER_PREVIEW = 20;

export async function listUsers(db: Query, query: AdminUsersQuery) {
  const { rows, total } = await repo.searchUsers(db, query);
  return { data: rows, pagination: makePagination(query.page, query.pageSize, total) };
}

export async function userDetail(db: Query, id: string): Promise<AdminUserDetail> {
  const user = await repo.findUser(db, id);
  if (!user) throw notFound('User not found');
  const [counts, ledger] = await Promise.all([repo.userCounts(db, id), repo.recentLedger(db, id, LEDGER_PREVIEW)]);
  return { user, counts, ledger };
}

export async function changeRole(
  db: Query,
  input: { actorId: string; userId: string; role: Role },
  realtime: Pick<Realtime, 'io'>,
): Promise<AdminUserDetail> {
  // Demoting yourself could leave the site without an administrator, so it is refused outright.
  if (input.actorId === input.userId) throw badRequest('You cannot change your own role');
  const user = await repo.findUser(db, input.userId);
  if (!user) throw notFound('User not found');
  if (user.role !== input.role) {
    await repo.setRole(db, { actorId: input.actorId, userId: input.userId, from: user.role, to: input.role });
    // Sockets remember the role they connected with: close them, so they reconnect as who they are now.
    disconnectUser(realtime.io, input.userId);
  }
  return userDetail(db, input.userId);
}

export async function auditTrail(db: Query, page: number, pageSize: number) {
  const { rows, total } = await repo.auditTrail(db, page, pageSize);
  return { data: rows, pagination: makePagination(page, pageSize, total) };
}
