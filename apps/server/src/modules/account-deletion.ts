import type { AccountDeletionStep } from '../platform/account-deletion.js';
import type { ModuleContext } from '../platform/http/types.js';
import { applicationsDeletionStep, createResumeStore } from './applications/index.js';
import { authDeletionStep } from './auth/index.js';
import { billingDeletionStep, billingDeps } from './billing/index.js';
import { collectionsDeletionStep } from './collections/index.js';
import { contactDeletionStep } from './contact/index.js';
import { contentDeletionStep } from './content/index.js';
import { developersDeletionStep } from './developers/index.js';
import { jobsDeletionStep } from './jobs/index.js';
import { messagingDeletionStep } from './messaging/index.js';
import { keptRecordsDeletionStep } from './records.deletion.js';
import { usersDeletionStep } from './users/index.js';

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
    contactDeletionStep,
    contentDeletionStep(ctx.storage),
    collectionsDeletionStep,
    developersDeletionStep,
    keptRecordsDeletionStep,
    authDeletionStep,
    usersDeletionStep(ctx.storage),
  ];
}
