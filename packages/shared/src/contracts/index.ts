import { applicationsContracts, jobsContracts } from './jobs.js';
import { contentContracts } from './content.js';
import { categoriesContracts } from './categories.js';
import { collectionsContracts } from './collections.js';
import { generationContracts } from './generation.js';

/**
 * Every call of the API, by area: the server registers each of them (a test checks that it serves
 * exactly these), and the web builds its requests from their endpoints.
 */
export const apiContracts = {
  jobs: jobsContracts,
  applications: applicationsContracts,
  content: contentContracts,
  categories: categoriesContracts,
  collections: collectionsContracts,
  generation: generationContracts,
} as const;
