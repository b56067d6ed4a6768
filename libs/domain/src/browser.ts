/**
 * The part of `@eventcast/domain` a browser can load: types, topic names, value helpers, the
 * datastore's key and size rules, the domain errors, lengths of time and the bucket widths of `ranges`, none of the DTO classes, whose class-validator decorators need Node's build
 * settings and would weigh on the web app's first page. The web app's tsconfig and Vite config
 * resolve `@eventcast/domain` to this file, for its own code and for `@eventcast/block-model`'s.
 */
export * from './lib/block-values.util';
export * from './lib/block.type';
export * from './lib/bucket-width.util';
export * from './lib/controller-events';
export * from './lib/datastore-event.util';
export * from './lib/datastore.type';
export * from './lib/document-key.util';
export * from './lib/document-size.util';
export * from './lib/domain-errors';
export * from './lib/time-units';
export * from './lib/topics';
