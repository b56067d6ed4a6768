/**
 * The part of `@eventcast/domain` a browser can load: types, topic names, value helpers, the
 * datastore's key and size rules, the nesting limit of a body, the domain errors, the change events' form, lengths of time and the bucket widths of `ranges`, none of the DTO classes, whose class-validator decorators need Node's build
 * settings and would weigh on the web app's first page. The web app's tsconfig and Vite config
 * resolve `@eventcast/domain` to this file, for its own code and for `@eventcast/block-model`'s, and
 * so does apps/web-e2e/tsconfig.playwright.json for the browser tests, since Playwright's Babel
 * transform cannot compile those decorators either.
 */
export * from './lib/block-values.util';
export * from './lib/block-id.util';
export * from './lib/block.type';
export * from './lib/bucket-width.util';
export * from './lib/controller-changes';
export * from './lib/controller-events';
export * from './lib/datastore-event.util';
export * from './lib/datastore.type';
export * from './lib/document-key.util';
export * from './lib/document-size.util';
export * from './lib/domain-errors';
export * from './lib/nesting-depth.util';
export * from './lib/service-id.util';
export * from './lib/time-units';
export * from './lib/topics';
