export { usersRoutes } from './users.routes.js';
export { profileItemsOwner, type PersonTotals } from './users.service.js';
export { insertFollow } from './users.repository.js';
export { usersDeletionStep } from './users.deletion.js';
export { grantReferralBonus } from './referrals.service.js';
export { assertNotBlocked, blockBetweenSql, blockUser, inAnyBlockSql, isBlockedBetween, listBlocked, unblockUser } from './users.blocks.js';
