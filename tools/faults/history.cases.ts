import { resolve } from 'node:path';
import { composeQuestDbVersion } from '@eventcast/testing';
import { FaultCase } from './fault-case';
import { annotationsKillCase } from './history/annotations-kill.case';
import { historyBrokerRestartCase } from './history/broker-restart.case';
import { diskFullCase } from './history/disk-full.case';
import { embeddedDiskFullCase } from './history/embedded-disk-full.case';
import { historyKillCase } from './history/history-kill.case';
import { questDbOutageCase } from './history/questdb-outage.case';

/** The QuestDB version of the Compose deployment, which the history cases run against. */
const QUESTDB_VERSION = composeQuestDbVersion(resolve(__dirname, '../..'));

/** The history service's cases, in the order they run. */
export const HISTORY_CASES: FaultCase[] = [
  historyKillCase(),
  historyKillCase(QUESTDB_VERSION),
  annotationsKillCase(),
  annotationsKillCase(QUESTDB_VERSION),
  historyBrokerRestartCase,
  questDbOutageCase(QUESTDB_VERSION),
  diskFullCase(QUESTDB_VERSION),
  embeddedDiskFullCase,
];
