/**
 * The account table, for read-only joins in other modules (owner names, live-account checks);
 * writes go through the functions below, and foreign keys name it from auth.schema.ts. Listed
 * first: faces import one another, and other modules use this table at load time.
 */
export { users as usersTable } from './auth.schema.js';
/** The admin audit trail, for read-only joins (admin's trail); rows are written by `recordAdminAction`/`changeRole`. */
export { adminAudit as adminAuditTable } from './admin-audit.schema.js';
export { authRoutes } from './auth.routes.js';
export { makeAccountLimits, type AccountLimits } from './account-limits.js';
export { describeEnsureAdmin, ensureAdmin } from './admin-bootstrap.js';
export { runCreateAdmin } from './create-admin-cli.js';
export { authDeletionStep } from './auth.deletion.js';
export { findSupportAccount, supportAccountId, supportAccountIdAmong } from './support-account.repository.js';
export {
  findLiveSession,
  liveSessionRole,
  findUserByEmail,
  findUserById,
  insertUsersIfAbsent,
  isUsernameTaken,
  uniqueViolation,
  updateUser,
} from './auth.repository.js';
export { addToBalance, balanceSql, debitBalanceSql, lockUserBalance, readBalance, userExists } from './account-balance.repository.js';
export { consumeCode, prepareCode, storeCode } from './one-time-code.service.js';
export { verifyAgainstDummy } from './password-hashing.js';
export { recheckPassword } from './password.service.js';
export { toPublicUser, toUserSettings, type UserRow } from './public-user.js';
export { rateLimited } from './rate-limits.js';
export { notSuspendedSql } from './suspension.js';
export { setSuspension } from './suspension.repository.js';
export { accountCreatedAt, firstSignupAt, recentAccounts, referredCount, signupsByBucket } from './account-reads.repository.js';
export { changeRole, recordAdminAction } from './admin-audit.repository.js';
