export { usersRoutes } from './users.routes.js';
export { usersDeletionStep } from './users.deletion.js';
export { grantReferralBonus } from './referrals.service.js';
