export * from './lib/automation.types';
export * from './lib/automation-context';
export * from './lib/field-units';
export * from './lib/incident-event';
export * from './lib/iso-time';
export * from './lib/profile-problems';
export * from './lib/rule-problems';
export type {
  Observation,
  ObservedBlock,
  TriggerChange,
  TriggerInterest,
  TriggerWatch,
} from './lib/triggers/trigger-watch.type';
export { interestOf, watchTrigger } from './lib/triggers/watch-trigger';
export { cronProblem, nextCronMs, DEFAULT_TIME_ZONE } from './lib/triggers/cron-schedule';
export { previewTrigger, type PreviewIncident } from './lib/triggers/preview-trigger';
export * from './lib/profile-plan';
export * from './lib/profile-listing';
export { durationText } from './lib/triggers/trigger-text';
