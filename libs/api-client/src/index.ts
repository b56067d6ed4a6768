export * from './lib/automation.client';
export * from './lib/controller.client';
export * from './lib/datastore.client';
export * from './lib/datastore-call';
export * from './lib/history.client';
export * from './lib/generated/datastore-openapi.document';
export * from './lib/base-url.util';
