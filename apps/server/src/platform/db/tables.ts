/**
 * Every drizzle table, from one place: drizzle.config.ts and test/schema-drift.int.test.ts compare
 * these with what the migrations build. A new `*.schema.ts` file gets its line here.
 */
export * from './schema.js';
export * from '../../modules/auth/admin-audit.schema.js';
export * from '../../modules/applications/applications.schema.js';
export * from '../../modules/auth/auth.schema.js';
export * from '../../modules/billing/billing.schema.js';
export * from '../../modules/categories/categories.schema.js';
export * from '../../modules/collections/collections.schema.js';
export * from '../../modules/contact/contact.schema.js';
export * from '../../modules/content/content.schema.js';
export * from '../../modules/credits/credits.schema.js';
export * from '../../modules/dashboards/dashboards.schema.js';
export * from '../../modules/developers/developers.schema.js';
export * from '../../modules/generation/generation.schema.js';
export * from '../../modules/jobs/jobs.schema.js';
export * from '../../modules/messaging/messaging.schema.js';
export * from '../../modules/moderation/moderation.schema.js';
export * from '../../modules/notifications/notifications.schema.js';
export * from '../../modules/plans/plans.schema.js';
export * from '../../modules/users/users.schema.js';
