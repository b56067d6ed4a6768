export * from './flatten-history-event';
export * from './history-number';
