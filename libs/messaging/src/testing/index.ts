export * from './recording-event-publisher';
