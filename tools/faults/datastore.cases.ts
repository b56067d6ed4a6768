import { brokerAwayCase } from './datastore/broker-away.case';
import { embeddedStoreKillCase } from './datastore/embedded-store-kill.case';
import { redisRestartCase } from './datastore/redis-restart.case';
import { FaultCase } from './fault-case';

/** The datastore's cases, in the order they run. */
export const DATASTORE_CASES: FaultCase[] = [
  redisRestartCase('SIGKILL', 'always'),
  redisRestartCase('SIGKILL', 'everysec'),
  redisRestartCase('SHUTDOWN', 'always'),
  redisRestartCase('SHUTDOWN', 'everysec'),
  embeddedStoreKillCase,
  brokerAwayCase,
];
