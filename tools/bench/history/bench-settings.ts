import { randomBytes } from 'node:crypto';

// What every part of the history bench shares: the broker it publishes to and the run's own name,
// which keeps its topics, fields, tables and MQTT session apart from any other run's.

/** The broker the service under bench and the publishers connect to. */
export const MQTT_URL = process.env.MQTT_URL ?? 'mqtt://127.0.0.1:1883';

/** This run's name, in every key, table and client id it makes. */
export const BENCH_RUN = randomBytes(3).toString('hex');
