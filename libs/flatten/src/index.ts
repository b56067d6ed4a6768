export * from './lib/flatten-history-event';
export * from './lib/history-number';
