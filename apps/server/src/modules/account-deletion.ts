import type { AccountDeletionStep } from '../platform/account-deletion.js';
import type { ModuleContext } from '../platform/http/types.js';
import { applicationsDeletionStep } from './applications/applications.deletion.js';
import { createResumeStore } from './applications/resume-storage.js';
import { authDeletionStep } from './auth/auth.deletion.js';
import { billingDeletionStep } from './billing/billing.deletion.js';
import { billingDeps } from './billing/billing.deps.js';
import { collectionsDeletionStep } from './collections/collections.deletion.js';
import { contentDeletionStep } from './content/content.deletion.js';
import { developersDeletionStep } from './developers/index.js';
import { jobsDeletionStep } from './jobs/jobs.deletion.js';
import { messagingDeletionStep } from './messaging/messaging.deletion.js';
import { keptRecordsDeletionStep } from './records.deletion.js';
import { usersDeletionStep } from './users/users.deletion.js';

/**
 * THE list of what deleting an account does, module by module, in order (DESIGN.md §11). Billing
 * comes first (its subscription is cancelled at the provider before anything is deleted); users
 * last (the row is anonymised once nothing else needs it). A table holding a user id that no step
 * lists fails account-deletion.int.test.ts.
 */
export function accountDeletionSteps(
  ctx: Pick<ModuleContext, 'database' | 'realtime' | 'clock' | 'config' | 'storage' | 'privateStorage' | 'queue'>,
): AccountDeletionStep[] {
  return [
    billingDeletionStep(billingDeps(ctx)),
    applicationsDeletionStep(createResumeStore(ctx.privateStorage)),
    jobsDeletionStep,
    messagingDeletionStep,
    contentDeletionStep(ctx.storage),
    collectionsDeletionStep,
    developersDeletionStep,
    keptRecordsDeletionStep,
    authDeletionStep,
    usersDeletionStep(ctx.storage),
  ];
}
