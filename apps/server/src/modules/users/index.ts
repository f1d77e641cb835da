export { usersRoutes } from './users.routes.js';
export { profileItemsOwner } from './users.service.js';
export { insertFollow } from './users.repository.js';
export { usersDeletionStep } from './users.deletion.js';
export { grantReferralBonus } from './referrals.service.js';
export { assertNotBlocked, blockUser, listBlocked, unblockUser } from './users.blocks.js';
export { blockBetweenSql, inAnyBlockSql } from './users-relations.repository.js';
export { countIndexedProfiles, findProfilePreview, listIndexedProfiles } from './users-previews.repository.js';
export { privateProfileAs, privateProfileSql, shownPersonAs, shownPersonSql } from './users.visibility.js';
