import type { AccountDeletionStep } from '../../platform/account-deletion.js';

/**
 * user_activity_weeks follows the person's content through triggers (migrations/0025): a week
 * goes when its last item goes. What stays is the weeks of the public items the content step
 * keeps, which still count in the cohorts, as those items do.
 */
export const dashboardsDeletionStep: AccountDeletionStep = {
  module: 'dashboards',
  tables: ['user_activity_weeks'],
  keeps: 'the weeks in which the kept public items were made (retention cohorts), without anything else of the person',
  async deleteUser() {},
};
