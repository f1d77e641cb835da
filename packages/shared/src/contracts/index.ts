import { applicationsContracts, jobsContracts } from './jobs.js';

/**
 * Every call of the API, by area: the server registers each of them (a test checks that it serves
 * exactly these), and the web builds its requests from their endpoints.
 */
export const apiContracts = {
  jobs: jobsContracts,
  applications: applicationsContracts,
} as const;
