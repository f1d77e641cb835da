import { adminContracts } from './admin.js';
import { authContracts } from './auth.js';
import { paymentsContracts, subscriptionContracts } from './billing.js';
import { categoriesContracts } from './categories.js';
import { collectionsContracts } from './collections.js';
import { contentContracts } from './content.js';
import { creditsContracts } from './credits.js';
import { dashboardsContracts } from './dashboards.js';
import { developersContracts } from './developers.js';
import { generationContracts } from './generation.js';
import { applicationsContracts, jobsContracts } from './jobs.js';
import { messagingContracts } from './messaging.js';
import { moderationContracts } from './moderation.js';
import { notificationsContracts } from './notifications.js';
import { plansContracts } from './plans.js';
import { contactContracts, healthContracts, metaContracts } from './platform.js';
import { usersContracts } from './users.js';

/**
 * Every call of the API, by area: the server registers each of them (a test checks that it serves
 * exactly these), and the web builds its requests from their endpoints.
 */
export const apiContracts = {
  jobs: jobsContracts,
  applications: applicationsContracts,
  developers: developersContracts,
  dashboards: dashboardsContracts,
  admin: adminContracts,
  messaging: messagingContracts,
  moderation: moderationContracts,
  notifications: notificationsContracts,
  credits: creditsContracts,
  payments: paymentsContracts,
  subscription: subscriptionContracts,
  plans: plansContracts,
  content: contentContracts,
  categories: categoriesContracts,
  collections: collectionsContracts,
  generation: generationContracts,
  auth: authContracts,
  users: usersContracts,
  contact: contactContracts,
  meta: metaContracts,
  health: healthContracts,
} as const;
