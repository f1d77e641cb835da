/**
 * The jobs table, for the applications' read-only joins (job title, owner). Listed first, so it
 * is evaluated before the rest of this face (faces import one another).
 */
export { jobs as jobsTable } from './jobs.schema.js';
export { jobsRoutes } from './jobs.routes.js';
export { jobsDeletionStep } from './jobs.deletion.js';
export { deleteJob, findJobRef, isAcceptingApplications, requireManageableJob, setJobHidden, type ApplicationsPort, type JobsDeps } from './jobs.service.js';
