import type { ModuleHooks } from '../platform/module-hooks.js';
import type { AppDeps } from '../platform/http/types.js';
import { applicationsDeletionStep, createResumeStore } from './applications/index.js';
import { authDeletionStep } from './auth/index.js';
import { billingDeletionStep, billingDeps } from './billing/index.js';
import { collectionsDeletionStep } from './collections/index.js';
import { contactDeletionStep } from './contact/index.js';
import { contentDeletionStep, moveContentOfCategory } from './content/index.js';
import { dashboardsDeletionStep } from './dashboards/index.js';
import { developersDeletionStep, revokeKeysOnCredentialsVoided } from './developers/index.js';
import { generationDeletionStep, refundUndelivered } from './generation/index.js';
import { jobsDeletionStep } from './jobs/index.js';
import { messagingDeletionStep, reconnectOnRoleChange } from './messaging/index.js';
import { moderationDeletionStep } from './moderation/index.js';
import { notificationsDeletionStep, notificationsHooks } from './notifications/index.js';
import { keptRecordsDeletionStep } from './records.deletion.js';
import { grantReferralBonus, usersDeletionStep } from './users/index.js';
import { grantSignupCredits } from './credits/index.js';

/**
 * THE list of what each module does when something of another module happens, in order (DESIGN.md
 * §11): an account is created, verified or deleted, a category is deleted, a content item is deleted, a role changes, someone does something
 * others may hear of (activity: a like, a comment, a follow...). buildApp hands it to
 * every module; the module where the event happens runs it.
 *
 * Account deletion: billing comes first (its subscription is cancelled at the provider before
 * anything is deleted); users last (the row is anonymised once nothing else needs it). A table
 * holding a user id that no step lists fails account-deletion.int.test.ts.
 */
export function moduleHooks(
  deps: Pick<AppDeps, 'database' | 'realtime' | 'clock' | 'config' | 'storage' | 'privateStorage' | 'queue' | 'webhooks'>,
): ModuleHooks[] {
  return [
    { module: 'billing', accountDeletion: billingDeletionStep(billingDeps(deps)) },
    { module: 'applications', accountDeletion: applicationsDeletionStep(createResumeStore(deps.privateStorage)) },
    { module: 'jobs', accountDeletion: jobsDeletionStep },
    { module: 'messaging', accountDeletion: messagingDeletionStep, roleChanged: reconnectOnRoleChange(deps.realtime) },
    { module: 'moderation', accountDeletion: moderationDeletionStep },
    { module: 'contact', accountDeletion: contactDeletionStep },
    { module: 'content', accountDeletion: contentDeletionStep(deps.storage), categoryDeleted: moveContentOfCategory },
    { module: 'dashboards', accountDeletion: dashboardsDeletionStep },
    { module: 'generation', accountDeletion: generationDeletionStep, contentDeleted: refundUndelivered(deps.realtime) },
    { module: 'notifications', accountDeletion: notificationsDeletionStep, ...notificationsHooks(deps) },
    { module: 'collections', accountDeletion: collectionsDeletionStep },
    { module: 'developers', accountDeletion: developersDeletionStep, credentialsVoided: revokeKeysOnCredentialsVoided },
    { module: 'credits, admin', accountDeletion: keptRecordsDeletionStep },
    {
      module: 'credits',
      accountCreated: async (tx, userId) => {
        await grantSignupCredits(tx, userId, deps.config.SIGNUP_CREDITS);
      },
    },
    { module: 'auth', accountDeletion: authDeletionStep },
    {
      module: 'users',
      accountDeletion: usersDeletionStep(deps.storage),
      accountVerified: async (userId) => {
        await grantReferralBonus(deps.database.db, userId);
      },
    },
  ];
}
