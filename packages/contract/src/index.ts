export * from './common.js';
export * from './endpoint.js';
export * from './envelope.js';
export * from './errors.js';
export * from './endpoints/health.js';
export * from './endpoints/auth.js';
export * from './endpoints/permissions.js';
export * from './menus/index.js';
