export * from './lib/testing/recording-event-publisher';
