export { applicationsRoutes } from './applications.routes.js';
export { applicationsDepsFrom } from './applications.deps.js';
export { applicationsPort } from './applications.service.js';
export { applicationsDeletionStep } from './applications.deletion.js';
export { createResumeStore } from './resume-storage.js';
export { findApplication as findApplicationRefs } from './applications.repository.js';
