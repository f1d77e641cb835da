/**
 * The follow and block tables, for read-only joins in other modules' statements (a feed of the
 * people one follows, a block test inside a list); writes go through the functions below.
 */
export { follows as followsTable, userBlocks as userBlocksTable } from './users.schema.js';
export { usersRoutes } from './users.routes.js';
export { profileItemsOwner } from './users.service.js';
export { followCounts, insertFollow, newFollowersByBucket } from './users.repository.js';
export { usersDeletionStep } from './users.deletion.js';
export { grantReferralBonus } from './referrals.service.js';
export { assertNotBlocked, blockUser, listBlocked, unblockUser } from './users.blocks.js';
export { blockBetweenSql, inAnyBlockSql } from './users-relations.repository.js';
export { countIndexedProfiles, findProfilePreview, listIndexedProfiles } from './users-previews.repository.js';
export { privateProfileAs, privateProfileSql, shownPersonAs, shownPersonSql } from './users.visibility.js';
