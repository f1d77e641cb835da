import { authContracts } from './auth.js';
import { applicationsContracts, jobsContracts } from './jobs.js';
import { contactContracts, healthContracts, metaContracts } from './platform.js';
import { usersContracts } from './users.js';

/**
 * Every call of the API, by area: the server registers each of them (a test checks that it serves
 * exactly these), and the web builds its requests from their endpoints.
 */
export const apiContracts = {
  jobs: jobsContracts,
  applications: applicationsContracts,
  auth: authContracts,
  users: usersContracts,
  contact: contactContracts,
  meta: metaContracts,
  health: healthContracts,
} as const;
