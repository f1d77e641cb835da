export * from './catalogue.js';
export * from './limits.js';
export * from './messages.js';
export * from './schemas/common.js';
export * from './schemas/auth.js';
